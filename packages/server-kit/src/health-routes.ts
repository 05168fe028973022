import type { FastifyContextConfig, FastifyPluginAsync } from "fastify";

/** A round trip to something the app needs; rejects while it cannot be reached. */
export type DependencyCheck = () => Promise<void>;

export interface HealthRoutesOptions {
  /** A round trip to the app's database. */
  ping: DependencyCheck;
  /**
   * What /readyz checks, by name: the database and whatever else the app needs to serve every
   * call (the member server's Redis). The database alone by default.
   */
  dependencies?: Record<string, DependencyCheck>;
  /** The app's 5030 failure, answered while the ping fails; `details` go into its payload. */
  unavailable: (details?: Record<string, unknown>) => Error;
  /** Route config, e.g. the member server's `{ rateLimit: false }`. */
  config?: FastifyContextConfig;
}

/** A check that has not answered by then counts as down: a probe must answer within its own timeout. */
const CHECK_TIMEOUT_MS = 2_000;

/** Each dependency's state, checked at once. */
export async function checkDependencies(
  dependencies: Record<string, DependencyCheck>,
): Promise<Record<string, "up" | "down">> {
  const names = Object.keys(dependencies);
  const results = await Promise.allSettled(
    names.map((name) => {
      const check = dependencies[name] as DependencyCheck;
      return Promise.race([
        check(),
        new Promise<never>((_, fail) => {
          setTimeout(() => fail(new Error(`${name}: no answer`)), CHECK_TIMEOUT_MS).unref();
        }),
      ]);
    }),
  );
  return Object.fromEntries(
    names.map((name, i) => [name, results[i]?.status === "fulfilled" ? "up" : "down"]),
  );
}

/**
 * GET /healthz (liveness, the balancer's check): 200 once the server can serve, 503 (5030) while
 * its database cannot be reached; it checks nothing else, so an instance stays in rotation while a
 * dependency shared by every instance (Redis) is down and serves what does not need it.
 * GET /readyz (readiness, for monitoring): 200 with every dependency up, else 503 (5030) with
 * `status: "degraded"` and which dependency is down.
 */
export const healthRoutes: FastifyPluginAsync<HealthRoutesOptions> = async (
  app,
  { ping, dependencies = { database: ping }, unavailable, config = {} },
) => {
  app.get("/healthz", { schema: { hide: true }, config }, async () => {
    try {
      await ping();
    } catch (error) {
      throw Object.assign(unavailable(), { cause: error });
    }
    return { code: 200 as const, payload: { status: "ok" } };
  });

  app.get("/readyz", { schema: { hide: true }, config }, async () => {
    const states = await checkDependencies(dependencies);
    if (Object.values(states).includes("down")) {
      throw unavailable({ status: "degraded", dependencies: states });
    }
    return { code: 200 as const, payload: { status: "ok", dependencies: states } };
  });
};
