import { CONSENT_CHANNELS, OPT_OUT_FLAG_OF } from "@hcoins/domain/marketing-consent";
import type { Insertable } from "kysely";
import type { ConsentSource, MarketingConsentsTable, MembersTable } from "./tables.ts";

/** A member's opt-out flags (1 = opted out). */
export type OptOutFlags = Pick<MembersTable, "email_subscription" | "sms_subscription" | "do_not_call">;

/** Who changed what where: the part of a consent record that is the same for each channel. */
export interface ConsentContext {
  memberId: number;
  source: ConsentSource;
  statementVersion: string | null;
  at: number;
}

/**
 * The consent records of a change from `before` to `after`: one per channel whose flag changed,
 * or, for a new member (`before` null), one per channel, so that the first choice is on record too.
 */
export function consentChanges(
  before: OptOutFlags | null,
  after: OptOutFlags,
  context: ConsentContext,
): Insertable<MarketingConsentsTable>[] {
  return CONSENT_CHANNELS.filter(
    (channel) => before === null || before[OPT_OUT_FLAG_OF[channel]] !== after[OPT_OUT_FLAG_OF[channel]],
  ).map((channel) => ({
    member_id: context.memberId,
    channel,
    opted_in: after[OPT_OUT_FLAG_OF[channel]] === 0 ? 1 : 0,
    statement_version: context.statementVersion,
    source: context.source,
    created_at: context.at,
  }));
}
