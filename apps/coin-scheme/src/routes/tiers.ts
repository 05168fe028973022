import { TIER_REVIEW_RULES, TIER_WINDOWS } from "@hcoins/domain/tier-rules";
import { z } from "zod";
import { envelope } from "../api-schemas.ts";
import type { CoinSchemeService } from "../service.ts";
import { accountTierResponse, tierLadderResponse, tierRequalifyResponse } from "../tier-schemas.ts";
import { MAX_TIERS } from "../tiers.ts";
import {
  amount,
  amountDoc,
  COIN_SCHEME_PREFIX,
  hcoinsMemberNo,
  multiplier,
  ok,
  operatorName,
  type SchemeApp,
  schemeRoute,
} from "./fields.ts";

const FULL_SCOPE = "Needs a full-scope key (not a till's).";

const tierCode = z
  .string({ error: "required" })
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, "tierCodeInvalid")
  .meta({ example: "gold", description: "a-z, 0-9 and hyphens, at most 32" });
const text = (max: number) => z.string({ error: "required" }).trim().max(max, "tooLong");
const localized = (max: number, min: number) =>
  z.object({
    en: text(max).min(min, "required"),
    tc: text(max).min(min, "required"),
    sc: text(max).min(min, "required"),
  });

const tierBody = z.object({
  code: tierCode,
  name: localized(100, 1),
  /** May be empty: a tier whose only benefit is its multiplier. */
  benefits: localized(2000, 0),
  qualifying_amount: amount.meta(amountDoc),
  multiplier,
  reward_id: z.number().int("invalid").min(1, "invalid").nullable().optional().default(null),
});

/** The tier ladder and its settings, an account's tier, an operator's setting of it, and the requalification run. */
export function tierRoutes(app: SchemeApp, scheme: CoinSchemeService) {
  app.get(
    `${COIN_SCHEME_PREFIX}/tiers`,
    schemeRoute("all", {
      summary: "The tier ladder (lowest threshold first), the qualification window and the review rule",
      response: { 200: envelope(tierLadderResponse) },
    }),
    async () => ok(await scheme.tierLadder()),
  );

  app.put(
    `${COIN_SCHEME_PREFIX}/tiers`,
    schemeRoute("all", {
      summary: "Replace the tier ladder and its window and review rule",
      description: `The whole ladder, at most ${MAX_TIERS} tiers in any order (they are kept lowest threshold first). Qualifying spend is purchases' net minus refunds in the \`window\`: \`rolling_12_months\` (the last 12 months) or \`calendar_year\` (from 1 January, Hong Kong time). A member reaching a tier's \`qualifying_amount\` is in it at once; a lower tier comes only at the \`review_rule\`'s date: \`anniversary\` (12 months after reaching the tier) or \`fixed_date\` (\`review_date\` MM-DD each year), and never below what the spend qualifies for. A tier's \`multiplier\` (1 to 10) earns base × (multiplier − 1) more per purchase. Refused: a repeated code or threshold (4000), a \`reward_id\` the catalogue lacks (6050), leaving out a tier members hold (6051). docs/coin-scheme.md "Tiers" has a worked example. ${FULL_SCOPE}`,
      body: z
        .object({
          window: z.enum(TIER_WINDOWS, "invalid"),
          review_rule: z.enum(TIER_REVIEW_RULES, "invalid"),
          review_date: z.string().optional().meta({ example: "01-01", description: "MM-DD, for fixed_date" }),
          tiers: z.array(tierBody).max(MAX_TIERS, "tooMany"),
          operator: operatorName,
        })
        .refine((body) => body.review_rule !== "fixed_date" || body.review_date !== undefined, {
          path: ["review_date"],
          message: "required",
        }),
      response: { 200: envelope(tierLadderResponse) },
    }),
    async (request) => {
      const { window, review_rule, review_date, tiers, operator } = request.body;
      const review =
        review_rule === "fixed_date"
          ? { rule: "fixed_date" as const, date: review_date as string }
          : { rule: "anniversary" as const };
      return ok(
        await scheme.setTierLadder(
          {
            rules: { window, review },
            tiers: tiers.map((tier) => ({
              code: tier.code,
              name: tier.name,
              benefits: tier.benefits,
              qualifyingCents: tier.qualifying_amount,
              multiplier: tier.multiplier,
              rewardId: tier.reward_id,
            })),
          },
          operator,
        ),
      );
    },
  );

  app.get(
    `${COIN_SCHEME_PREFIX}/accounts/:hcoins_memberno/tier`,
    schemeRoute("all", {
      summary:
        "An account's tier, its window's spend, the next tier and the spend it still needs, the review date and history",
      description: `\`tier\` null below every threshold (or with no ladder); \`next\` null at the top. \`history\` newest first, at most 50: each upgrade, downgrade, review kept and operator's setting. 6004 for no such account. ${FULL_SCOPE}`,
      params: z.object({ hcoins_memberno: hcoinsMemberNo }),
      response: { 200: envelope(accountTierResponse) },
    }),
    async (request) => ok(await scheme.accountTier(request.params.hcoins_memberno)),
  );

  app.put(
    `${COIN_SCHEME_PREFIX}/accounts/:hcoins_memberno/tier`,
    schemeRoute("all", {
      summary:
        "An operator puts an account in a tier (reason `set` in its history); its review counts from today",
      description: `6052 for a tier the ladder lacks, 6004 for no such account. The daily requalification may raise it later, and lowers it only at the review date. ${FULL_SCOPE}`,
      params: z.object({ hcoins_memberno: hcoinsMemberNo }),
      body: z.object({ tier_code: tierCode, operator: operatorName }),
      response: { 200: envelope(accountTierResponse) },
    }),
    async (request) =>
      ok(
        await scheme.setAccountTier(
          request.params.hcoins_memberno,
          request.body.tier_code,
          request.body.operator,
        ),
      ),
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/tiers/requalify`,
    schemeRoute("all", {
      summary:
        "Run the daily requalification now: upgrades anyone whose spend reaches a higher tier, reviews those due",
      description: `What the \`requalify-tiers\` job does each day at 00:40 Hong Kong time; running it again changes nothing twice. ${FULL_SCOPE}`,
      response: { 200: envelope(tierRequalifyResponse) },
    }),
    async () => ok(await scheme.requalifyTiers()),
  );
}
