import formbody from "@fastify/formbody";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import type { DestinationStream } from "pino";
import { type Config, fastifyTrustProxy } from "../config.ts";
import { openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { loggingOptions } from "../logger.ts";
import { languagePlugin } from "../plugins/language.ts";
import { coinSchemeRoutes, coinSchemeSecuritySchemes } from "./routes.ts";
import { CoinSchemeService, type CoinSchemeSettings } from "./service.ts";
import type { CoinSchemeTables } from "./tables.ts";

export interface CoinSchemeAppOptions {
  config: Config;
  now?: () => number;
  logStream?: DestinationStream;
}

/** The scheme's settings from the configuration, for the standalone and the embedded scheme alike. */
export function coinSchemeSettings(config: Config): CoinSchemeSettings {
  return { birthdayMultiplier: config.COIN_BIRTHDAY_MULTIPLIER, configuredHolidays: config.COIN_HOLIDAYS };
}

/** The scheme's own service on a database handle's connection (its tables only). */
export function createCoinSchemeService(db: Kysely<unknown>, config: Config, now: () => number) {
  return new CoinSchemeService(db as unknown as Kysely<CoinSchemeTables>, coinSchemeSettings(config), now);
}

/**
 * The H Coins scheme as a server of its own (`npm run coin-scheme`): its API under
 * /coin-scheme/v1, /healthz, and its OpenAPI reference at /docs.
 */
export async function buildCoinSchemeApp({ config, now = Date.now, logStream }: CoinSchemeAppOptions) {
  const app: FastifyInstance = Fastify({
    ...loggingOptions(config, logStream),
    trustProxy: fastifyTrustProxy(config),
    bodyLimit: 16 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = openDatabase(config.DATABASE_URL);
  app.addHook("onClose", () => database.close());
  await migrateToLatest(database.db);
  const scheme = createCoinSchemeService(database.db as unknown as Kysely<unknown>, config, now);

  await app.register(languagePlugin);
  await app.register(formbody);
  await app.register(swagger, {
    openapi: {
      info: {
        title: "H Coins scheme API",
        version: "1.0.0",
        description: "Accounts, links, earning at the till, refunds, balances. See README.md (“H Coins”).",
      },
      components: { securitySchemes: coinSchemeSecuritySchemes },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/docs" });

  app.get("/healthz", { schema: { hide: true } }, async (_request, reply) => {
    try {
      await database.ping();
      return { code: 200, payload: { status: "ok" } };
    } catch {
      return reply.status(503).send({
        code: 503,
        error_code: 5030,
        error_message: "Service Unavailable",
        payload: { error_code: 5030, error_message: "Service Unavailable" },
      });
    }
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({
      code: 404,
      error_code: 4040,
      error_message: "Not Found",
      payload: { error_code: 4040, error_message: "Not Found" },
    }),
  );
  await app.register(coinSchemeRoutes, { scheme, clients: config.coinSchemeClients });
  return app;
}
