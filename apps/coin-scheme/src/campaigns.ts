import type { CampaignDefinition } from "@hcoins/domain/campaign-rules";
import type { CampaignDryRunResult, CampaignResult, CampaignsResult, SchemeCampaign } from "./api-schemas.ts";
import { bonusOf, compileCampaign, parseDefinition } from "./campaign-engine.ts";
import { SchemeError, SchemeErrorCode } from "./errors.ts";
import type { CoinSchemeRepository } from "./repository.ts";
import type { CampaignRow } from "./tables.ts";
import { iso } from "./views.ts";

const DAY_MS = 86_400_000;
const HONG_KONG_OFFSET_MS = 8 * 3_600_000;

/**
 * Campaigns as operators keep them (campaign-rules.ts): written as drafts, edited while a draft or
 * paused, activated by a second operator, paused, ended for ever; and a dry run against the
 * ledger. Every status change is one conditional UPDATE, so two operators cannot both move one
 * campaign. The till reads the active ones on every purchase (campaign-earn.ts), so a pause or an
 * end holds on every instance from the next purchase.
 */
export class Campaigns {
  constructor(
    private readonly repository: CoinSchemeRepository,
    private readonly now: () => number,
  ) {}

  async list(): Promise<CampaignsResult> {
    const rows = await this.repository.campaigns.list();
    return { campaigns: await this.views(rows) };
  }

  async get(id: number): Promise<CampaignResult> {
    return { campaign: (await this.views([await this.row(id)]))[0] as SchemeCampaign };
  }

  async create(definition: CampaignDefinition, operator: string): Promise<CampaignResult> {
    const row = await this.repository.campaigns.insert({
      ...stored(definition),
      status: "draft",
      created_by: operator,
      created_at: this.now(),
      updated_by: null,
      updated_at: null,
      activated_by: null,
      approved_by: null,
      activated_at: null,
    });
    return this.get(row.id);
  }

  /** Only a draft or a paused campaign (6041). */
  async update(id: number, definition: CampaignDefinition, operator: string): Promise<CampaignResult> {
    await this.row(id);
    return this.move(id, ["draft", "paused"], { ...stored(definition), updated_by: operator });
  }

  /** A draft or paused campaign earns from now within its schedule; the approver is a second operator (6042). */
  async activate(id: number, operator: string, approver: string): Promise<CampaignResult> {
    const row = await this.row(id);
    if (approver === operator || approver === row.created_by)
      throw new SchemeError(SchemeErrorCode.campaignApproverNotSecond);
    return this.move(id, ["draft", "paused"], {
      status: "active",
      activated_by: operator,
      approved_by: approver,
      activated_at: this.now(),
      updated_by: operator,
    });
  }

  async pause(id: number, operator: string): Promise<CampaignResult> {
    await this.row(id);
    return this.move(id, ["active"], { status: "paused", updated_by: operator });
  }

  async end(id: number, operator: string): Promise<CampaignResult> {
    await this.row(id);
    return this.move(id, ["draft", "active", "paused"], { status: "ended", updated_by: operator });
  }

  /**
   * The campaign alone against the purchases of the last `days` days, in time order, with its
   * per-member cap and its budget applied as the till would have (facts: store, partner store,
   * time, amounts, birth month, first purchase; no tier, since the ledger keeps none yet).
   */
  async dryRun(definition: CampaignDefinition, days: number): Promise<CampaignDryRunResult> {
    const started = performance.now();
    const to = this.now();
    const from = to - days * DAY_MS;
    const campaign = compileCampaign(0, definition);
    const purchases = await this.repository.campaigns.purchasesBetween(from, to);
    const firsts = campaign.needsFirstPurchase
      ? await this.repository.campaigns.firstPurchaseIds(from, to)
      : new Set<number>();
    const earnedBy = new Map<number, number>();
    let budgetLeft = campaign.budgetCoins ?? Number.POSITIVE_INFINITY;
    let matched = 0;
    let coins = 0;
    let withinBudget = 0;
    for (const purchase of purchases) {
      const facts = {
        storeCode: purchase.store_code ?? "",
        partnerStore: purchase.partner_store === 1,
        at: purchase.created_at,
        netCents: purchase.net_cents,
        electronicCents: purchase.electronic_cents,
        firstPurchase: firsts.has(purchase.id),
        birthdayMonth:
          purchase.birth_month !== null && purchase.birth_month === hongKongMonth(purchase.created_at),
        tierId: null,
      };
      if (!campaign.matches(facts)) continue;
      matched++;
      const earned = earnedBy.get(purchase.account_id) ?? 0;
      const capLeft =
        campaign.perMemberCap === null ? Number.POSITIVE_INFINITY : campaign.perMemberCap - earned;
      const bonus = Math.max(0, Math.min(bonusOf(campaign.action, purchase.base_coins), capLeft));
      if (bonus === 0) continue;
      earnedBy.set(purchase.account_id, earned + bonus);
      coins += bonus;
      const taken = Math.min(bonus, budgetLeft);
      budgetLeft -= taken;
      withinBudget += taken;
    }
    return {
      dry_run: {
        days,
        from: iso(from),
        to: iso(to),
        purchases_scanned: purchases.length,
        purchases_matched: matched,
        members: earnedBy.size,
        coins,
        coins_within_budget: withinBudget,
        elapsed_ms: Math.round(performance.now() - started),
      },
    };
  }

  private async row(id: number): Promise<CampaignRow> {
    const row = await this.repository.campaigns.byId(id);
    if (!row) throw new SchemeError(SchemeErrorCode.campaignNotFound);
    return row;
  }

  private async move(
    id: number,
    from: readonly ("draft" | "active" | "paused")[],
    changes: Parameters<CoinSchemeRepository["campaigns"]["transition"]>[2],
  ): Promise<CampaignResult> {
    const moved = await this.repository.campaigns.transition(id, from, {
      ...changes,
      updated_at: this.now(),
    });
    if (!moved) throw new SchemeError(SchemeErrorCode.campaignNotEditable);
    return this.get(id);
  }

  private async views(rows: CampaignRow[]): Promise<SchemeCampaign[]> {
    const results = await this.repository.campaigns.results(rows.map((row) => row.id));
    return rows.map((row) => {
      const result = results.get(row.id);
      return {
        ...parseDefinition(row.definition),
        id: row.id,
        status: row.status,
        spent_coins: row.spent_coins,
        members_earned: result?.members ?? 0,
        purchases_earned: result?.purchases ?? 0,
        created_by: row.created_by,
        created_at: iso(row.created_at),
        updated_by: row.updated_by,
        updated_at: row.updated_at === null ? null : iso(row.updated_at),
        activated_by: row.activated_by,
        approved_by: row.approved_by,
        activated_at: row.activated_at === null ? null : iso(row.activated_at),
      };
    });
  }
}

/** The columns a definition fills: the JSON, and the schedule and budget the till's query and the budget need. */
function stored(definition: CampaignDefinition) {
  return {
    definition: JSON.stringify(definition),
    starts_at: Date.parse(definition.starts_at),
    ends_at: Date.parse(definition.ends_at),
    budget_coins: definition.budget_coins,
  };
}

/** The Hong Kong month (1-12) by arithmetic (UTC+8, no daylight saving): the dry run asks 100,000 times. */
const hongKongMonth = (at: number) => new Date(at + HONG_KONG_OFFSET_MS).getUTCMonth() + 1;
