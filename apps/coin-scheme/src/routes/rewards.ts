import { parseAmountCents } from "@hcoins/domain/earn-rules";
import { REWARD_KINDS, REWARD_LIMITS, REWARD_TEXT_MAX } from "@hcoins/domain/reward-rules";
import { z } from "zod";
import {
  balanceResponse,
  envelope,
  redemptionResponse,
  rewardResponse,
  rewardsResponse,
  voucherCancelResponse,
  voucherResponse,
  vouchersResponse,
} from "../api-schemas.ts";
import type { RewardFields } from "../rewards.ts";
import type { CoinSchemeService } from "../service.ts";
import {
  COIN_SCHEME_PREFIX,
  caller,
  hcoinsMemberNo,
  memberRef,
  ok,
  operatorName,
  reasonText,
  type SchemeApp,
  schemeRoute,
  storeCode,
} from "./fields.ts";

const FULL_SCOPE = "Needs a full-scope key (not a till's).";
/** The largest id an integer key holds (PostgreSQL's `serial`). */
const MAX_ID = 2_147_483_647;

const count = (rule: string, min: number, max: number) =>
  z
    .number({ error: (issue) => (issue.input == null ? "required" : rule) })
    .int(rule)
    .min(min, rule)
    .max(max, rule);
const text = (max: number, min = 0) =>
  z
    .string({ error: (issue) => (issue.input == null ? "required" : "invalid") })
    .trim()
    .min(min, "required")
    .max(max, "tooLong");
const localized = (max: number, min = 0) =>
  z.object({ en: text(max, min), tc: text(max, min), sc: text(max, min) });
/** ISO 8601 with a time zone, carried as unix ms; null = open. */
const instant = z
  .union([z.null(), z.iso.datetime({ offset: true, error: "dateTimeInvalid" })])
  .default(null)
  .transform((value) => (value === null ? null : Date.parse(value)));
/** HKD ("100.00" or 100), carried as cents; null for a product. */
const valueAmount = z
  .unknown()
  .transform((value, ctx) => {
    if (value === undefined || value === null) return null;
    const parsed = parseAmountCents(value);
    if ("rule" in parsed) {
      ctx.addIssue({ code: "custom", message: parsed.rule });
      return z.NEVER;
    }
    return parsed.cents;
  })
  .meta({
    type: ["string", "null"],
    example: "100.00",
    description: "HKD; an e-gift voucher's value, null for a product",
  });

const rewardFields = {
  kind: z.enum(REWARD_KINDS, { error: "kindInvalid" }),
  coins: count("coinsInvalid", 1, REWARD_LIMITS.coins),
  value_amount: valueAmount,
  store_codes: z.array(storeCode).max(REWARD_LIMITS.storeCodes, "tooMany").default([]),
  title: localized(REWARD_TEXT_MAX.title, 1),
  description: localized(REWARD_TEXT_MAX.description),
  terms: localized(REWARD_TEXT_MAX.terms),
  image_url: z.union([z.null(), z.string().max(REWARD_LIMITS.imageUrl, "tooLong")]).default(null),
  starts_at: instant,
  ends_at: instant,
  per_member_limit: z.union([z.null(), count("limitInvalid", 1, REWARD_LIMITS.stock)]).default(null),
  // nullable, not a union with null: a union's refusal names no rule ("invalid").
  low_stock_threshold: count("lowStockThresholdInvalid", 1, REWARD_LIMITS.stock).nullable().default(null),
  voucher_valid_days: count("validDaysInvalid", 1, REWARD_LIMITS.validDays),
  active: z.boolean({ error: "invalid" }).default(true),
  sort_order: count("sortOrderInvalid", -REWARD_LIMITS.sortOrder, REWARD_LIMITS.sortOrder).default(0),
  segment_id: count("segmentUnknown", 1, MAX_ID).nullable().default(null),
};
const rewardBody = z.object(rewardFields);
const newRewardBody = z.object({ ...rewardFields, stock: count("stockInvalid", 0, REWARD_LIMITS.stock) });

const fieldsOf = (body: z.infer<typeof rewardBody>, stock?: number): RewardFields => ({
  kind: body.kind,
  coins: body.coins,
  stock,
  valueCents: body.value_amount,
  storeCodes: body.store_codes,
  title: body.title,
  description: body.description,
  terms: body.terms,
  imageUrl: body.image_url,
  startsAt: body.starts_at,
  endsAt: body.ends_at,
  perMemberLimit: body.per_member_limit,
  lowStockThreshold: body.low_stock_threshold,
  voucherValidDays: body.voucher_valid_days,
  active: body.active,
  sortOrder: body.sort_order,
  segmentId: body.segment_id,
});

const rewardParams = z.object({
  id: z.coerce
    .number({ error: "rewardIdInvalid" })
    .int("rewardIdInvalid")
    .min(1, "rewardIdInvalid")
    .max(MAX_ID, "rewardIdInvalid"),
});
const voucherParams = z.object({ code: z.string().min(1, "required").max(40, "tooLong") });
const memberQuery = { member_ref: memberRef.optional() };
const REWARD_RULES =
  "`coins` (the price) 1-10,000,000; an `evoucher` has a `value_amount` (HKD), a `product` none (null); `store_codes` must be registered stores (6014), [] = every store; `title` is required in en, tc and sc; `image_url` https or a site path (/…); `ends_at` after `starts_at` (ISO 8601, null = open); `per_member_limit` null = none; `low_stock_threshold` 1-1,000,000 units, null = no low-stock alert (a redemption that takes the stock to or below it logs a warning once; an operator's restock above it re-arms it); `voucher_valid_days` 1-3650; `segment_id` a segment's id (4000 `segmentUnknown` for none), null = everyone's.";

/** The catalogue, redemptions and vouchers: the member server's and operators' calls. */
export function rewardRoutes(app: SchemeApp, scheme: CoinSchemeService) {
  app.get(
    `${COIN_SCHEME_PREFIX}/rewards`,
    schemeRoute("all", {
      summary: "The rewards catalogue, in its order",
      description: `\`active_only=true\`: only what a member may redeem now (active, inside its window). With \`member_ref\`, each reward's \`redeemed_by_member\` counts the vouchers of it that member holds (not cancelled), and a segment's rewards are listed only when the account is in that segment. ${FULL_SCOPE}`,
      querystring: z.object({
        active_only: z
          .enum(["true", "false"], { error: "invalid" })
          .default("false")
          .transform((value) => value === "true"),
        ...memberQuery,
      }),
      response: { 200: envelope(rewardsResponse) },
    }),
    async (request) => {
      return ok(
        await scheme.rewards({ activeOnly: request.query.active_only, memberRef: request.query.member_ref }),
      );
    },
  );

  app.get(
    `${COIN_SCHEME_PREFIX}/rewards/:id`,
    schemeRoute("all", {
      summary: "One reward, active or not",
      description: `6020 when there is none, or, with \`member_ref\`, when it is a segment's and the account is not in it. With \`member_ref\`, \`redeemed_by_member\` as in the list. ${FULL_SCOPE}`,
      params: rewardParams,
      querystring: z.object(memberQuery),
      response: { 200: envelope(rewardResponse) },
    }),
    async (request) => {
      return ok(await scheme.reward(request.params.id, request.query.member_ref));
    },
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/rewards`,
    schemeRoute("all", {
      summary: "Add a reward to the catalogue, with its first stock",
      description: `${REWARD_RULES} ${FULL_SCOPE}`,
      body: newRewardBody,
      response: { 200: envelope(rewardResponse) },
    }),
    async (request) => {
      return ok(await scheme.createReward(fieldsOf(request.body, request.body.stock)));
    },
  );

  app.put(
    `${COIN_SCHEME_PREFIX}/rewards/:id`,
    schemeRoute("all", {
      summary: "Replace a reward's fields (not its stock)",
      description: `Every field as on creation, without \`stock\` (POST /rewards/{id}/stock moves it). Vouchers already issued keep the value and stores they were issued with. ${REWARD_RULES} 6020 no such reward. ${FULL_SCOPE}`,
      params: rewardParams,
      body: rewardBody,
      response: { 200: envelope(rewardResponse) },
    }),
    async (request) => {
      return ok(await scheme.replaceReward(request.params.id, fieldsOf(request.body)));
    },
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/rewards/:id/stock`,
    schemeRoute("all", {
      summary: "Add or remove units of a reward's stock",
      description: `\`change\` is a whole number other than 0: positive adds units, negative removes them, in one conditional statement, so it never meets a redemption halfway; a change that would take the stock below zero is refused (4000 \`stockNegative\`) and changes nothing. 6020 no such reward. ${FULL_SCOPE}`,
      params: rewardParams,
      body: z.object({ change: count("stockChangeInvalid", -REWARD_LIMITS.stock, REWARD_LIMITS.stock) }),
      response: { 200: envelope(rewardResponse) },
    }),
    async (request) => {
      return ok(await scheme.changeStock(request.params.id, request.body.change));
    },
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/accounts/:hcoins_memberno/redemptions`,
    schemeRoute("all", {
      summary: "Redeem a reward: spend its coins and a unit of stock, issue a voucher",
      description: [
        "In one transaction under the account's lock: the coins are taken soonest-expiring first (a `redemption` entry naming the reward and the voucher), one unit of stock is taken by one conditional statement, and a voucher is issued, valid to the end of the Hong Kong day `voucher_valid_days` days after today. Either all of it happens or none: under a rush, the last units go to exactly as many members and the others are refused with 6022, their coins untouched.",
        "`idempotency_key` (1-100 characters, the client's) makes it happen once per account: sent again it answers the first redemption with `duplicate: true` (the voucher as it is now); the same key with another reward is refused (6009).",
        `6004 no such account; 6018 not enough coins (with \`balance\` and \`coins\`); 6032 the balance is below zero after a refund (with \`balance\`); 5030 busy (\`reason: "busy"\`, Retry-After: this instance's redemptions are all taken, try again); 6020 no such reward; 6021 inactive or outside its window; 6022 out of stock; 6023 the member holds \`per_member_limit\` vouchers of it already; 6053 a higher tier's reward; 6072 a segment's reward and the account is not in that segment. ${FULL_SCOPE}`,
      ].join("\n\n"),
      params: z.object({ hcoins_memberno: hcoinsMemberNo }),
      body: z.object({
        reward_id: count("rewardIdInvalid", 1, MAX_ID),
        idempotency_key: text(100, 1),
      }),
      response: { 200: envelope(redemptionResponse) },
    }),
    async (request) => {
      const client = caller(request);
      return ok(
        await scheme.redeem({
          hcoinsMemberNo: request.params.hcoins_memberno,
          rewardId: request.body.reward_id,
          key: request.body.idempotency_key,
          client: client.name,
        }),
      );
    },
  );

  app.get(
    `${COIN_SCHEME_PREFIX}/accounts/:hcoins_memberno/vouchers`,
    schemeRoute("all", {
      summary: "An account's vouchers, newest first",
      description: `Each with its status: \`issued\`, \`used\`, \`expired\` (issued and past \`valid_until\`) or \`cancelled\`. 6004 no such account. ${FULL_SCOPE}`,
      params: z.object({ hcoins_memberno: hcoinsMemberNo }),
      response: { 200: envelope(vouchersResponse) },
    }),
    async (request) => {
      return ok(await scheme.vouchers(request.params.hcoins_memberno));
    },
  );

  app.get(
    `${COIN_SCHEME_PREFIX}/accounts/:hcoins_memberno/balance`,
    schemeRoute("all", {
      summary: "An account's balance and the coins that expire soonest",
      description: `\`expiring\`: the unspent coins that expire, summed by expiry time, soonest first, at most 5 dates; \`as_of\` when the scheme answered. 6004 no such account. ${FULL_SCOPE}`,
      params: z.object({ hcoins_memberno: hcoinsMemberNo }),
      response: { 200: envelope(balanceResponse) },
    }),
    async (request) => {
      return ok(await scheme.balance(request.params.hcoins_memberno));
    },
  );

  app.get(
    `${COIN_SCHEME_PREFIX}/vouchers/:code`,
    schemeRoute("all", {
      summary: "A voucher by its code",
      description: `The code as printed or typed: case, spaces and hyphens do not matter, O reads as 0 and I or L as 1. 6024 no such voucher. ${FULL_SCOPE} A till checks a voucher with POST /till/vouchers/check.`,
      params: voucherParams,
      response: { 200: envelope(voucherResponse) },
    }),
    async (request) => {
      return ok(await scheme.voucher(request.params.code));
    },
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/vouchers/:code/cancel`,
    schemeRoute("all", {
      summary: "An operator's cancellation of a voucher: its coins and its unit of stock come back",
      description: `For an issued or expired voucher: in one transaction it becomes \`cancelled\`, its coins are credited back (a \`cancellation\` entry: new coins, expiring under the policy in force) and one unit goes back in stock. \`operator\` names the person who decided it and \`reason\` why. 6024 no such voucher; 6025 used (with \`used_at\` and \`used_store_code\`); 6027 cancelled already (so a second cancel changes nothing). ${FULL_SCOPE}`,
      params: voucherParams,
      body: z.object({ operator: operatorName, reason: reasonText }),
      response: { 200: envelope(voucherCancelResponse) },
    }),
    async (request) => {
      const client = caller(request);
      return ok(
        await scheme.cancelVoucher({
          code: request.params.code,
          operator: request.body.operator,
          reason: request.body.reason,
          client: client.name,
        }),
      );
    },
  );
}
