import type { SegmentCondition, SegmentDefinition, SegmentView } from "@hcoins/domain/segment-rules";
import type { SegmentResult, SegmentsResult } from "./api-schemas.ts";
import { SchemeError, SchemeErrorCode } from "./errors.ts";
import type { CoinSchemeRepository } from "./repository.ts";
import { storedConditions } from "./segment-repository.ts";
import type { SegmentRow } from "./tables.ts";
import { iso } from "./views.ts";

/**
 * Segments: the operator's conditions over accounts, counted live (segment-repository.ts).
 * Every view carries its count as of now.
 */
export class Segments {
  constructor(
    private readonly repository: CoinSchemeRepository,
    private readonly now: () => number,
  ) {}

  async list(): Promise<SegmentsResult> {
    const rows = await this.repository.segments.all();
    return { segments: await Promise.all(rows.map((row) => this.view(row))) };
  }

  async one(id: number): Promise<SegmentResult> {
    return { segment: await this.view(await this.row(id)) };
  }

  async create(definition: SegmentDefinition, operator: string): Promise<SegmentResult> {
    const id = await this.repository.segments.insert({
      ...stored(definition),
      created_by: operator,
      created_at: this.now(),
      updated_by: null,
      updated_at: null,
    });
    return this.one(id);
  }

  async update(id: number, definition: SegmentDefinition, operator: string): Promise<SegmentResult> {
    const changed = await this.repository.segments.update(id, {
      ...stored(definition),
      updated_by: operator,
      updated_at: this.now(),
    });
    if (!changed) throw new SchemeError(SchemeErrorCode.segmentNotFound);
    return this.one(id);
  }

  /**
   * Refused (6071) while a campaign that has not ended, or an active reward, names it: the
   * campaign would match no one, the reward be for no one.
   */
  async remove(id: number): Promise<void> {
    const campaigns = await this.repository.segments.campaignsNaming(id);
    const rewards = await this.repository.segments.activeRewardsNaming(id);
    if (campaigns.length > 0 || rewards.length > 0)
      throw new SchemeError(SchemeErrorCode.segmentInUse, { campaign_ids: campaigns, reward_ids: rewards });
    if (!(await this.repository.segments.delete(id))) throw new SchemeError(SchemeErrorCode.segmentNotFound);
  }

  /** How many accounts meet the conditions now, saved or not. */
  async count(conditions: SegmentCondition[]): Promise<{ members: number }> {
    return { members: await this.repository.segments.countMembers(conditions, this.now()) };
  }

  private async row(id: number): Promise<SegmentRow> {
    const row = await this.repository.segments.one(id);
    if (!row) throw new SchemeError(SchemeErrorCode.segmentNotFound);
    return row;
  }

  private async view(row: SegmentRow): Promise<SegmentView> {
    const conditions = storedConditions(row);
    return {
      id: row.id,
      name: { en: row.name_en, tc: row.name_tc, sc: row.name_sc },
      conditions,
      members: await this.repository.segments.countMembers(conditions, this.now()),
      created_by: row.created_by,
      created_at: iso(row.created_at),
      updated_by: row.updated_by,
      updated_at: row.updated_at === null ? null : iso(row.updated_at),
    };
  }
}

const stored = (definition: SegmentDefinition) => ({
  name_en: definition.name.en,
  name_tc: definition.name.tc,
  name_sc: definition.name.sc,
  definition: JSON.stringify(definition.conditions),
});
