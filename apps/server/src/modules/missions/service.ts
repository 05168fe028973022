import type { ApprovalRequest } from "@hcoins/domain/api/console-coin-controls";
import { type ConsoleMission, MISSION_ACTIVATE_KIND } from "@hcoins/domain/api/console-missions";
import { ErrorCode } from "@hcoins/domain/codes";
import type { MissionDefinition } from "@hcoins/domain/mission-rules";
import type { DatabaseHandle } from "@hcoins/server-kit/database";
import { AppError, validationError } from "../../errors.ts";
import type { Actor, AuditService } from "../audit/service.ts";
import type { ApprovalKind, ApprovalService } from "../coin-controls/approvals.ts";
import type { ControlledOperator } from "../coin-controls/daily-totals.ts";
import { type CoinSchemeClient, CoinSchemeRefusedError } from "../coins/coin-scheme-client.ts";
import { askScheme } from "../coins/scheme-refusals.ts";
import { operatorActor } from "../operators/service.ts";

/** The coin scheme's mission calls; `operator` and `approver` are audit actors. */
export type MissionScheme = Pick<
  CoinSchemeClient,
  | "missions"
  | "mission"
  | "createMission"
  | "updateMission"
  | "activateMission"
  | "pauseMission"
  | "endMission"
>;

/** The scheme's mission refusals (its errors.ts) as the contract's; 6082 the executor reads itself. */
const APPROVER_NOT_SECOND = 6082;
const REFUSALS = {
  6080: () => new AppError(ErrorCode.notFound),
  6081: () => new AppError(ErrorCode.missionNotEditable),
  6083: () => validationError([{ field: "reward_id", rule: "rewardUnknown" }]),
};

type ActivationPayload = NonNullable<ApprovalRequest["mission"]>;

const definitionOf = (mission: ConsoleMission): MissionDefinition => ({
  name: mission.name,
  description: mission.description,
  kind: mission.kind,
  goal: mission.goal,
  store_codes: mission.store_codes,
  brand_codes: mission.brand_codes,
  min_net_amount: mission.min_net_amount,
  period: mission.period,
  starts_at: mission.starts_at,
  ends_at: mission.ends_at,
  reward_id: mission.reward_id,
  budget_completions: mission.budget_completions,
});

/**
 * E-stamp missions, kept and stamped by the coin scheme, as campaigns/service.ts: the member
 * server relays the console's calls, writes one audit entry per change (`mission:<id>`), and holds
 * activation to a second operator through the approvals queue (kind `missions.activate`).
 */
export class MissionService {
  constructor(
    private readonly scheme: MissionScheme,
    private readonly audit: AuditService,
    private readonly approvals: ApprovalService,
    private readonly database: Pick<DatabaseHandle, "transaction">,
  ) {}

  async list(): Promise<ConsoleMission[]> {
    return (await this.ask(() => this.scheme.missions())).missions;
  }

  async one(id: number): Promise<ConsoleMission> {
    return (await this.ask(() => this.scheme.mission(id))).mission;
  }

  async create(definition: MissionDefinition, by: Actor): Promise<ConsoleMission> {
    const { mission } = await this.ask(() => this.scheme.createMission(definition, by.actor));
    await this.record(by, "mission.create", mission.id, {}, definitionOf(mission));
    return mission;
  }

  /** A draft or paused mission rewritten; 4302 otherwise. */
  async update(id: number, definition: MissionDefinition, by: Actor): Promise<ConsoleMission> {
    const before = await this.one(id);
    const { mission } = await this.ask(() => this.scheme.updateMission(id, definition, by.actor));
    await this.record(by, "mission.update", id, definitionOf(before), definitionOf(mission));
    return mission;
  }

  /** An approval request to activate the mission; answers its id. 4302 active or ended; 4303 one is pending. */
  async requestActivation(id: number, note: string, requester: ControlledOperator, by: Actor) {
    const mission = await this.one(id);
    if (mission.status === "active" || mission.status === "ended")
      throw new AppError(ErrorCode.missionNotEditable);
    const { requests } = await this.approvals.list("pending", 1, 200);
    if (requests.some((request) => request.kind === MISSION_ACTIVATE_KIND && request.mission?.id === id))
      throw new AppError(ErrorCode.missionActivationPending);
    const payload: ActivationPayload = {
      id,
      name: mission.name,
      kind: mission.kind,
      goal: mission.goal,
      starts_at: mission.starts_at,
      ends_at: mission.ends_at,
      reward_id: mission.reward_id,
      budget_completions: mission.budget_completions,
    };
    const approval = await this.database.transaction((trx) =>
      this.approvals.request(
        {
          kind: MISSION_ACTIVATE_KIND,
          payload: { ...payload },
          memberId: null,
          coins: 0,
          reasonCode: null,
          note,
          requester,
          auditDetails: { mission: `mission:${id}` },
        },
        by,
        trx,
      ),
    );
    return approval.id;
  }

  async pause(id: number, by: Actor): Promise<ConsoleMission> {
    return this.changeStatus(id, "mission.pause", by, () => this.scheme.pauseMission(id, by.actor));
  }

  async end(id: number, by: Actor): Promise<ConsoleMission> {
    return this.changeStatus(id, "mission.end", by, () => this.scheme.endMission(id, by.actor));
  }

  /** The queue's executor, as the campaigns': idempotent, the requester as operator and the decider as approver. */
  approvalKind(): ApprovalKind {
    return {
      execute: async (request, _approver, by) => {
        const { id } = JSON.parse(request.payload) as ActivationPayload;
        try {
          const before = await this.one(id);
          const mission =
            before.status === "active"
              ? before
              : (
                  await this.ask(
                    () => this.scheme.activateMission(id, operatorActor(request.requested_by), by.actor),
                    [APPROVER_NOT_SECOND],
                  )
                ).mission;
          return {
            ok: true,
            outcome: { mission: `mission:${id}`, status: mission.status, approved_by: mission.approved_by },
          };
        } catch (error) {
          if (error instanceof AppError && error.errorCode === ErrorCode.notFound)
            return { ok: false, failure: "missionGone" };
          if (error instanceof AppError && error.errorCode === ErrorCode.missionNotEditable)
            return { ok: false, failure: "missionEnded" };
          if (error instanceof CoinSchemeRefusedError && error.errorCode === APPROVER_NOT_SECOND)
            return { ok: false, failure: "missionApproverIsCreator" };
          throw error;
        }
      },
      mission: (request) => JSON.parse(request.payload) as ActivationPayload,
    };
  }

  private async changeStatus(
    id: number,
    action: string,
    by: Actor,
    call: () => Promise<{ mission: ConsoleMission }>,
  ): Promise<ConsoleMission> {
    const before = await this.one(id);
    const { mission } = await this.ask(call);
    await this.record(by, action, id, { status: before.status }, { status: mission.status });
    return mission;
  }

  private record(
    by: Actor,
    action: string,
    id: number,
    before: Record<string, unknown>,
    after: Record<string, unknown>,
  ) {
    return this.audit.record({ ...by, action, target: `mission:${id}`, before, after });
  }

  private ask<T>(call: () => Promise<T>, passOn: readonly number[] = []): Promise<T> {
    return askScheme(call, REFUSALS, passOn);
  }
}
