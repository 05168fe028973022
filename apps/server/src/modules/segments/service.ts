import type { ConsoleSegment } from "@hcoins/domain/api/console-segments";
import { ErrorCode } from "@hcoins/domain/codes";
import type { SegmentCondition, SegmentDefinition } from "@hcoins/domain/segment-rules";
import { AppError } from "../../errors.ts";
import type { Actor, AuditService } from "../audit/service.ts";
import { type CoinSchemeClient, CoinSchemeRefusedError } from "../coins/coin-scheme-client.ts";
import { askScheme } from "../coins/scheme-refusals.ts";

/** The coin scheme's segment calls; `operator` names the audit actor. */
export type SegmentScheme = Pick<
  CoinSchemeClient,
  "segments" | "segment" | "createSegment" | "updateSegment" | "removeSegment" | "countSegment"
>;

/** The scheme's segment refusals (its errors.ts) as the contract's. */
const IN_USE = 6071;
const REFUSALS = { 6070: () => new AppError(ErrorCode.notFound) };

const definitionOf = (segment: ConsoleSegment): SegmentDefinition => ({
  name: segment.name,
  conditions: segment.conditions,
});

/**
 * Segments, kept and counted by the coin scheme (decision 236): the member server relays the
 * console's calls and writes one audit entry per change (`segment:<id>`, its definition before and
 * after). The live count changes nothing and is not audited.
 */
export class SegmentService {
  constructor(
    private readonly scheme: SegmentScheme,
    private readonly audit: AuditService,
  ) {}

  async list(): Promise<ConsoleSegment[]> {
    return (await askScheme(() => this.scheme.segments(), REFUSALS)).segments;
  }

  async one(id: number): Promise<ConsoleSegment> {
    return (await askScheme(() => this.scheme.segment(id), REFUSALS)).segment;
  }

  async count(conditions: SegmentCondition[]): Promise<number> {
    return (await askScheme(() => this.scheme.countSegment(conditions), REFUSALS)).members;
  }

  async create(definition: SegmentDefinition, by: Actor): Promise<ConsoleSegment> {
    const { segment } = await askScheme(() => this.scheme.createSegment(definition, by.actor), REFUSALS);
    await this.record(by, "segment.create", segment.id, {}, definitionOf(segment));
    return segment;
  }

  async update(id: number, definition: SegmentDefinition, by: Actor): Promise<ConsoleSegment> {
    const before = await this.one(id);
    const { segment } = await askScheme(() => this.scheme.updateSegment(id, definition, by.actor), REFUSALS);
    await this.record(by, "segment.update", id, definitionOf(before), definitionOf(segment));
    return segment;
  }

  /** 4304 (with the campaigns' and rewards' ids) while a campaign not ended or an active reward names it. */
  async remove(id: number, by: Actor): Promise<void> {
    const before = await this.one(id);
    try {
      await askScheme(() => this.scheme.removeSegment(id), REFUSALS, [IN_USE]);
    } catch (error) {
      if (error instanceof CoinSchemeRefusedError && error.errorCode === IN_USE)
        throw new AppError(ErrorCode.segmentInUse, {
          campaign_ids: error.details.campaign_ids ?? [],
          reward_ids: error.details.reward_ids ?? [],
        });
      throw error;
    }
    await this.record(by, "segment.delete", id, definitionOf(before), {});
  }

  private record(
    by: Actor,
    action: string,
    id: number,
    before: Record<string, unknown>,
    after: Record<string, unknown>,
  ) {
    return this.audit.record({ ...by, action, target: `segment:${id}`, before, after });
  }
}
