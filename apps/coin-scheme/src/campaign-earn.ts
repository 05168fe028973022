import type { ProgrammeRule } from "@hcoins/domain/campaign-rules";
import type { EarnLine } from "@hcoins/domain/earn-lines";
import { type EarnResult, earnCoins } from "@hcoins/domain/earn-rules";
import {
  type AppliedRules,
  type CampaignBonus,
  type CompiledCampaign,
  campaignBonuses,
  compileCampaign,
  type PurchaseFacts,
  parseDefinition,
  programmeRulesFor,
} from "./campaign-engine.ts";
import type { CoinSchemeRepository } from "./repository.ts";
import type { CampaignRow, EntryRow } from "./tables.ts";
import type { TierFact } from "./tiers.ts";

/*
 * Campaigns at the till: the lines a purchase earns and a refund takes back, inside the
 * purchase's (or refund's) transaction after the account's lock; per-member caps are counted
 * there. Budgets are reserved before that transaction (BudgetReservation), because a budget is
 * one row every purchase of the campaign writes: taken inside, its lock would be held until the
 * purchase commits and every purchase of the campaign would queue behind it (bench/RESULTS.md).
 */

/** The campaign each programme rule's line came from; null for none (or a line written before the rules were campaigns). */
export type RuleCampaigns = Record<ProgrammeRule, number | null>;

export const ruleCampaignsOf = (rules: AppliedRules): RuleCampaigns => ({
  electronic: rules.electronic?.id ?? null,
  birthday: rules.birthday?.campaign.id ?? null,
  holiday: rules.holiday?.campaign.id ?? null,
});

/** The programme rules' campaigns a purchase's lines name: what its refunds' lines name too. */
export function ruleCampaignsIn(lines: readonly EarnLine[]): RuleCampaigns {
  const of = (kind: ProgrammeRule) => lines.find((line) => line.kind === kind)?.campaign_id ?? null;
  return { electronic: of("electronic"), birthday: of("birthday"), holiday: of("holiday") };
}

/** The lines of the programme rules: base, electronic extra, birthday, holiday (zero lines left out). */
export function ruleLines(
  earned: Omit<EarnResult, "baseCoins" | "coins">,
  campaigns: RuleCampaigns,
  sign = 1,
): EarnLine[] {
  const lines: EarnLine[] = [
    { kind: "base", coins: sign * earned.netCoins, campaign_id: null, name: null },
    {
      kind: "electronic",
      coins: sign * earned.electronicCoins,
      campaign_id: campaigns.electronic,
      name: null,
    },
    { kind: "birthday", coins: sign * earned.birthdayBonus, campaign_id: campaigns.birthday, name: null },
    { kind: "holiday", coins: sign * earned.holidayBonus, campaign_id: campaigns.holiday, name: null },
  ];
  return lines.filter((line) => line.coins !== 0);
}

/** The tier's line: floor(base × (multiplier − 1)), or none. */
export function tierLine(tier: TierFact | null, baseCoins: number): EarnLine[] {
  if (!tier || tier.multiplier <= 100) return [];
  const coins = Math.floor((baseCoins * (tier.multiplier - 100)) / 100);
  return coins > 0 ? [{ kind: "tier", coins, campaign_id: null, name: tier.name }] : [];
}

/**
 * The live campaigns at an instant, compiled once per version: the rows are read on every
 * purchase (a pause holds from the next one on every instance); only the parsing is kept.
 */
export class LiveCampaigns {
  private readonly compiled = new Map<number, { version: number; campaign: CompiledCampaign }>();

  async at(repository: CoinSchemeRepository, at: number): Promise<CompiledCampaign[]> {
    const rows = await repository.campaigns.live(at);
    return rows.map((row) => this.compile(row));
  }

  private compile(row: CampaignRow): CompiledCampaign {
    const version = row.updated_at ?? row.created_at;
    const known = this.compiled.get(row.id);
    if (known && known.version === version) return known.campaign;
    const campaign = compileCampaign(row.id, parseDefinition(row.definition));
    this.compiled.set(row.id, { version, campaign });
    return campaign;
  }
}

/** What the scheme knows of a purchase before it asks the database (campaign-engine.ts PurchaseFacts). */
export type KnownFacts = Omit<PurchaseFacts, "firstPurchase" | "segmentIds">;

/** What the live campaigns give a purchase: the programme rules, the coins they make, the promotions chosen. */
export interface PurchaseEarning {
  rules: AppliedRules;
  earned: EarnResult;
  /** By campaign id. */
  bonuses: CampaignBonus[];
  /** The promotions whose action is a reward and whose conditions the purchase meets (campaign-rewards.ts). */
  rewards: CompiledCampaign[];
}

/**
 * The campaigns' earning for a purchase: the programme rules first (the base and the birthday and
 * holiday bonuses on it, earn-rules.ts), then the promotions on that base. `firstPurchase` is
 * looked up only when a campaign asks, and the account's segments only when one names segments,
 * only those, in one query (both before the account's lock, for the budget reservation, and
 * under it, for the lines).
 */
export async function purchaseEarning(
  repository: CoinSchemeRepository,
  campaigns: CompiledCampaign[],
  accountId: number,
  known: KnownFacts,
): Promise<PurchaseEarning> {
  const firstPurchase = campaigns.some((campaign) => campaign.needsFirstPurchase)
    ? (await repository.purchasesSince(accountId, 0)).count === 0
    : false;
  const asked = [...new Set(campaigns.flatMap((campaign) => campaign.segmentIds))];
  const segmentIds = new Set(
    asked.length === 0 ? [] : await repository.segments.accountIn(accountId, asked, known.at),
  );
  const facts = { ...known, firstPurchase, segmentIds };
  const rules = programmeRulesFor(campaigns, facts);
  const earned = earnCoins({
    netCents: facts.netCents,
    electronicCents: facts.electronicCents,
    electronicExtra: rules.electronic !== null,
    birthdayMultiplier: rules.birthday?.hundredths ?? 100,
    holidayMultiplier: rules.holiday?.hundredths ?? 100,
  });
  const bonuses = campaignBonuses(campaigns, facts, earned.baseCoins).sort(
    (a, b) => a.campaign.id - b.campaign.id,
  );
  const rewards = campaigns.filter(
    (campaign) =>
      campaign.programmeRule === null && campaign.action.type === "reward" && campaign.matches(facts),
  );
  return { rules, earned, bonuses, rewards };
}

/**
 * The budget coins a purchase may pay, taken before its transaction (campaign-repository.ts
 * reserveBudget), from the choice the facts make before the account's lock. Inside, the
 * lines take no more than was reserved here; after, `release` gives back what the committed lines
 * did not use (all of it when the purchase failed). A process that dies in between leaves its
 * reservation spent: a budget may end a few coins short, never over.
 */
export class BudgetReservation {
  private constructor(private readonly reserved: Map<number, number>) {}

  /**
   * `facts` is asked for only when a live campaign has a budget, and with `withTier` true only when
   * a budgeted one or a programme rule names tiers: without the tier, a promotion that names tiers
   * does not match here, which can only make a budgeted campaign's reservation larger (the unused
   * part goes back); a programme rule that did not match would make the base, and so the
   * reservation, smaller.
   */
  static async make(
    repository: CoinSchemeRepository,
    campaigns: CompiledCampaign[],
    accountId: number,
    facts: (withTier: boolean) => Promise<KnownFacts>,
  ): Promise<BudgetReservation> {
    const reserved = new Map<number, number>();
    const budgeted = campaigns.filter((campaign) => campaign.budgetCoins !== null);
    if (budgeted.length === 0) return new BudgetReservation(reserved);
    const known = await facts(
      campaigns.some(
        (campaign) =>
          campaign.needsTier && (campaign.budgetCoins !== null || campaign.programmeRule !== null),
      ),
    );
    const { bonuses } = await purchaseEarning(repository, campaigns, accountId, known);
    for (const { campaign, coins } of bonuses) {
      if (campaign.budgetCoins === null || coins <= 0) continue;
      const taken = await repository.campaigns.reserveBudget(campaign.id, coins);
      if (taken > 0) reserved.set(campaign.id, taken);
    }
    return new BudgetReservation(reserved);
  }

  /** What the purchase may pay from the campaign's budget. */
  limit(campaignId: number): number {
    return this.reserved.get(campaignId) ?? 0;
  }

  /** Gives back what `committed` (the purchase's lines, or none when it failed) did not pay. */
  async release(repository: CoinSchemeRepository, committed: readonly EarnLine[]): Promise<void> {
    for (const [campaignId, reserved] of this.reserved) {
      const paid = committed.find((line) => line.kind === "campaign" && line.campaign_id === campaignId);
      const back = reserved - (paid?.coins ?? 0);
      if (back > 0) await repository.campaigns.returnBudget(campaignId, back);
    }
  }
}

/**
 * A purchase's campaign lines, under the account's lock: the promotions the stacking rule chose
 * (purchaseEarning), each cut to the member's cap and, for a budgeted campaign, to what was
 * reserved for this purchase.
 */
export async function campaignLines(
  repository: CoinSchemeRepository,
  bonuses: readonly CampaignBonus[],
  accountId: number,
  budgets: BudgetReservation,
): Promise<EarnLine[]> {
  const lines: EarnLine[] = [];
  for (const { campaign, coins: bonus } of bonuses) {
    let coins = bonus;
    if (campaign.perMemberCap !== null)
      coins = Math.min(
        coins,
        campaign.perMemberCap - (await repository.campaigns.earnedBy(accountId, campaign.id)),
      );
    if (campaign.budgetCoins !== null) coins = Math.min(coins, budgets.limit(campaign.id));
    if (coins > 0) lines.push({ kind: "campaign", coins, campaign_id: campaign.id, name: campaign.name });
  }
  return lines;
}

/**
 * What a refund takes back of a purchase's campaign and tier lines: each in proportion to the net
 * amount returned, counted cumulatively (what the refunds so far should have taken, less what they
 * took) so that a full refund takes back all of it and partial ones never drift. Campaign coins
 * go back to their budget.
 */
export async function refundedBonusLines(
  repository: CoinSchemeRepository,
  purchase: EntryRow,
  purchaseLines: EarnLine[],
  netAfterCents: number,
): Promise<EarnLine[]> {
  const bonusLines = purchaseLines.filter((line) => line.kind === "campaign" || line.kind === "tier");
  if (bonusLines.length === 0) return [];
  const storeCode = purchase.store_code ?? "";
  const receiptNo = purchase.receipt_no ?? "";
  const takenSoFar = await repository.campaigns.refundedBonusCoins(storeCode, receiptNo);
  const lines: EarnLine[] = [];
  for (const line of bonusLines) {
    const kept = purchase.net_cents === 0 ? 0 : Math.floor((line.coins * netAfterCents) / purchase.net_cents);
    const back = line.coins - kept - (takenSoFar.get(`${line.kind}:${line.campaign_id}`) ?? 0);
    if (back <= 0) continue;
    lines.push({ ...line, coins: -back });
    if (line.kind === "campaign" && line.campaign_id !== null) {
      const campaign = await repository.campaigns.byId(line.campaign_id);
      if (campaign?.budget_coins != null) await repository.campaigns.returnBudget(line.campaign_id, back);
    }
  }
  return lines;
}
