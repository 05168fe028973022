import type { FastifyContextConfig, FastifyPluginAsync } from "fastify";

export interface HealthRoutesOptions {
  /** A round trip to the app's database. */
  ping: () => Promise<void>;
  /** The app's 5030 failure, answered while the ping fails. */
  unavailable: () => Error;
  /** Route config, e.g. the member server's `{ rateLimit: false }`. */
  config?: FastifyContextConfig;
}

/** GET /healthz: 200 once the server can serve, 503 (5030) while its database cannot be reached. */
export const healthRoutes: FastifyPluginAsync<HealthRoutesOptions> = async (
  app,
  { ping, unavailable, config = {} },
) => {
  app.get("/healthz", { schema: { hide: true }, config }, async () => {
    try {
      await ping();
    } catch (error) {
      throw Object.assign(unavailable(), { cause: error });
    }
    return { code: 200 as const, payload: { status: "ok" } };
  });
};
