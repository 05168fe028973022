import { z } from "zod";
import {
  envelope,
  REFERRAL_STATES,
  referralListResponse,
  referralResponse,
  referralSettingsResponse,
} from "../api-schemas.ts";
import type { CoinSchemeService } from "../service.ts";
import {
  amount,
  amountDoc,
  COIN_SCHEME_PREFIX,
  hcoinsMemberNo,
  memberRef,
  ok,
  operatorName,
  type SchemeApp,
  schemeRoute,
} from "./fields.ts";

const FULL_SCOPE = "Needs a full-scope key (not a till's).";

const rewardId = z
  .number({ error: "rewardIdInvalid" })
  .int("rewardIdInvalid")
  .min(1, "rewardIdInvalid")
  .max(2_147_483_647, "rewardIdInvalid");

/** A keyed hash the member server made (hex); the scheme never sees the number or the device id. */
const hash = z
  .string()
  .regex(/^[0-9a-f]{16,64}$/, "hashInvalid")
  .nullable();

/** Referrals: the operators' settings, the referrals the member server records, and their list. */
export function referralRoutes(app: SchemeApp, scheme: CoinSchemeService) {
  app.get(
    `${COIN_SCHEME_PREFIX}/referral-settings`,
    schemeRoute("all", {
      summary: "The referral settings: both rewards, the qualifying purchase's minimum, the cap per referrer",
      description: `\`settings\` is null until an operator sets them; no referral is rewarded until then. ${FULL_SCOPE}`,
      response: { 200: envelope(referralSettingsResponse) },
    }),
    async () => ok(await scheme.referralSettings()),
  );

  app.put(
    `${COIN_SCHEME_PREFIX}/referral-settings`,
    schemeRoute("all", {
      summary: "Set the referral settings",
      description: `\`referrer_reward_id\` and \`referred_reward_id\` are catalogue rewards (6060 names one that is not), each issued as a voucher at no coins when the new member's first purchase of at least \`min_net_amount\` HKD qualifies; \`cap_per_referrer\` (null: none) is how many referrals of one referrer are rewarded at most. \`active: false\` keeps recording referrals, pending, and rewards none. ${FULL_SCOPE}`,
      body: z.object({
        active: z.boolean({ error: "required" }),
        referrer_reward_id: rewardId,
        referred_reward_id: rewardId,
        min_net_amount: amount.meta(amountDoc),
        cap_per_referrer: z
          .number({ error: "capInvalid" })
          .int("capInvalid")
          .min(1, "capInvalid")
          .max(100_000, "capInvalid")
          .nullable(),
        operator: operatorName,
      }),
      response: { 200: envelope(referralSettingsResponse) },
    }),
    async (request) => {
      const { body } = request;
      return ok(
        await scheme.setReferralSettings(
          {
            active: body.active,
            referrerRewardId: body.referrer_reward_id,
            referredRewardId: body.referred_reward_id,
            minNetCents: body.min_net_amount,
            capPerReferrer: body.cap_per_referrer,
          },
          body.operator,
        ),
      );
    },
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/referrals`,
    schemeRoute("all", {
      summary: "Record a referral: the new member's linked account was referred by the referrer's",
      description: [
        "The member server sends it (its scheme outbox) once the referred member's account is linked. Once per referred account: sent again it answers the referral recorded; from another referrer, 6061. 6003 when no account is linked to `referred_member_ref`.",
        "Recorded `refused` at once when the referrer has no account (`referrer_no_account`), is the referred account (`same_account`), or when a pending or rewarded referral has the same `phone_hash` or `device_hash` (`same_number`, `same_device`): keyed hashes the member server makes, so the same person or device never earns twice. Otherwise `pending` until the first qualifying purchase.",
        FULL_SCOPE,
      ].join("\n\n"),
      body: z.object({
        referrer_member_ref: memberRef,
        referred_member_ref: memberRef,
        phone_hash: hash,
        device_hash: hash,
      }),
      response: { 200: envelope(referralResponse) },
    }),
    async (request) => {
      const { body } = request;
      const referral = await scheme.recordReferral({
        referrerMemberRef: body.referrer_member_ref,
        referredMemberRef: body.referred_member_ref,
        phoneHash: body.phone_hash,
        deviceHash: body.device_hash,
      });
      return ok({ referral });
    },
  );

  app.get(
    `${COIN_SCHEME_PREFIX}/referrals`,
    schemeRoute("all", {
      summary: "Referrals, newest first: referrer, referred, state, when decided, why refused",
      description: `\`hcoins_memberno\` keeps those the account made or was referred by; \`state\` one state. ${FULL_SCOPE}`,
      querystring: z.object({
        state: z.enum(REFERRAL_STATES).optional(),
        hcoins_memberno: hcoinsMemberNo.optional(),
        limit: z.coerce.number().int().min(1).max(200).default(50),
        offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
      }),
      response: { 200: envelope(referralListResponse) },
    }),
    async (request) => {
      const { state, hcoins_memberno, limit, offset } = request.query;
      return ok(await scheme.referrals({ state, hcoinsMemberNo: hcoins_memberno }, limit, offset));
    },
  );
}
