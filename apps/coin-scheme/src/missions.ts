import { type MissionDefinition, missionPeriodAt } from "@hcoins/domain/mission-rules";
import type { Updateable } from "kysely";
import type { MemberMissionsResult, MissionResult, MissionsResult } from "./api-schemas.ts";
import { SchemeError, SchemeErrorCode } from "./errors.ts";
import { type LifecycleStep, lifecycleStep } from "./lifecycle.ts";
import { type LiveMissions, parseMissionDefinition } from "./mission-stamps.ts";
import type { CoinSchemeRepository } from "./repository.ts";
import type { HcoinMissionsTable, MissionRow } from "./tables.ts";
import { iso } from "./views.ts";

/**
 * E-stamp missions as operators run them, with the campaigns' lifecycle (campaigns.ts): written as
 * drafts, changed while draft or paused, activated by a second operator (the member server's
 * approvals queue decides; the scheme checks the names), paused, ended for ever. And a member's
 * live missions with the stamps of the current period.
 */
export class Missions {
  constructor(
    private readonly repository: CoinSchemeRepository,
    private readonly now: () => number,
    private readonly liveMissions: LiveMissions,
  ) {}

  async list(): Promise<MissionsResult> {
    return { missions: (await this.repository.missions.list()).map(missionView) };
  }

  async one(id: number): Promise<MissionResult> {
    return { mission: missionView(await this.row(id)) };
  }

  async create(definition: MissionDefinition, operator: string): Promise<MissionResult> {
    await this.refuseUnknownReward(definition);
    const row = await this.repository.missions.insert({
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

  /** A draft or paused mission's new definition (6081 for an active or ended one). */
  async update(id: number, definition: MissionDefinition, operator: string): Promise<MissionResult> {
    const row = await this.row(id);
    if (row.status === "draft" || row.status === "paused") await this.refuseUnknownReward(definition);
    return this.step(id, { kind: "update", operator }, stored(definition));
  }

  /** `operator` asked, `approver` decided: neither the other, nor the mission's author (6082). */
  activate(id: number, operator: string, approver: string): Promise<MissionResult> {
    return this.step(id, { kind: "activate", operator, approver });
  }

  /** Stops an active mission: on this instance from the next purchase, on others within a second (LiveMissions); cards keep their stamps. */
  pause(id: number, operator: string): Promise<MissionResult> {
    return this.step(id, { kind: "pause", operator });
  }

  end(id: number, operator: string): Promise<MissionResult> {
    return this.step(id, { kind: "end", operator });
  }

  /** A lifecycle step (lifecycle.ts), with the definition's columns for an update. */
  private async step(
    id: number,
    step: LifecycleStep,
    definition: ReturnType<typeof stored> | object = {},
  ): Promise<MissionResult> {
    const columns = lifecycleStep(await this.row(id), step, this.now());
    if (columns === "status") throw new SchemeError(SchemeErrorCode.missionStatus);
    if (columns === "approverNotSecond") throw new SchemeError(SchemeErrorCode.missionApproverNotSecond);
    if (columns) await this.changed(id, { ...definition, ...columns });
    return this.one(id);
  }

  /** The account's live missions, oldest first, each with its card of the current period (0 stamps without one). */
  async ofMember(hcoinsMemberNo: string): Promise<MemberMissionsResult> {
    const account = await this.repository.accountByMemberNo(hcoinsMemberNo);
    if (!account) throw new SchemeError(SchemeErrorCode.accountNotFound);
    const at = this.now();
    const rows = await this.repository.missions.live(at);
    const cards = await this.repository.missions.progressOf(
      account.id,
      rows.map((row) => row.id),
    );
    return {
      missions: rows.map((row) => {
        const definition = parseMissionDefinition(row.definition);
        const period = missionPeriodAt(definition, at);
        const card = cards.find((c) => c.mission_id === row.id && c.period_key === period.key);
        return {
          id: row.id,
          name: definition.name,
          description: definition.description,
          kind: definition.kind,
          goal: definition.goal,
          stamps: Math.min(card?.stamps ?? 0, definition.goal),
          period_key: period.key,
          period_ends_at: iso(period.endsAt),
          completed_at: card?.completed_at == null ? null : iso(card.completed_at),
          voucher_code: card?.voucher_code ?? null,
          reward_id: definition.reward_id,
        };
      }),
    };
  }

  /** A change this instance's till sees from its next purchase (LiveMissions keeps them for a second). */
  private async changed(id: number, changes: Updateable<HcoinMissionsTable>) {
    await this.repository.missions.update(id, changes);
    this.liveMissions.forget();
  }

  private async refuseUnknownReward(definition: MissionDefinition) {
    if (!(await this.repository.rewards.reward(definition.reward_id)))
      throw new SchemeError(SchemeErrorCode.missionRewardNotFound, { reward_id: definition.reward_id });
  }

  private async row(id: number): Promise<MissionRow> {
    const row = await this.repository.missions.byId(id);
    if (!row) throw new SchemeError(SchemeErrorCode.missionNotFound);
    return row;
  }
}

const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

function missionView(row: MissionRow) {
  return {
    id: row.id,
    ...parseMissionDefinition(row.definition),
    status: row.status,
    completions: row.completions,
    created_by: row.created_by,
    created_at: iso(row.created_at),
    updated_by: row.updated_by,
    updated_at: isoOrNull(row.updated_at),
    activated_by: row.activated_by,
    approved_by: row.approved_by,
    activated_at: isoOrNull(row.activated_at),
  };
}

/** The columns a definition fills: the JSON and what the till's query and the budget read. */
function stored(definition: MissionDefinition) {
  return {
    definition: JSON.stringify(definition),
    starts_at: Date.parse(definition.starts_at),
    ends_at: Date.parse(definition.ends_at),
    budget_completions: definition.budget_completions,
  };
}
