import { z } from "zod";
import {
  campaignFigureFields,
  coinMovementFields,
  goodwillFields,
  rewardFigureFields,
  storeFigureFields,
} from "../coin-figures.ts";
import { isCalendarDate } from "../earn-rules.ts";
import type { ConsoleOperation } from "./console.ts";
import { okAnswer } from "./envelope.ts";

/*
 * The figures an operator watches (programme.edit or audit.read): per Hong Kong day, the member
 * server's counts and the coin scheme's movements. Same envelope as console.ts. A date range that
 * figures-range.ts refuses answers 4000 with `date`, `dateOrder` or `rangeTooLong`.
 */

const day = z.string().refine(isCalendarDate, { error: "date" });

const memberCounts = {
  registrations: z.number().int(),
  logins: z.number().int(),
  sms_sent: z.number().int(),
  sms_failed: z.number().int(),
};

const coinMovements = { ...coinMovementFields, ...goodwillFields };

export const consoleFiguresSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(z.object({ day: z.string(), ...memberCounts })),
  totals: z.object(memberCounts),
  /** Null when the coin scheme did not answer: the member server's figures still show. */
  coins: z
    .object({
      /** Each day's movements and what the accounts held at its end. */
      days: z.array(z.object({ day: z.string(), ...coinMovements, outstanding: z.number().int() })),
      totals: z.object(coinMovements),
      /** What every account holds now: the programme's liability. */
      outstanding: z.number().int(),
      accounts: z.number().int(),
    })
    .nullable(),
});
export type ConsoleFigures = z.output<typeof consoleFiguresSchema>;

export const BREAKDOWNS = ["store", "brand", "reward", "campaign"] as const;
/** The columns of a store or brand line, in the order the screen and the CSV show them. */
export const BREAKDOWN_MOVEMENTS = [
  "purchases",
  "earned",
  "refunded",
  "adjusted",
  "redeemed",
  "cancelled",
  "expired",
  "forfeited",
] as const;
/** The columns of a reward line, in the order the screen and the CSV show them. */
export const BREAKDOWN_REWARD_COLUMNS = [
  "redemptions",
  "redeemed",
  "cancellations",
  "cancelled",
  "goodwill_vouchers",
  "goodwill_coins",
] as const;
/** The columns of a campaign line (and the tier multiplier's), in the order the screen and the CSV show them. */
export const BREAKDOWN_CAMPAIGN_COLUMNS = ["coins", "members", "purchases"] as const;
export type Breakdown = (typeof BREAKDOWNS)[number];

export const consoleFiguresBreakdownSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Per store code the ledger names; `name`, `brand_code` and `brand_name` null for a code this server does not know. */
  stores: z.array(
    z.object({
      store_code: z.string(),
      name: z.string().nullable(),
      brand_code: z.string().nullable(),
      brand_name: z.string().nullable(),
      ...storeFigureFields,
    }),
  ),
  /** The stores summed per brand; `brand_code` null for the stores this server does not know. */
  brands: z.array(
    z.object({
      brand_code: z.string().nullable(),
      name: z.string().nullable(),
      stores: z.number().int(),
      ...storeFigureFields,
    }),
  ),
  /** The entries no store made (adjustments, expiries, forfeits, redemptions, cancellations). */
  no_store: z.object(storeFigureFields),
  /** Per reward redeemed or cancelled in the range; `name` null for a reward the scheme no longer lists. */
  rewards: z.array(
    z.object({
      reward_id: z.number().int(),
      name: z.string().nullable(),
      ...rewardFigureFields,
    }),
  ),
  /**
   * Per campaign whose lines fall in the range: the coins it issued net of the range's refunds, the
   * members and purchases it reached; `name` null for a campaign the scheme no longer lists; its
   * whole budget and what is left of it now (null without a budget), whatever the range.
   */
  campaigns: z.array(
    z.object({
      campaign_id: z.number().int(),
      name: z.string().nullable(),
      budget_coins: z.number().int().nullable(),
      budget_left: z.number().int().nullable(),
      ...campaignFigureFields,
    }),
  ),
  /** The tier lines (a tier's earn multiplier) of the range as one line. */
  tier_multiplier: z.object(campaignFigureFields),
});
export type ConsoleFiguresBreakdown = z.output<typeof consoleFiguresBreakdownSchema>;

export const consoleFigures = {
  /** From `from` to `to` (both included; default the last 30 days up to today in Hong Kong), at most 366 days. */
  show: {
    method: "GET",
    path: "/figures",
    access: { permission: ["programme.edit", "audit.read"] },
    summary:
      "Per Hong Kong day: registrations, logins, SMS sent and failed, and the coins earned, redeemed, expired and outstanding",
    description:
      "Needs programme.edit or audit.read. `from` and `to` are Hong Kong dates, both included (default the last 30 days up to today), at most 366 days: 4000 `date`, `dateOrder` or `rangeTooLong` otherwise. `coins` is null when the coin scheme did not answer; the rest still shows.",
    query: z.object({ from: day.optional(), to: day.optional() }),
    answer: okAnswer(consoleFiguresSchema),
  },
  /** The same days as CSV (text/csv, UTF-8 with a byte-order mark for Excel; no envelope). */
  exportCsv: {
    method: "GET",
    path: "/figures.csv",
    access: { permission: ["programme.edit", "audit.read"] },
    summary: "The figures' days as CSV (UTF-8 with a byte-order mark), then a total row",
    description:
      "Same range and 4000 rules as /figures. Columns: day,registrations,logins,sms_sent,sms_failed,earned,refunded,adjusted,redeemed,cancelled,expired,outstanding; the coin columns are empty when the coin scheme did not answer.",
    query: z.object({ from: day.optional(), to: day.optional() }),
    answer: z
      .string()
      .meta({ format: "binary", description: "text/csv; charset=utf-8, starting with U+FEFF" }),
  },
  /** The range's coins per store, brand, reward and campaign, names in the operator's language (`lang`, else Accept-Language). */
  breakdown: {
    method: "GET",
    path: "/figures/breakdown",
    access: { permission: ["programme.edit", "audit.read"] },
    summary:
      "The range's coins per store and per brand (entries without a store as one line), redemptions per reward, and the coins per campaign and of the tier multiplier",
    description:
      "Needs programme.edit or audit.read. Same range and 4000 rules as /figures. Each coin column summed over `stores` and `no_store` equals the days' total. `campaigns`: per campaign, its coins net of the range's refunds, the members and purchases it reached, its budget and what is left of it now; `tier_multiplier`: the tier lines' coins, members and purchases. Names in `lang` (en, tc, sc; default the Accept-Language). The coin scheme's unavailability answers as the other coin calls do.",
    query: z.object({
      from: day.optional(),
      to: day.optional(),
      lang: z.enum(["en", "tc", "sc"]).optional(),
    }),
    answer: okAnswer(consoleFiguresBreakdownSchema),
  },
  /** One breakdown as CSV (UTF-8 with a byte-order mark; headers in `lang`). */
  breakdownCsv: {
    method: "GET",
    path: "/figures/breakdown.csv",
    access: { permission: ["programme.edit", "audit.read"] },
    summary:
      "One breakdown (by store, brand, reward or campaign) as CSV (UTF-8 with a byte-order mark), then a total row",
    description:
      "Same range and 4000 rules as /figures; `by` is store, brand, reward or campaign (4000 `invalid` otherwise). Headers and names in `lang` (en, tc, sc; default the Accept-Language). The store and brand files end with the no-store line and a total row; the campaign file with the tier multiplier's line and a total row.",
    query: z.object({
      from: day.optional(),
      to: day.optional(),
      by: z.enum(BREAKDOWNS, { error: "invalid" }),
      lang: z.enum(["en", "tc", "sc"]).optional(),
    }),
    answer: z
      .string()
      .meta({ format: "binary", description: "text/csv; charset=utf-8, starting with U+FEFF" }),
  },
} as const satisfies Record<string, ConsoleOperation>;
