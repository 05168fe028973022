import compress from "@fastify/compress";
import formbody from "@fastify/formbody";
import { coinSchemeRoutes, coinSchemeSecuritySchemes, migrateCoinScheme } from "@hcoins/coin-scheme/embedded";
import { ErrorCode } from "@hcoins/domain/codes";
import { registerApiDocs } from "@hcoins/server-kit/api-docs";
import { createServer } from "@hcoins/server-kit/create-server";
import { openDatabase } from "@hcoins/server-kit/database";
import { healthRoutes } from "@hcoins/server-kit/health-routes";
import { trustProxyWarning } from "@hcoins/server-kit/trust-proxy";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import type { DestinationStream } from "pino";
import { apiDocsServed, type Config } from "./config.ts";
import { connectRedis, redisCheck } from "./counters.ts";
import { migrateMemberDatabase } from "./db/migrate.ts";
import { AppError, MEMBER_ENVELOPE } from "./errors.ts";
import { authRoutes } from "./modules/auth/routes.ts";
import { cmsRoutes } from "./modules/cms/routes.ts";
import { coinsRoutes } from "./modules/coins/routes.ts";
import { consoleApiRoutes } from "./modules/console-api/routes.ts";
import { consoleWebRoutes } from "./modules/console-web/routes.ts";
import { mediaRoutes } from "./modules/media/routes.ts";
import { memberCoinsRoutes } from "./modules/member-coins/routes.ts";
import { memberRoutes } from "./modules/members/routes.ts";
import { profileRoutes } from "./modules/profile/routes.ts";
import { referralRoutes } from "./modules/referrals/routes.ts";
import { registrationRoutes } from "./modules/registration/routes.ts";
import { devOutboxRoutes } from "./modules/sms/routes.ts";
import { storeRoutes } from "./modules/stores/routes.ts";
import { syncStoresToScheme } from "./modules/stores/scheme-sync.ts";
import { subscriptionRoutes } from "./modules/subscriptions/routes.ts";
import { webRoutes } from "./modules/web/routes.ts";
import { authHeaderPlugin } from "./plugins/auth-header.ts";
import { metricsEndpointPlugin } from "./plugins/metrics-endpoint.ts";
import { rateLimitPlugin } from "./plugins/rate-limit.ts";
import { securityHeadersPlugin } from "./plugins/security-headers.ts";
import { seedContent } from "./seed/content-seed.ts";
import { seedRewards } from "./seed/reward-seed.ts";
import { createServices, type Services } from "./services.ts";

export interface BuildOptions {
  config: Config;
  /** Clock in unix milliseconds; tests move it to expire codes and tokens. */
  now?: () => number;
  /** Where logs go (tests capture them); stdout by default. */
  logStream?: DestinationStream;
  /** Check every answer against its route's schema before it is written (the tests do). */
  checkAnswers?: boolean;
}

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
  }
}

/**
 * Compression where answers can be large: the page (index.html), images, CMS pages and store
 * lists, for clients that accept it; the web app's built assets arrive compressed from the build
 * (modules/web/routes.ts serves the .br / .gz files). Member calls answer a kilobyte or less,
 * under its threshold, so their scope goes without it and its two hooks on every request.
 * Request bodies are a few hundred bytes of form or JSON: none arrives compressed.
 */
const COMPRESSION = { encodings: ["br", "gzip"] as ("br" | "gzip")[], globalDecompression: false };

/** Builds the whole server: server.ts listens on it, tests call it with inject(). */
export async function buildApp({
  config,
  now = Date.now,
  logStream,
  checkAnswers = false,
}: BuildOptions): Promise<FastifyInstance> {
  const app = await createServer({
    logLevel: config.LOG_LEVEL,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 64 * 1024,
    timeouts: { requestMs: config.REQUEST_TIMEOUT_MS, keepAliveMs: config.KEEP_ALIVE_TIMEOUT_MS },
    envelope: MEMBER_ENVELOPE,
    logStream,
    checkAnswers,
  });
  const trustWarning =
    config.NODE_ENV === "production" ? trustProxyWarning(config.TRUST_PROXY, "TRUST_PROXY") : null;
  if (trustWarning) app.log.warn(trustWarning);

  const database = openDatabase(config.DATABASE_URL);
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true })
    : undefined;
  app.addHook("onClose", async () => {
    await database.close();
    redis?.disconnect();
  });
  await migrateMemberDatabase(database);
  // The embedded scheme keeps its tables beside the member server's, under its own migration record.
  if (config.coinScheme) await migrateCoinScheme(database, config.coinScheme.settings);
  if (redis) await connectRedis(redis, app.log);
  const services = createServices(config, database, redis, app.log, now);
  app.decorate("services", services);
  await seedContent(services, app.log);
  // The embedded scheme's registry is brought in step at every start; an external one by imports, the
  // CLI and `stores-sync` (a start must not wait on another service).
  if (services.coinScheme) await syncStoresToScheme(services, app.log);
  await seedRewards(services, app.log);

  await app.register(securityHeadersPlugin, {
    apiPrefixes: ["/crm/", "/custom-api/", "/console/api/", "/coin-scheme/"],
  });
  await app.register(formbody);
  await app.register(rateLimitPlugin, {
    perMinute: config.RATE_LIMIT_PER_MINUTE,
    redis,
    keyPrefix: config.REDIS_KEY_PREFIX,
    now,
  });
  // What /readyz and the metrics check: the database, and Redis when the counters live there.
  const dependencies = { database: database.ping, ...(redis ? { redis: redisCheck(redis) } : {}) };
  await app.register(metricsEndpointPlugin, {
    token: config.METRICS_TOKEN,
    dependencies,
    rewardStockLevels: () => services.programme.stockLevels(),
  });
  await registerApiDocs(app, {
    title: "H Coins members API",
    description:
      "The CRM API (/crm) and the custom API (/custom-api) of the members' web app. See README.md.",
    securitySchemes: {
      bearer: {
        type: "http",
        scheme: "bearer",
        description: "`Bearer <app_id>:<access token>` or `Bearer <app_id>:guest`",
      },
      ...coinSchemeSecuritySchemes,
      consoleSession: {
        type: "apiKey",
        in: "cookie",
        name: "__Host-hcoins-console",
        description:
          "The console's session cookie (hcoins-console on plain http to loopback); state-changing calls also send X-CSRF-Token",
      },
    },
    security: [{ bearer: [] }],
    serve: apiDocsServed(config),
  });

  await app.register(healthRoutes, {
    ping: database.ping,
    dependencies,
    unavailable: (details) => new AppError(ErrorCode.serviceUnavailable, details),
    config: { rateLimit: false },
  });
  await app.register(devOutboxRoutes, { services });
  // The embedded coin scheme serves its own API (X-Api-Key, not the bearer header) to the tills.
  if (services.coinScheme && config.coinScheme) {
    // Keys the entry point did not resolve (server.ts; tests set COIN_SCHEME_API_KEYS) open nothing.
    await app.register(coinSchemeRoutes, {
      scheme: services.coinScheme,
      clients: config.coinScheme.clients ?? [],
    });
  }
  await app.register(async (web) => {
    await web.register(compress, COMPRESSION);
    // Outside the API scope: <img src> cannot send an Authorization header, so it takes ?app_id=.
    await web.register(mediaRoutes, { services });
    await web.register(webRoutes, { config });
    // The operators' console: its own bundle and page, which member pages never load.
    await web.register(consoleWebRoutes, { config });
  });
  await app.register(consoleApiRoutes, { services });
  await app.register(async (api) => {
    // A body-less POST is validated as an empty object, so missing fields get their own rule names.
    api.addHook("preValidation", (request, _reply, done) => {
      if (request.method === "POST" && (request.body === undefined || request.body === null))
        request.body = {};
      done();
    });
    await api.register(authHeaderPlugin, {
      appIds: config.APP_IDS,
      memberFor: (token) => services.members.memberForAccessToken(token),
      linkTokenMember: (token) => services.subscriptions.memberFromLinkToken(token),
    });
    for (const routes of [
      registrationRoutes,
      memberRoutes,
      authRoutes,
      profileRoutes,
      subscriptionRoutes,
      coinsRoutes,
      memberCoinsRoutes,
      referralRoutes,
    ]) {
      await api.register(routes, { services });
    }
    await api.register(async (content) => {
      await content.register(compress, COMPRESSION);
      await content.register(cmsRoutes, { services });
      await content.register(storeRoutes, { services });
    });
  });
  return app;
}
