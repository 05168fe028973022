import type { CoinSchemeSettings } from "@hcoins/coin-scheme/config";
import type { TableViews } from "@hcoins/server-kit/database";
import type { FastifyBaseLogger } from "fastify";
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
 * whose API the app also serves.
 */
export function createCoinServices(
  connection: CoinSchemeConnection,
  database: TableViews,
  members: MemberService,
  log: FastifyBaseLogger,
  now: () => number,
) {
  const client: CoinSchemeClient =
    "embedded" in connection
      ? new EmbeddedCoinScheme(database, connection.embedded, now)
      : new HttpCoinScheme(connection.external);
  const coinSchemeClient = measuredCoinScheme(client);
  return {
    coinScheme: client instanceof EmbeddedCoinScheme ? client.scheme : null,
    coinSchemeClient,
    coins: new CoinsService(coinSchemeClient, members, log),
  };
}
