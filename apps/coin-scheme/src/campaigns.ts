import type { CampaignDefinition } from "@hcoins/domain/campaign-rules";
import { formatMultiplier, programmeDate } from "@hcoins/domain/earn-rules";
import type {
  BonusDay,
  BonusDays,
  CampaignDryRunResult,
  CampaignResult,
  CampaignsResult,
  SchemeCampaign,
} from "./api-schemas.ts";
import { bonusOf, compileCampaign, hongKongMonth, multiplierOf, parseDefinition } from "./campaign-engine.ts";
import { SchemeError, SchemeErrorCode, schemeValidationError } from "./errors.ts";
import { type LifecycleStep, lifecycleStep } from "./lifecycle.ts";
import type { CoinSchemeRepository } from "./repository.ts";
import { storedConditions } from "./segment-repository.ts";
import type { CampaignRow } from "./tables.ts";
import { tierIdsOverTime } from "./tiers.ts";
import { iso } from "./views.ts";

const DAY_MS = 86_400_000;
/** The days of one holiday rule that GET /bonus-days lists at most (a rule's schedule may be long). */
const HOLIDAY_DAYS_MAX = 366;

/**
 * Campaigns as operators run them: written as drafts, changed while draft or paused, activated by
 * a second operator (the member server's approvals queue decides; the scheme checks the names),
 * paused, ended for ever; and a dry run of a definition over the ledger's recent purchases.
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

  async one(id: number): Promise<CampaignResult> {
    return { campaign: (await this.views([await this.row(id)]))[0] as SchemeCampaign };
  }

  async create(definition: CampaignDefinition, operator: string): Promise<CampaignResult> {
    await this.refuseUnknownReward(definition);
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
    return this.one(row.id);
  }

  /** A draft or paused campaign's new definition (6041 for an active or ended one). */
  async update(id: number, definition: CampaignDefinition, operator: string): Promise<CampaignResult> {
    await this.refuseUnknownReward(definition);
    return this.step(id, { kind: "update", operator }, stored(definition));
  }

  /**
   * Activates a draft or paused campaign. `operator` asked, `approver` decided: neither may be the
   * other, and the approver may not be the campaign's author (6042); ended is for ever (6041).
   */
  activate(id: number, operator: string, approver: string): Promise<CampaignResult> {
    return this.step(id, { kind: "activate", operator, approver });
  }

  /** Stops an active campaign from the next purchase on every instance (it is read on each). */
  pause(id: number, operator: string): Promise<CampaignResult> {
    return this.step(id, { kind: "pause", operator });
  }

  end(id: number, operator: string): Promise<CampaignResult> {
    return this.step(id, { kind: "end", operator });
  }

  /**
   * The programme rules' multipliers as tills may read them (GET /bonus-days): the greatest live
   * birthday rule's now (×1 with none), and each Hong Kong date an active holiday rule's schedule
   * covers (its first year of them), by date.
   */
  async bonusDays(): Promise<BonusDays> {
    const now = this.now();
    let birthday: { hundredths: number; id: number } | null = null;
    const days: BonusDay[] = [];
    for (const row of await this.repository.campaigns.list()) {
      if (row.status !== "active") continue;
      const definition = parseDefinition(row.definition);
      const hundredths = multiplierOf(definition.action);
      if (definition.programme_rule === "birthday" && row.starts_at <= now && now < row.ends_at) {
        if (!birthday || hundredths > birthday.hundredths) birthday = { hundredths, id: row.id };
      } else if (definition.programme_rule === "holiday") {
        // Each day from the one the schedule starts in, while it starts before the schedule ends.
        let date = programmeDate(row.starts_at);
        for (let day = 0; day < HOLIDAY_DAYS_MAX; day += 1) {
          if (Date.parse(`${date}T00:00:00+08:00`) >= row.ends_at) break;
          days.push({ date, multiplier: formatMultiplier(hundredths), campaign_id: row.id });
          date = programmeDate(Date.parse(`${date}T12:00:00+08:00`) + DAY_MS);
        }
      }
    }
    return {
      birthday_multiplier: formatMultiplier(birthday?.hundredths ?? 100),
      birthday_campaign_id: birthday?.id ?? null,
      days: days.sort((a, b) => a.date.localeCompare(b.date) || a.campaign_id - b.campaign_id),
    };
  }

  /** A lifecycle step (lifecycle.ts), with the definition's columns for an update. */
  /** A reward campaign names a reward the catalogue holds (4000 `rewardUnknown` on action.reward_id). */
  private async refuseUnknownReward(definition: CampaignDefinition): Promise<void> {
    const { action } = definition;
    if (action.type === "reward" && !(await this.repository.rewards.reward(action.reward_id)))
      throw schemeValidationError("action.reward_id", "rewardUnknown");
  }

  private async step(
    id: number,
    step: LifecycleStep,
    definition: ReturnType<typeof stored> | object = {},
  ): Promise<CampaignResult> {
    const columns = lifecycleStep(await this.row(id), step, this.now());
    if (columns === "status") throw new SchemeError(SchemeErrorCode.campaignStatus);
    if (columns === "approverNotSecond") throw new SchemeError(SchemeErrorCode.campaignApproverNotSecond);
    if (columns) await this.repository.campaigns.update(id, { ...definition, ...columns });
    return this.one(id);
  }

  /**
   * What the definition alone would have issued over the last `days` days of purchases, in time
   * order, with its per-member cap and budget applied as the till would have: `coins` before them,
   * `coins_within_budget` after. Each purchase's tier is the one the account was in when it was
   * made (its tier history); its brand is the store's today; its segments are those its account is
   * in now (each named segment's members are found once, as of the dry run).
   */
  /** Each named segment's members now, once; then an account's segments among them, remembered. */
  private async segmentsNow(
    segmentIds: number[],
    at: number,
  ): Promise<(accountId: number) => ReadonlySet<number>> {
    const none: ReadonlySet<number> = new Set();
    if (segmentIds.length === 0) return () => none;
    const rows = await this.repository.segments.some(segmentIds);
    const members = await Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        accounts: await this.repository.segments.memberIds(storedConditions(row), at),
      })),
    );
    const byAccount = new Map<number, ReadonlySet<number>>();
    return (accountId) => {
      let known = byAccount.get(accountId);
      if (!known) {
        known = new Set(
          members.filter((segment) => segment.accounts.has(accountId)).map((segment) => segment.id),
        );
        byAccount.set(accountId, known);
      }
      return known;
    };
  }

  async dryRun(definition: CampaignDefinition, days: number): Promise<CampaignDryRunResult> {
    const started = performance.now();
    const to = this.now();
    const from = to - days * DAY_MS;
    const campaign = compileCampaign(0, definition);
    const purchases = await this.repository.campaigns.purchasesBetween(from, to);
    const firsts = campaign.needsFirstPurchase ? await this.repository.campaigns.firstPurchaseIds() : null;
    const tierIdAt = campaign.needsTier ? await tierIdsOverTime(this.repository, to) : () => null;
    const segmentsOf = await this.segmentsNow(campaign.segmentIds, to);
    const brands = new Map(
      (await this.repository.stores()).map((store) => [store.store_code, store.brand_code] as const),
    );
    const earnedBy = new Map<number, number>();
    let budgetLeft = campaign.budgetCoins ?? Number.POSITIVE_INFINITY;
    let matched = 0;
    let coins = 0;
    let within = 0;
    for (const purchase of purchases) {
      const facts = {
        storeCode: purchase.store_code,
        brandCode: brands.get(purchase.store_code) ?? null,
        partnerStore: purchase.partner_store === 1,
        at: purchase.created_at,
        netCents: purchase.net_cents,
        electronicCents: purchase.electronic_cents,
        firstPurchase: firsts?.has(purchase.id) ?? false,
        birthdayMonth:
          purchase.birth_month !== null && purchase.birth_month === hongKongMonth(purchase.created_at),
        tierId: tierIdAt(purchase.account_id, purchase.created_at),
        segmentIds: segmentsOf(purchase.account_id),
      };
      if (!campaign.matches(facts)) continue;
      const bonus = bonusOf(campaign.action, purchase.base_coins, purchase.electronic_cents);
      if (bonus <= 0) continue;
      matched += 1;
      coins += bonus;
      const earned = earnedBy.get(purchase.account_id) ?? 0;
      const granted = Math.max(0, Math.min(bonus, (campaign.perMemberCap ?? bonus) - earned, budgetLeft));
      if (granted > 0) {
        earnedBy.set(purchase.account_id, earned + granted);
        budgetLeft -= granted;
        within += granted;
      }
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
        coins_within_budget: within,
        elapsed_ms: Math.round(performance.now() - started),
      },
    };
  }

  private async row(id: number): Promise<CampaignRow> {
    const row = await this.repository.campaigns.byId(id);
    if (!row) throw new SchemeError(SchemeErrorCode.campaignNotFound);
    return row;
  }

  private async views(rows: CampaignRow[]): Promise<SchemeCampaign[]> {
    const results = await this.repository.campaigns.results(rows.map((row) => row.id));
    return rows.map((row) => {
      const result = results.get(row.id) ?? { coins: 0, members: 0, purchases: 0 };
      const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));
      const definition = parseDefinition(row.definition);
      return {
        id: row.id,
        ...definition,
        status: row.status,
        // A reward campaign gives vouchers, not coins: its cost is their price (campaign-rewards.ts).
        spent_coins: definition.action.type === "reward" ? row.spent_coins : result.coins,
        members_earned: result.members,
        purchases_earned: result.purchases,
        created_by: row.created_by,
        created_at: iso(row.created_at),
        updated_by: row.updated_by,
        updated_at: isoOrNull(row.updated_at),
        activated_by: row.activated_by,
        approved_by: row.approved_by,
        activated_at: isoOrNull(row.activated_at),
      };
    });
  }
}

/** The columns a definition fills: the JSON and what the till's query and the budget read. */
function stored(definition: CampaignDefinition) {
  return {
    definition: JSON.stringify(definition),
    starts_at: Date.parse(definition.starts_at),
    ends_at: Date.parse(definition.ends_at),
    budget_coins: definition.budget_coins,
  };
}
