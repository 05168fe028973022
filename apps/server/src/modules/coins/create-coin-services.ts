import { SchemeErrorCode } from "@hcoins/coin-scheme/contract";
import type { CoinSchemeSettings } from "@hcoins/coin-scheme/embedded";
import {
  COUNT_TTL_SECONDS,
  logLowStock,
  type SchemeCounters,
  SchemeError,
} from "@hcoins/coin-scheme/embedded";
import type { TableViews } from "@hcoins/server-kit/database";
import type { FastifyBaseLogger } from "fastify";
import type { CounterFactory } from "../../counters.ts";
import { metrics } from "../../metrics.ts";
import type { MemberService } from "../members/service.ts";
import type { CoinSchemeClient } from "./coin-scheme-client.ts";
import { EmbeddedCoinScheme } from "./embedded-coin-scheme.ts";
import { HttpCoinScheme, type HttpCoinSchemeOptions } from "./http-coin-scheme.ts";
import { measuredCoinScheme } from "./measured-coin-scheme.ts";
import { CoinsService } from "./service.ts";

/** How to reach the scheme: embedded, with its settings, or external (COIN_SCHEME_URL), over HTTP. */
export type CoinSchemeConnection = { embedded: CoinSchemeSettings } | { external: HttpCoinSchemeOptions };

/**
 * The coin scheme the member server talks to: over HTTP when COIN_SCHEME_URL is set,
 * else embedded on the member server's database — then `coinScheme` is the scheme itself,
 * whose API the app also serves, its per-till counts in the member server's counters.
 */
export function createCoinServices(
  connection: CoinSchemeConnection,
  database: TableViews,
  members: MemberService,
  log: FastifyBaseLogger,
  now: () => number,
  counters: CounterFactory,
) {
  const client: CoinSchemeClient =
    "embedded" in connection
      ? new EmbeddedCoinScheme(database, connection.embedded, now, schemeCounters(counters), {
          // The scheme's warn line in this server's log, and the crossing counted in its metrics.
          lowStock(crossing) {
            logLowStock(log, crossing);
            metrics.rewardLowStock(crossing.cause);
          },
        })
      : new HttpCoinScheme(connection.external);
  const coinSchemeClient = measuredCoinScheme(client);
  return {
    coinScheme: client instanceof EmbeddedCoinScheme ? client.scheme : null,
    coinSchemeClient,
    coins: new CoinsService(coinSchemeClient, members, log),
  };
}

/**
 * The embedded scheme's per-till counts (apps/coin-scheme/src/scheme-counters.ts) in the member
 * server's counters: Redis with REDIS_URL, so that every instance sees one count. While Redis cannot
 * answer they count in this process: they blunt a till's floods and guesses, and failing closed
 * would stop every till of the programme with it. A refusal is counted in the metrics as
 * `coin-<limit>`.
 */
function schemeCounters(factory: CounterFactory): SchemeCounters {
  const counter = factory.counter("coin-scheme", Number.MAX_SAFE_INTEGER, COUNT_TTL_SECONDS, {
    inProcessWhileRedisDown: true,
  });
  // Inside the scheme's routes only its own errors answer in its envelope: a count that cannot be
  // made (Redis and the fallback both failing) is its 503, never the member server's error (a 500 there).
  const counted = async <T>(count: () => Promise<T>) => {
    try {
      return await count();
    } catch (error) {
      throw Object.assign(new SchemeError(SchemeErrorCode.serviceUnavailable), { cause: error });
    }
  };
  return {
    add: (key) => counted(async () => (await counter.consume(key)).consumed),
    read: (key) => counted(async () => (await counter.peek(key))?.consumed ?? 0),
    refused: (limit) => metrics.limitRefused(`coin-${limit}`),
  };
}
