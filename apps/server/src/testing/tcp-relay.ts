import { connect, createServer, type Server, type Socket } from "node:net";

/**
 * A TCP relay on loopback to a local port (PostgreSQL, Redis) that a test can cut, refusing
 * new connections and dropping open ones as a network failure would, and restore on the
 * same port. Point the server at `port` instead of the real one.
 */
export interface TcpRelay {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
}

export async function startTcpRelay(targetPort: number, targetHost = "127.0.0.1"): Promise<TcpRelay> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const listen = (port: number) =>
    new Promise<number>((done, fail) => {
      const listening = createServer((client) => {
        const upstream = connect(targetPort, targetHost);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("error", () => {});
          socket.on("close", () => {
            sockets.delete(socket);
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      listening.once("error", fail);
      listening.listen(port, "127.0.0.1", () => {
        server = listening;
        const address = listening.address();
        done(typeof address === "object" && address ? address.port : port);
      });
    });
  const port = await listen(0);
  return {
    port,
    async cut() {
      const open = server;
      server = undefined;
      for (const socket of sockets) socket.destroy();
      if (open) await new Promise<void>((done) => open.close(() => done()));
    },
    async restore() {
      if (!server) await listen(port);
    },
  };
}
