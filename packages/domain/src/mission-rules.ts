import { z } from "zod";
import { BRAND_CODE_PATTERN } from "./api/console-stores.ts";

/*
 * An e-stamp mission as data (issue 28, item 6): a purchase that qualifies earns a stamp; a member
 * who collects `goal` stamps in a period completes the mission, once per period, and is issued the
 * catalogue reward `reward_id` as a voucher at no coins (the voucher engine of the coin scheme).
 *
 *   distinct_brands: stamps = the distinct brands of the member's qualifying purchases in the period
 *                    ("buy at 5 different brands this month": goal 5)
 *   purchases:       one stamp per qualifying purchase ("3 coffees get 1": goal 3, brand_codes [coffee])
 *
 * A purchase qualifies when it is at one of `store_codes` (empty: any store), at a store of one of
 * `brand_codes` (empty: any brand; a distinct_brands mission counts only stores with a brand) and
 * its net amount is at least `min_net_amount` (null: any). `calendar_month` periods are Hong Kong
 * months within the schedule (progress starts again on the 1st); `schedule` is one period, the
 * whole schedule. `budget_completions` caps the completions of all members (null: none).
 */

export const MISSION_KINDS = ["distinct_brands", "purchases"] as const;
export type MissionKind = (typeof MISSION_KINDS)[number];
export const MISSION_PERIODS = ["calendar_month", "schedule"] as const;
export type MissionPeriod = (typeof MISSION_PERIODS)[number];

const hkd = z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, "amountFormat");
const name = z.string().trim().min(1, "required").max(100, "tooLong");
const description = z.string().trim().min(1, "required").max(300, "tooLong");

/** What an operator writes; the scheme adds its id, status, completions and who did what. */
export const missionDefinitionSchema = z.object({
  name: z.object({ en: name, tc: name, sc: name }),
  description: z.object({ en: description, tc: description, sc: description }),
  kind: z.enum(MISSION_KINDS),
  /** The stamps that complete it (2 to 50). */
  goal: z.number().int().min(2, "goalTooSmall").max(50, "goalTooLarge"),
  store_codes: z.array(z.string().min(1).max(32)).max(500, "tooMany"),
  brand_codes: z.array(z.string().regex(BRAND_CODE_PATTERN, "brandCode")).max(100, "tooMany"),
  min_net_amount: hkd.nullable(),
  period: z.enum(MISSION_PERIODS),
  /** ISO times; purchases stamp from `starts_at` until `ends_at` (exclusive). */
  starts_at: z.iso.datetime({ offset: true }),
  ends_at: z.iso.datetime({ offset: true }),
  /** The catalogue reward issued as a voucher, at no coins, on completion. */
  reward_id: z.number().int().positive(),
  /** Completions of all members at most; null = no budget. */
  budget_completions: z.number().int().min(1).max(10_000_000).nullable(),
});
export type MissionDefinition = z.output<typeof missionDefinitionSchema>;

/** As campaigns: draft → active (a second operator) → paused ↔ active → ended for ever. */
export const MISSION_STATUSES = ["draft", "active", "paused", "ended"] as const;
export type MissionStatus = (typeof MISSION_STATUSES)[number];

/** A mission as the coin scheme keeps it. */
export const missionViewSchema = missionDefinitionSchema.extend({
  id: z.number().int(),
  status: z.enum(MISSION_STATUSES),
  /** Members who completed it (against `budget_completions`). */
  completions: z.number().int(),
  created_by: z.string(),
  created_at: z.string(),
  updated_by: z.string().nullable(),
  updated_at: z.string().nullable(),
  activated_by: z.string().nullable(),
  approved_by: z.string().nullable(),
  activated_at: z.string().nullable(),
});
export type MissionView = z.output<typeof missionViewSchema>;

/** A live mission as a member sees it: what it asks and the member's stamps in the current period. */
export const memberMissionSchema = z.object({
  id: z.number().int(),
  name: z.object({ en: z.string(), tc: z.string(), sc: z.string() }),
  description: z.object({ en: z.string(), tc: z.string(), sc: z.string() }),
  kind: z.enum(MISSION_KINDS),
  goal: z.number().int(),
  stamps: z.number().int(),
  /** The period's key: a Hong Kong month (2025-07) or `schedule`. */
  period_key: z.string(),
  /** When the period (and the chance to complete it) ends: ISO. */
  period_ends_at: z.string(),
  completed_at: z.string().nullable(),
  /** The voucher issued on completion. */
  voucher_code: z.string().nullable(),
  reward_id: z.number().int(),
});
export type MemberMission = z.output<typeof memberMissionSchema>;

/** What a purchase did to a mission: a stamp, and perhaps its completion (with the voucher). */
export const missionStampSchema = z.object({
  mission_id: z.number().int(),
  name: z.object({ en: z.string(), tc: z.string(), sc: z.string() }),
  stamps: z.number().int(),
  goal: z.number().int(),
  completed: z.boolean(),
  voucher_code: z.string().nullable(),
});
export type MissionStamp = z.output<typeof missionStampSchema>;

const HONG_KONG_OFFSET_MS = 8 * 3_600_000;

/** The Hong Kong month of an instant as `YYYY-MM`. */
export function hongKongMonthKey(at: number): string {
  return new Date(at + HONG_KONG_OFFSET_MS).toISOString().slice(0, 7);
}

/** The instant the Hong Kong month of `at` ends (00:00 of the next month's 1st, HKT). */
export function hongKongMonthEnd(at: number): number {
  const local = new Date(at + HONG_KONG_OFFSET_MS);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) - HONG_KONG_OFFSET_MS;
}

/** The period a purchase at `at` stamps, and when it ends (never after the schedule). */
export function missionPeriodAt(
  definition: Pick<MissionDefinition, "period" | "ends_at">,
  at: number,
): { key: string; endsAt: number } {
  const endsAt = Date.parse(definition.ends_at);
  if (definition.period === "schedule") return { key: "schedule", endsAt };
  return { key: hongKongMonthKey(at), endsAt: Math.min(endsAt, hongKongMonthEnd(at)) };
}
