import Fastify from "fastify";

/**
 * The yardstick of bench/api-throughput.ts: a bare Fastify answering JSON, in a process of its
 * own like the real server, so the two are measured under the same conditions in one run.
 */
const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
