import type { TableViews } from "@hcoins/server-kit/database";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config.ts";
import type { MemberService } from "../members/service.ts";
import type { CoinSchemeClient } from "./coin-scheme-client.ts";
import { EmbeddedCoinScheme } from "./embedded-coin-scheme.ts";
import { HttpCoinScheme } from "./http-coin-scheme.ts";
import { CoinsService } from "./service.ts";

/**
 * The coin scheme the member server talks to: over HTTP when COIN_SCHEME_URL is set,
 * else embedded on the member server's database — then `coinScheme` is the scheme itself,
 * whose API the app also serves.
 */
export function createCoinServices(
  config: Config,
  database: TableViews,
  members: MemberService,
  log: FastifyBaseLogger,
  now: () => number,
) {
  const embedded = config.coinScheme
    ? new EmbeddedCoinScheme(database, config.coinScheme.settings, now)
    : null;
  const coinSchemeClient: CoinSchemeClient =
    embedded ??
    new HttpCoinScheme({
      url: config.COIN_SCHEME_URL as string,
      apiKey: config.COIN_SCHEME_API_KEY as string,
      timeoutMs: config.COIN_SCHEME_TIMEOUT_MS,
    });
  return {
    coinScheme: embedded?.scheme ?? null,
    coinSchemeClient,
    coins: new CoinsService(coinSchemeClient, members, log),
  };
}
