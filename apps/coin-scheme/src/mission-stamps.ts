import { parseAmountCents } from "@hcoins/domain/earn-rules";
import {
  type MissionDefinition,
  type MissionStamp,
  missionDefinitionSchema,
  missionPeriodAt,
} from "@hcoins/domain/mission-rules";
import type { CoinSchemeRepository } from "./repository.ts";
import { isRedeemable } from "./rewards.ts";
import type { AccountRow, EntryRow, MissionRow } from "./tables.ts";
import { issueVoucher } from "./voucher-issue.ts";

/*
 * Missions at the till, inside the purchase's transaction under the account's lock (after the
 * referral hook): the purchase stamps the member's card of each live mission it qualifies for;
 * the stamp that reaches the goal takes one completion from the budget (one conditional UPDATE,
 * mission-repository.ts) and issues the reward as a voucher at no coins, as referrals do.
 */

/** What the scheme knows of a purchase when it stamps. */
export interface StampFacts {
  storeCode: string;
  /** The store's brand (migration 0013); null when the member server has not sent one. */
  brandCode: string | null;
  netCents: number;
}

export interface CompiledMission {
  id: number;
  definition: MissionDefinition;
  qualifies(facts: StampFacts): boolean;
}

/** A stored definition read back through its schema, so a row edited by hand cannot stamp oddly. */
export function parseMissionDefinition(json: string): MissionDefinition {
  return missionDefinitionSchema.parse(JSON.parse(json));
}

export function compileMission(id: number, definition: MissionDefinition): CompiledMission {
  const stores = new Set(definition.store_codes);
  const brands = new Set(definition.brand_codes);
  const parsed = definition.min_net_amount === null ? null : parseAmountCents(definition.min_net_amount);
  const least = parsed && "cents" in parsed ? parsed.cents : 0;
  const needsBrand = definition.kind === "distinct_brands" || brands.size > 0;
  return {
    id,
    definition,
    qualifies: (facts) =>
      (stores.size === 0 || stores.has(facts.storeCode)) &&
      (!needsBrand || (facts.brandCode !== null && (brands.size === 0 || brands.has(facts.brandCode)))) &&
      facts.netCents >= least,
  };
}

/** How long an instance keeps the active missions it read (ms of the scheme's clock). */
const LIVE_MISSIONS_TTL_MS = 1_000;

/**
 * The live missions at an instant, compiled once per version (as LiveCampaigns). Unlike
 * campaigns, the active missions are read at most once a second per instance and filtered by
 * schedule in memory, so that a purchase makes no query for missions while none is live (the usual
 * case). This instance's own changes (missions.ts) drop the copy at once; another instance's
 * activation or pause holds on this one within the second (a stamp given or missed for a second,
 * where a campaign's coins would not be).
 */
export class LiveMissions {
  private readonly compiled = new Map<number, { version: number; mission: CompiledMission }>();
  private active: { readAt: number; rows: MissionRow[] } | null = null;

  async at(repository: CoinSchemeRepository, at: number): Promise<CompiledMission[]> {
    if (this.active === null || at - this.active.readAt >= LIVE_MISSIONS_TTL_MS || at < this.active.readAt)
      this.active = { readAt: at, rows: await repository.missions.active(at) };
    return this.active.rows
      .filter((row) => row.starts_at <= at && row.ends_at > at)
      .map((row) => this.compile(row));
  }

  /** A mission of this instance changed: the next purchase reads them again. */
  forget(): void {
    this.active = null;
  }

  private compile(row: MissionRow): CompiledMission {
    const version = row.updated_at ?? row.created_at;
    const known = this.compiled.get(row.id);
    if (known && known.version === version) return known.mission;
    const mission = compileMission(row.id, parseMissionDefinition(row.definition));
    this.compiled.set(row.id, { version, mission });
    return mission;
  }
}

/**
 * Stamps the purchasing account's cards. A card completed in its period takes no more stamps
 * (once per member per period); a distinct_brands card counts a brand once however often it is
 * bought. At the goal: a completion from the budget, then the voucher; with the budget spent, or
 * the reward unavailable (not offered, out of stock, the member's limit reached), the card stays
 * full and not completed (a later purchase in the period tries again), and the purchase is never
 * refused for it. Only a reward that sells out between the check and the issue (a race) throws, as
 * with referrals: the transaction rolls back whole, and the till's retry finds it unavailable.
 */
export async function stampMissions(
  repository: CoinSchemeRepository,
  missions: CompiledMission[],
  locked: AccountRow,
  purchase: EntryRow,
  facts: StampFacts,
  at: number,
): Promise<MissionStamp[]> {
  const stamped: MissionStamp[] = [];
  for (const mission of missions) {
    if (!mission.qualifies(facts)) continue;
    const { definition } = mission;
    const period = missionPeriodAt(definition, at);
    const card =
      (await repository.missions.progress(locked.id, mission.id, period.key)) ??
      (await repository.missions.newProgress(locked.id, mission.id, period.key, at));
    if (card.completed_at !== null) continue;
    await repository.missions.addStamp(card.id, purchase.id, facts.brandCode);
    const stamps = await repository.missions.countStamps(card.id, definition.kind === "distinct_brands");
    const voucherCode =
      stamps >= definition.goal
        ? await complete(repository, mission, locked, purchase, period.key, at)
        : null;
    await repository.missions.setProgress(card.id, {
      stamps,
      updated_at: at,
      ...(voucherCode === null ? {} : { completed_at: at, voucher_code: voucherCode }),
    });
    stamped.push({
      mission_id: mission.id,
      name: definition.name,
      stamps,
      goal: definition.goal,
      completed: voucherCode !== null,
      voucher_code: voucherCode,
    });
  }
  return stamped;
}

/** A completion from the budget and the voucher, or null (budget spent, reward unavailable). */
async function complete(
  repository: CoinSchemeRepository,
  mission: CompiledMission,
  locked: AccountRow,
  purchase: EntryRow,
  periodKey: string,
  at: number,
): Promise<string | null> {
  const reward = await repository.rewards.reward(mission.definition.reward_id);
  if (!reward || !isRedeemable(reward, at) || reward.stock <= 0) return null;
  if (reward.per_member_limit !== null) {
    const held = (await repository.rewards.heldByAccount(locked.id, reward.id)).get(reward.id) ?? 0;
    if (held >= reward.per_member_limit) return null;
  }
  if (!(await repository.missions.takeCompletion(mission.id))) return null;
  const issued = await issueVoucher(
    repository,
    locked,
    reward,
    {
      key: `mission:${locked.id}:${mission.id}:${periodKey}`,
      actorType: "client",
      actor: "mission",
      client: purchase.client,
      reason: `mission ${mission.id} completed (${periodKey}) at the purchase ${purchase.id}`,
    },
    { coins: 0 },
    "mission",
    at,
  );
  return issued.voucher.code;
}

/**
 * A refund in full of a purchase takes its stamps back from the cards it stamped that are not
 * completed; a completed card keeps its completion and its voucher.
 */
export async function unstampRefundedPurchase(
  repository: CoinSchemeRepository,
  purchase: EntryRow,
  at: number,
): Promise<void> {
  const cards = await repository.missions.openCardsStampedBy(purchase.id);
  for (const card of cards) {
    await repository.missions.removeStamp(card.id, purchase.id);
    const kind = parseMissionDefinition(card.definition).kind;
    const stamps = await repository.missions.countStamps(card.id, kind === "distinct_brands");
    await repository.missions.setProgress(card.id, { stamps, updated_at: at });
  }
}
