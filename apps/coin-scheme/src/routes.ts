import { envelopeErrorHandler } from "@hcoins/server-kit/error-envelope";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ApiClient, authenticateApiKey } from "./api-keys.ts";
import { SCHEME_ENVELOPE, SchemeError, SchemeErrorCode } from "./errors.ts";
import { accountRoutes } from "./routes/accounts.ts";
import { campaignRoutes } from "./routes/campaigns.ts";
import { admitClient, COIN_SCHEME_PREFIX } from "./routes/fields.ts";
import { missionRoutes } from "./routes/missions.ts";
import { operatorActionRoutes } from "./routes/operator-actions.ts";
import { programmeRoutes } from "./routes/programme.ts";
import { referralRoutes } from "./routes/referrals.ts";
import { rewardRoutes } from "./routes/rewards.ts";
import { segmentRoutes } from "./routes/segments.ts";
import { tierRoutes } from "./routes/tiers.ts";
import { tillRoutes } from "./routes/till.ts";
import { tillKeyRoutes } from "./routes/till-keys.ts";
import type { CoinSchemeService } from "./service.ts";

export { COIN_SCHEME_PREFIX };

export const coinSchemeSecuritySchemes = {
  coinSchemeApiKey: {
    type: "apiKey" as const,
    in: "header" as const,
    name: "X-Api-Key",
    description:
      "One key per client (the member server, each till), from COIN_SCHEME_API_KEYS or, for a till, made by an operator (POST /till-keys: the console or `npm run admin -- till-key-add`). A till key (`client:key:till:STORE-A|STORE-B`, or one made by an operator) may only earn, refund and take vouchers at its stores and read the account behind a QR code it scanned; a revoked one is refused (4010). A key calling a route it may not call gets 4030 before its body is read. A till key's calls are counted per key: beyond COIN_LIMIT_TILL_REQUESTS_PER_MINUTE in a minute, 429 / 4299 with `limit` and `retry_after_seconds`.",
  },
};

export interface CoinSchemeRoutesOptions {
  scheme: CoinSchemeService;
  clients: readonly ApiClient[];
}

/**
 * The H Coins scheme's HTTP API, for the member server and operators (accounts, links,
 * adjustments, stores, settings, rewards, redemptions and vouchers, till keys: routes/accounts.ts,
 * routes/programme.ts, routes/rewards.ts, routes/till-keys.ts) and the tills (earning, refunds and vouchers at their
 * stores: routes/till.ts). Every call needs an `X-Api-Key`. Served by the
 * standalone scheme (`npm run coin-scheme`) and, when the scheme is embedded, by the
 * member server at the same paths.
 */
export const coinSchemeRoutes: FastifyPluginAsync<CoinSchemeRoutesOptions> = async (
  plugin,
  { scheme, clients },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  // Its own codes within its routes, so that the member server's handler and codes stay untouched when embedded.
  app.setErrorHandler(envelopeErrorHandler(SCHEME_ENVELOPE));

  app.addHook("onRequest", async (request) => {
    const header = request.headers["x-api-key"];
    const presented = typeof header === "string" ? header : undefined;
    // The configured keys first (no read), then the till keys operators made (one indexed read).
    const client =
      authenticateApiKey(clients, presented) ?? (presented ? await scheme.tillKeyClient(presented) : null);
    if (!client) throw new SchemeError(SchemeErrorCode.unauthenticated);
    // Counted before the route's access is checked: a till key's refused calls are calls too.
    await scheme.tillLimits.admitCall(client);
    admitClient(request, client);
  });

  accountRoutes(app, scheme);
  tillRoutes(app, scheme);
  programmeRoutes(app, scheme);
  rewardRoutes(app, scheme);
  tillKeyRoutes(app, scheme);
  campaignRoutes(app, scheme);
  operatorActionRoutes(app, scheme);
  tierRoutes(app, scheme);
  referralRoutes(app, scheme);
  segmentRoutes(app, scheme);
  missionRoutes(app, scheme);
};
