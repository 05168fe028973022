import { z } from "zod";
import { envelope, goodwillResponse, suspensionResponse } from "../api-schemas.ts";
import type { CoinSchemeService } from "../service.ts";
import {
  COIN_SCHEME_PREFIX,
  caller,
  hcoinsMemberNo,
  ok,
  operatorName,
  type SchemeApp,
  schemeRoute,
} from "./fields.ts";

const FULL_SCOPE = "Needs a full-scope key (not a till's).";

/** Operators' decisions the member server relays: an account's suspension, a goodwill voucher. */
export function operatorActionRoutes(app: SchemeApp, scheme: CoinSchemeService) {
  app.put(
    `${COIN_SCHEME_PREFIX}/accounts/:hcoins_memberno/suspension`,
    schemeRoute("all", {
      summary: "Suspend an account (its member was disabled) or resume it",
      description: `While suspended, a till may not look the account up (POST /till/account), earn on it (POST /purchases) nor check or use its vouchers: 6033. Refunds of its earlier purchases still go through: the money goes back to the customer and the coins it earned must follow it. Idempotent (\`changed: false\` when it already was so). 6004 no such account. ${FULL_SCOPE}`,
      params: z.object({ hcoins_memberno: hcoinsMemberNo }),
      body: z.object({ suspended: z.boolean({ error: "required" }), operator: operatorName }),
      response: { 200: envelope(suspensionResponse) },
    }),
    async (request) =>
      ok(
        await scheme.setSuspended(
          request.params.hcoins_memberno,
          request.body.suspended,
          request.body.operator,
        ),
      ),
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/accounts/:hcoins_memberno/goodwill-vouchers`,
    schemeRoute("all", {
      summary: "An operator's goodwill voucher: a reward given without spending coins",
      description: [
        "As a redemption but for its price: one unit of stock by one conditional statement, the reward's per-member limit under the account's lock, and a voucher like a redeemed one (`goodwill: true`, `coins: 0`). Its trace is a `redemption` entry of 0 coins by `operator`; `goodwill_coins` is the reward's price, which the figures count as the day's goodwill cost.",
        "`idempotency_key` makes it happen once per account: sent again it answers the first with `duplicate: true`; the same key with another reward is refused (6009).",
        `6004 no such account; 6033 the account is suspended; 6020 no such reward; 6021 inactive or outside its window; 6022 out of stock; 6023 the member holds \`per_member_limit\` vouchers of it already. ${FULL_SCOPE}`,
      ].join("\n\n"),
      params: z.object({ hcoins_memberno: hcoinsMemberNo }),
      body: z.object({
        reward_id: z
          .number({ error: "rewardIdInvalid" })
          .int("rewardIdInvalid")
          .min(1, "rewardIdInvalid")
          .max(2_147_483_647, "rewardIdInvalid"),
        operator: operatorName,
        idempotency_key: z.string({ error: "required" }).trim().min(1, "required").max(100, "tooLong"),
      }),
      response: { 200: envelope(goodwillResponse) },
    }),
    async (request) =>
      ok(
        await scheme.goodwillVoucher({
          hcoinsMemberNo: request.params.hcoins_memberno,
          rewardId: request.body.reward_id,
          operator: request.body.operator,
          key: request.body.idempotency_key,
          client: caller(request).name,
        }),
      ),
  );
}
