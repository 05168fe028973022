import type { EarnLine } from "@hcoins/domain/earn-lines";
import type { EarnResult } from "@hcoins/domain/earn-rules";
import {
  type CompiledCampaign,
  campaignBonuses,
  compileCampaign,
  type PurchaseFacts,
  parseDefinition,
} from "./campaign-engine.ts";
import type { CoinSchemeRepository } from "./repository.ts";
import type { CampaignRow, EntryRow } from "./tables.ts";

/*
 * Campaigns at the till, inside the purchase's (or refund's) transaction after the account's
 * lock: the lines a purchase earns and a refund takes back. Budgets are taken here, campaign by
 * campaign in id order (campaign-repository.ts takeBudget), per-member caps counted here under
 * the account's lock.
 */

/** A tier's multiplier on the purchase (tiers.ts), as the statement names it. */
export interface TierFact {
  id: number;
  /** Hundredths: 150 = ×1.5. */
  multiplier: number;
  name: { en: string; tc: string; sc: string };
}

/** The lines of the fixed earn rules: base, electronic extra, birthday, holiday (zero lines left out). */
export function ruleLines(earned: Omit<EarnResult, "baseCoins" | "coins">, sign = 1): EarnLine[] {
  const lines: EarnLine[] = [
    { kind: "base", coins: sign * earned.netCoins, campaign_id: null, name: null },
    { kind: "electronic", coins: sign * earned.electronicCoins, campaign_id: null, name: null },
    { kind: "birthday", coins: sign * earned.birthdayBonus, campaign_id: null, name: null },
    { kind: "holiday", coins: sign * earned.holidayBonus, campaign_id: null, name: null },
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

/**
 * A purchase's campaign lines: the stacking rule's choice, each cut to the member's cap and to
 * what remains of its budget. `firstPurchase` is looked up only when a campaign asks.
 */
export async function campaignLines(
  repository: CoinSchemeRepository,
  campaigns: CompiledCampaign[],
  accountId: number,
  facts: Omit<PurchaseFacts, "firstPurchase">,
  baseCoins: number,
): Promise<EarnLine[]> {
  if (campaigns.length === 0) return [];
  const firstPurchase = campaigns.some((campaign) => campaign.needsFirstPurchase)
    ? (await repository.purchasesSince(accountId, 0)).count === 0
    : false;
  const chosen = campaignBonuses(campaigns, { ...facts, firstPurchase }, baseCoins).sort(
    (a, b) => a.campaign.id - b.campaign.id,
  );
  const lines: EarnLine[] = [];
  for (const { campaign, coins: bonus } of chosen) {
    let coins = bonus;
    if (campaign.perMemberCap !== null)
      coins = Math.min(
        coins,
        campaign.perMemberCap - (await repository.campaigns.earnedBy(accountId, campaign.id)),
      );
    if (coins > 0 && campaign.budgetCoins !== null)
      coins = await repository.campaigns.takeBudget(campaign.id, coins);
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
