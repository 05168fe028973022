import { z } from "zod";
import {
  type CampaignDryRun,
  type CampaignView,
  campaignDefinitionSchema,
  campaignDryRunSchema,
  campaignViewSchema,
  DRY_RUN_MAX_DAYS,
  refuseInconsistentCampaign,
} from "../campaign-rules.ts";
import type { ConsoleOperation } from "./console.ts";
import { PROGRAMME_CHANGE_NOTE } from "./console-programme.ts";
import { okAnswer } from "./envelope.ts";

/*
 * Campaigns (issue 28): rules over a purchase's facts with a bonus, kept and applied by the coin
 * scheme; the console writes them through these calls and the member server relays them. The
 * programme manager (programme.edit) writes, dry-runs, asks for activation, pauses and ends; the
 * auditor reads. Activation is an approval request (`campaigns.activate`) that a second operator
 * with coins.approve decides on the Approvals screen. Same envelope and CSRF rules as console.ts.
 */

export const CAMPAIGN_ACTIVATE_KIND = "campaigns.activate";

/** What an operator writes, checked as the scheme does; `ends_at` after `starts_at` (`endsBeforeStart`). */
export const campaignBody = campaignDefinitionSchema.superRefine(refuseInconsistentCampaign);

/** A campaign as the scheme keeps it and what it would have issued: the scheme's own shapes. */
export const consoleCampaignSchema = campaignViewSchema;
export type ConsoleCampaign = CampaignView;
export const dryRunSchema = campaignDryRunSchema;
export type { CampaignDryRun };
export { DRY_RUN_MAX_DAYS };

export const DEFAULT_DRY_RUN_DAYS = 30;
const dryRunDays = z
  .number("required")
  .int("invalid")
  .min(1, "dryRunDays")
  .max(DRY_RUN_MAX_DAYS, "dryRunDays");

const campaignParams = z.object({ id: z.coerce.number().int().positive() });
const campaignAnswer = okAnswer(z.object({ campaign: consoleCampaignSchema }));
const edit = { permission: "programme.edit" } as const;
const REFUSALS =
  "4040 no such campaign; 4300 not in a state that allows it (only a draft or paused campaign is edited, an ended one is never activated).";

export const consoleCampaigns = {
  list: {
    method: "GET",
    path: "/campaigns",
    access: { permission: ["programme.edit", "audit.read"] },
    summary: "The campaigns, every status",
    description: "Needs programme.edit or audit.read (the auditor reads).",
    answer: okAnswer(z.object({ campaigns: z.array(consoleCampaignSchema) })),
  },
  show: {
    method: "GET",
    path: "/campaigns/:id",
    access: { permission: ["programme.edit", "audit.read"] },
    summary: "One campaign",
    description: "4040 no such campaign.",
    params: campaignParams,
    answer: campaignAnswer,
  },
  create: {
    method: "POST",
    path: "/campaigns",
    access: edit,
    summary: "Write a new campaign, as a draft (it earns nothing until a second operator activates it)",
    description: `${PROGRAMME_CHANGE_NOTE} 4000 a field's rule (its path, e.g. conditions.0.in).`,
    body: campaignBody,
    answer: campaignAnswer,
  },
  update: {
    method: "POST",
    path: "/campaigns/:id",
    access: edit,
    summary: "Rewrite a draft or paused campaign",
    description: `${PROGRAMME_CHANGE_NOTE} ${REFUSALS} 4000 as on create.`,
    params: campaignParams,
    body: campaignBody,
    answer: campaignAnswer,
  },
  dryRun: {
    method: "POST",
    path: "/campaigns/dry-run",
    access: edit,
    summary: "What a campaign (saved or not) would have issued over the last days of purchases",
    description:
      "Changes nothing and writes no audit entry. `days` 1 to 90. The answer counts the purchases it would have matched, their members and the coins, and the coins within its budget and per-member cap.",
    body: z.object({
      campaign: campaignBody,
      days: dryRunDays,
    }),
    answer: okAnswer(z.object({ dry_run: dryRunSchema })),
  },
  requestActivation: {
    method: "POST",
    path: "/campaigns/:id/request-activation",
    access: edit,
    summary: "Ask a second operator to activate the campaign (an approval request)",
    description: `The request (kind campaigns.activate, with the note and a dry run of the saved campaign over \`dry_run_days\`) waits on the Approvals screen; an operator with coins.approve other than the requester approves it, and the coin scheme activates the campaign then (the requester as operator, the decider as approver; not the campaign's creator). ${REFUSALS} 4301 a request for it is pending already.`,
    params: campaignParams,
    body: z.object({
      note: z.string("required").trim().min(1, "required").max(500, "tooLong"),
      /** The days of the dry run the approver reads with the request (the requester's last, else 30). */
      dry_run_days: dryRunDays.default(DEFAULT_DRY_RUN_DAYS),
    }),
    answer: okAnswer(z.object({ approval_id: z.number().int() })),
  },
  pause: {
    method: "POST",
    path: "/campaigns/:id/pause",
    access: edit,
    summary: "Pause an active campaign: it earns nothing until activated again (by a second operator)",
    description: `${PROGRAMME_CHANGE_NOTE} ${REFUSALS}`,
    params: campaignParams,
    answer: campaignAnswer,
  },
  end: {
    method: "POST",
    path: "/campaigns/:id/end",
    access: edit,
    summary: "End a campaign for good",
    description: `${PROGRAMME_CHANGE_NOTE} ${REFUSALS}`,
    params: campaignParams,
    answer: campaignAnswer,
  },
} as const satisfies Record<string, ConsoleOperation>;
