import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { createCoinSchemeService } from "../../coin-scheme/app.ts";
import type { CoinSchemeService } from "../../coin-scheme/service.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/schema.ts";
import type { MemberService } from "../members/service.ts";
import type { CoinSchemeClient } from "./coin-scheme-client.ts";
import { EmbeddedCoinScheme } from "./embedded-coin-scheme.ts";
import { HttpCoinScheme } from "./http-coin-scheme.ts";
import { CoinsService } from "./service.ts";

/**
 * The coin scheme the member server talks to: over HTTP when COIN_SCHEME_URL is set,
 * else embedded — then `coinScheme` is the scheme itself, whose API the app also serves.
 */
export function createCoinServices(
  config: Config,
  db: Kysely<Database>,
  members: MemberService,
  log: FastifyBaseLogger,
  now: () => number,
): { coinScheme: CoinSchemeService | null; coinSchemeClient: CoinSchemeClient; coins: CoinsService } {
  const coinScheme = config.COIN_SCHEME_URL
    ? null
    : createCoinSchemeService(db as unknown as Kysely<unknown>, config, now);
  const coinSchemeClient: CoinSchemeClient = coinScheme
    ? new EmbeddedCoinScheme(coinScheme)
    : new HttpCoinScheme({
        url: config.COIN_SCHEME_URL as string,
        apiKey: config.COIN_SCHEME_API_KEY as string,
        timeoutMs: config.COIN_SCHEME_TIMEOUT_MS,
      });
  return { coinScheme, coinSchemeClient, coins: new CoinsService(coinSchemeClient, members, log) };
}
