import {
  CAMPAIGN_ACTIVATE_KIND,
  type CampaignDryRun,
  type ConsoleCampaign,
} from "@hcoins/domain/api/console-campaigns";
import type { ApprovalRequest } from "@hcoins/domain/api/console-coin-controls";
import type { CampaignDefinition } from "@hcoins/domain/campaign-rules";
import { ErrorCode } from "@hcoins/domain/codes";
import type { DatabaseHandle } from "@hcoins/server-kit/database";
import { AppError } from "../../errors.ts";
import type { Actor, AuditService } from "../audit/service.ts";
import type { ApprovalKind, ApprovalService } from "../coin-controls/approvals.ts";
import type { ControlledOperator } from "../coin-controls/daily-totals.ts";
import { type CoinSchemeClient, CoinSchemeRefusedError } from "../coins/coin-scheme-client.ts";
import { askScheme } from "../coins/scheme-refusals.ts";
import { operatorActor } from "../operators/service.ts";

/** The coin scheme's campaign calls; `operator` and `approver` are audit actors. */
export type CampaignScheme = Pick<
  CoinSchemeClient,
  | "campaigns"
  | "campaign"
  | "createCampaign"
  | "updateCampaign"
  | "dryRunCampaign"
  | "activateCampaign"
  | "pauseCampaign"
  | "endCampaign"
>;

/** The scheme's campaign refusals (its errors.ts) as the contract's; 6042 the executor reads itself. */
const APPROVER_NOT_SECOND = 6042;
const REFUSALS = {
  6040: () => new AppError(ErrorCode.notFound),
  6041: () => new AppError(ErrorCode.campaignNotEditable),
};

/** What an approval request keeps of the campaign: what the approver reads (ApprovalRequest["campaign"]). */
type ActivationPayload = NonNullable<ApprovalRequest["campaign"]>;

const definitionOf = (campaign: ConsoleCampaign): CampaignDefinition => ({
  name: campaign.name,
  conditions: campaign.conditions,
  action: campaign.action,
  stacks: campaign.stacks,
  starts_at: campaign.starts_at,
  ends_at: campaign.ends_at,
  budget_coins: campaign.budget_coins,
  per_member_cap: campaign.per_member_cap,
  programme_rule: campaign.programme_rule,
});

/**
 * Campaigns, kept and applied by the coin scheme: the member server relays the console's calls,
 * writes one audit entry per change (`campaign:<id>`), and holds activation to a second operator
 * through the approvals queue (kind `campaigns.activate`): the scheme activates when the request
 * is approved, naming the requester as operator and the decider as approver.
 */
export class CampaignService {
  constructor(
    private readonly scheme: CampaignScheme,
    private readonly audit: AuditService,
    private readonly approvals: ApprovalService,
    private readonly database: Pick<DatabaseHandle, "transaction">,
  ) {}

  async list(): Promise<ConsoleCampaign[]> {
    return (await this.ask(() => this.scheme.campaigns())).campaigns;
  }

  async one(id: number): Promise<ConsoleCampaign> {
    return (await this.ask(() => this.scheme.campaign(id))).campaign;
  }

  async create(definition: CampaignDefinition, by: Actor): Promise<ConsoleCampaign> {
    const { campaign } = await this.ask(() => this.scheme.createCampaign(definition, by.actor));
    await this.record(by, "campaign.create", campaign.id, {}, definitionOf(campaign));
    return campaign;
  }

  /** A draft or paused campaign rewritten; 4300 otherwise. */
  async update(id: number, definition: CampaignDefinition, by: Actor): Promise<ConsoleCampaign> {
    const before = await this.one(id);
    const { campaign } = await this.ask(() => this.scheme.updateCampaign(id, definition, by.actor));
    await this.record(by, "campaign.update", id, definitionOf(before), definitionOf(campaign));
    return campaign;
  }

  /** Changes nothing, so no audit entry. */
  async dryRun(definition: CampaignDefinition, days: number): Promise<CampaignDryRun> {
    return (await this.ask(() => this.scheme.dryRunCampaign(definition, days))).dry_run;
  }

  /**
   * An approval request to activate the campaign, with what the approver reads of it (its schedule,
   * budget and a dry run over `dryRunDays`); answers the request's id. 4300 active or ended already; 4301 a request for it is pending.
   */
  async requestActivation(
    id: number,
    { note, dryRunDays }: { note: string; dryRunDays: number },
    requester: ControlledOperator,
    by: Actor,
  ) {
    const campaign = await this.one(id);
    if (campaign.status === "active" || campaign.status === "ended")
      throw new AppError(ErrorCode.campaignNotEditable);
    // Pending requests are few (they expire): reading them is cheaper than a column for this.
    const { requests } = await this.approvals.list("pending", 1, 200);
    if (requests.some((request) => request.kind === CAMPAIGN_ACTIVATE_KIND && request.campaign?.id === id))
      throw new AppError(ErrorCode.campaignActivationPending);
    // The saved campaign's dry run, not the form's: that is what the approver switches on.
    const dryRun = await this.dryRun(definitionOf(campaign), dryRunDays);
    const payload: ActivationPayload = {
      id,
      name: campaign.name,
      starts_at: campaign.starts_at,
      ends_at: campaign.ends_at,
      budget_coins: campaign.budget_coins,
      per_member_cap: campaign.per_member_cap,
      dry_run: {
        days: dryRun.days,
        purchases_matched: dryRun.purchases_matched,
        members: dryRun.members,
        coins: dryRun.coins,
        coins_within_budget: dryRun.coins_within_budget,
      },
    };
    const approval = await this.database.transaction((trx) =>
      this.approvals.request(
        {
          kind: CAMPAIGN_ACTIVATE_KIND,
          payload: { ...payload },
          memberId: null,
          coins: campaign.budget_coins ?? 0,
          reasonCode: null,
          note,
          requester,
          auditDetails: { campaign: `campaign:${id}` },
        },
        by,
        trx,
      ),
    );
    return approval.id;
  }

  async pause(id: number, by: Actor): Promise<ConsoleCampaign> {
    return this.changeStatus(id, "campaign.pause", by, () => this.scheme.pauseCampaign(id, by.actor));
  }

  async end(id: number, by: Actor): Promise<ConsoleCampaign> {
    return this.changeStatus(id, "campaign.end", by, () => this.scheme.endCampaign(id, by.actor));
  }

  /**
   * The queue's executor: the scheme activates the campaign, the requester as its operator and the
   * decider as its approver. Idempotent: a campaign found active (a retry after the scheme answered)
   * is not asked again. A refusal the approver should read is the request's failure.
   */
  approvalKind(): ApprovalKind {
    return {
      execute: async (request, _approver, by) => {
        const { id } = JSON.parse(request.payload) as ActivationPayload;
        try {
          const before = await this.one(id);
          const campaign =
            before.status === "active"
              ? before
              : (
                  await this.activationCall(() =>
                    this.scheme.activateCampaign(id, operatorActor(request.requested_by), by.actor),
                  )
                ).campaign;
          return {
            ok: true,
            outcome: {
              campaign: `campaign:${id}`,
              status: campaign.status,
              approved_by: campaign.approved_by,
            },
          };
        } catch (error) {
          if (error instanceof AppError && error.errorCode === ErrorCode.notFound)
            return { ok: false, failure: "campaignGone" };
          if (error instanceof AppError && error.errorCode === ErrorCode.campaignNotEditable)
            return { ok: false, failure: "campaignEnded" };
          if (error instanceof CoinSchemeRefusedError && error.errorCode === APPROVER_NOT_SECOND)
            return { ok: false, failure: "campaignApproverIsCreator" };
          throw error;
        }
      },
      campaign: (request) => JSON.parse(request.payload) as ActivationPayload,
    };
  }

  /** The scheme's refusals but 6042, which the executor reads itself. */
  private activationCall<T>(call: () => Promise<T>): Promise<T> {
    return this.ask(call, [APPROVER_NOT_SECOND]);
  }

  private async changeStatus(
    id: number,
    action: string,
    by: Actor,
    call: () => Promise<{ campaign: ConsoleCampaign }>,
  ): Promise<ConsoleCampaign> {
    const before = await this.one(id);
    const { campaign } = await this.ask(call);
    await this.record(by, action, id, { status: before.status }, { status: campaign.status });
    return campaign;
  }

  private record(
    by: Actor,
    action: string,
    id: number,
    before: Record<string, unknown>,
    after: Record<string, unknown>,
  ) {
    return this.audit.record({ ...by, action, target: `campaign:${id}`, before, after });
  }

  private ask<T>(call: () => Promise<T>, passOn: readonly number[] = []): Promise<T> {
    return askScheme(call, REFUSALS, passOn);
  }
}
