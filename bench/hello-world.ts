import { loggingOptions } from "@hcoins/server-kit/logger";
import Fastify from "fastify";

/**
 * The yardstick of bench/api-throughput.ts: a bare Fastify answering JSON, in a process of its
 * own like the real server, so the two are measured under the same conditions in one run.
 * With ACCESS_LOG=1 it writes the member server's access log (its logger options, a line per
 * request at `info`): the most any call that is logged can reach on the machine.
 */
const app = Fastify(
  process.env.ACCESS_LOG === "1" ? loggingOptions({ logLevel: "info" }) : { logger: false },
);
app.get("/", async () => ({ hello: "world" }));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
