import { ErrorCode } from "@hcoins/domain/codes";
import { checkDependencies, type DependencyCheck } from "@hcoins/server-kit/health-routes";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../errors.ts";
import { metrics } from "../metrics.ts";
import { safeEqual } from "../secrets.ts";

export interface MetricsEndpointOptions {
  /** METRICS_TOKEN: GET /metrics answers `Authorization: Bearer <token>` only; unset, it is not served. */
  token: string | undefined;
  /** What hcoins_dependency_up reports, checked at each scrape (the same checks as /readyz). */
  dependencies: Record<string, DependencyCheck>;
  /** What hcoins_rewards_by_stock_level reports, asked of the coin scheme at each scrape. */
  rewardStockLevels?: () => Promise<{ low: number; sold_out: number }>;
}

/**
 * Labels by route pattern (`/crm/media/:token`, `/*` for the web app's pages), never the raw url,
 * whose tokens and numbers would make a series per request; every static file is one `static`.
 */
const routeLabel = (request: FastifyRequest) =>
  request.routeOptions.config.staticFile ? "static" : (request.routeOptions.url ?? "unmatched");

/**
 * Every answered request counted and timed (metrics.ts), and GET /metrics in Prometheus' text
 * format for whoever holds METRICS_TOKEN. The metrics name routes, limits and dependencies, not
 * members; still, traffic figures are the operator's business, so without a token nothing is served.
 */
export const metricsEndpointPlugin = fp(async (app: FastifyInstance, options: MetricsEndpointOptions) => {
  app.addHook("onResponse", (request, reply, done) => {
    metrics.request(request.method, routeLabel(request), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  if (!options.token) return;
  const expected = `Bearer ${options.token}`;
  // Not rate-limited: a scraper every few seconds from one address must not eat into, or hit, the limit.
  app.get("/metrics", { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
    if (!safeEqual(request.headers.authorization ?? "", expected)) {
      throw new AppError(ErrorCode.unauthenticated);
    }
    const states = await checkDependencies(options.dependencies);
    for (const [name, state] of Object.entries(states)) metrics.dependency(name, state === "up");
    if (options.rewardStockLevels) {
      // A scheme that does not answer must not fail the scrape: the other metrics matter more then.
      metrics.rewardStockLevels(await options.rewardStockLevels().catch(() => null));
    }
    const { contentType, body } = await metrics.text();
    return reply.type(contentType).header("cache-control", "no-store").send(body);
  });
});
