import { HOLDER_COLUMNS, type Holder, type HolderAnonymiseResult } from "@hcoins/coin-scheme/contract";
import type { ColumnPolicy } from "@hcoins/server-kit/column-policy";
import type { DatabaseHandle, TableViews } from "@hcoins/server-kit/database";
import type { Actor, AuditService } from "../audit/service.ts";
import { AUTH_DATA_COLUMNS } from "../auth/personal-data.ts";
import type { AuthService } from "../auth/service.ts";
import {
  type CoinSchemeClient,
  CoinSchemeRefusedError,
  CoinSchemeUnavailableError,
} from "../coins/coin-scheme-client.ts";
import { memberRefOf } from "../coins/service.ts";
import { MEMBER_RECORD_DATA_COLUMNS } from "../member-records/personal-data.ts";
import type { MemberRecordService } from "../member-records/service.ts";
import { MEMBER_DATA_COLUMNS } from "../members/personal-data.ts";
import type { MemberRow, MemberService } from "../members/service.ts";
import { REFERRAL_DATA_COLUMNS } from "../referrals/personal-data.ts";
import type { ReferralService } from "../referrals/service.ts";
import { SCHEME_OUTBOX_DATA_COLUMNS } from "../scheme-outbox/personal-data.ts";
import { memberSubject, type SchemeOutbox } from "../scheme-outbox/service.ts";
import { SMS_DATA_COLUMNS } from "../sms/personal-data.ts";
import type { SmsCodeService } from "../sms/service.ts";

/**
 * Every column of the member server's tables that hold personal data, exported or withheld
 * with the reason, from the modules that own them (the scheme's are in the scheme's holders.ts).
 */
export const MEMBER_COLUMNS = {
  ...MEMBER_DATA_COLUMNS,
  ...AUTH_DATA_COLUMNS,
  ...SMS_DATA_COLUMNS,
  ...MEMBER_RECORD_DATA_COLUMNS,
  ...SCHEME_OUTBOX_DATA_COLUMNS,
  ...REFERRAL_DATA_COLUMNS,
};

/** The member server's tables that hold nothing about a member, and why; with the map above they cover its schema. */
export const TABLES_WITHOUT_MEMBER_DATA: Readonly<Record<string, string>> = {
  settings: "server settings (the seed flag, the unsubscribe-link and device-cookie secrets)",
  signature_nonces: "random nonces of signed logins, with no member or number, pruned after twice the window",
  media: "content images uploaded by operators",
  cms_locations: "content",
  cms_pages: "content",
  cms_banners: "content",
  tags: "content (brands)",
  stores: "content (the programme's stores)",
  operators: "the console's operators (staff, not members)",
  operator_sessions: "the operators' console sessions",
  daily_counts: "how many registrations, logins and SMS each day saw: counts, naming no one",
  audit_log:
    "who changed what, kept AUDIT_RETENTION_DAYS for accountability: names a member by row id only (member:<id>), never by number, name or email",
  audit_chain:
    "the audit log's hash chain: the newest entry's hash and where the chain starts, naming no one",
  coin_adjustments:
    "operators' coin adjustments with their internal notes, kept for accountability as the audit log keeps them: names a member by row id only",
  coin_daily_totals: "coins moved per day by each operator and role: counts, naming no member",
  approval_requests:
    "the operators' approvals queue, kept for accountability as the audit log keeps it: names a member by row id only (a list by member number)",
  console_action_keys:
    "an operator's voucher action or bulk adjustment request applied once per key (the key, the request or its hash, and its answer: a voucher id and last four, an approval request's id), kept for accountability: names a member by row id only",
};

/** The scheme did not erase (it is asked first): nothing was erased. */
export class SchemeDidNotErase extends Error {}

const iso = (ms: number) => new Date(ms).toISOString();

/** The exported columns of a row, times (`*_at`, unix ms) as ISO 8601. */
function exportRow<T extends object>(row: T, policy: Record<keyof T, ColumnPolicy>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    if (policy[column as keyof T] !== "exported") continue;
    out[column] = column.endsWith("_at") && typeof value === "number" ? iso(value) : value;
  }
  return out;
}

function withheldColumns(): Record<string, string> {
  const withheld: Record<string, string> = {};
  for (const [table, columns] of Object.entries({ ...MEMBER_COLUMNS, ...HOLDER_COLUMNS })) {
    for (const [column, policy] of Object.entries(columns as Record<string, ColumnPolicy>)) {
      if (policy !== "exported") withheld[`${table}.${column}`] = policy.withheld;
    }
  }
  return withheld;
}

/** Who erased, as the scheme's forfeit entry names them (its operator field holds 64 characters). */
const operatorOf = (by: Actor) => by.actor.slice(0, 64);

const holderOf = (member: MemberRow): Holder => ({
  memberRef: memberRefOf(member),
  prefix: member.mobile_phone_prefix,
  phone: member.mobile_phone,
});

/**
 * A member's data access request and erasure (Hong Kong's Personal Data (Privacy) Ordinance):
 * everything the member server and the coin scheme hold about them, from the modules that
 * hold it. docs/data-protection.md.
 */
export class DataProtectionService {
  constructor(
    private readonly members: MemberService,
    private readonly auth: AuthService,
    private readonly sms: SmsCodeService,
    private readonly coinScheme: CoinSchemeClient,
    private readonly audit: AuditService,
    private readonly transaction: DatabaseHandle["transaction"],
    private readonly now: () => number,
    private readonly records: MemberRecordService,
    private readonly outbox: SchemeOutbox,
    private readonly referrals: ReferralService,
  ) {}

  /**
   * One JSON document with everything held about the member, secrets left out (see `withheld`),
   * and one audit entry (`member.export`, with the member number and the reason) for whoever
   * asked: the console and the command line alike.
   * A scheme that cannot answer fails it (CoinSchemeUnavailableError / RefusedError) and records
   * nothing: an export without the coin ledger would be incomplete.
   */
  async exportDocument(member: MemberRow, by: Actor, reason: string) {
    const [held, resetTokens, smsCodes, smsDeliveries, limitSources, records, coins, referral] =
      await Promise.all([
        this.members.dataOf(member),
        this.auth.resetTokensOf(member.id),
        this.sms.codesOf(member.mobile_phone_prefix, member.mobile_phone),
        this.sms.deliveriesOf(member.mobile_phone_prefix, member.mobile_phone),
        this.sms.limitSourcesOf(member.mobile_phone_prefix, member.mobile_phone),
        this.records.dataOf(member.id),
        this.coinScheme.holderData(holderOf(member)),
        this.referrals.dataOf(member.id),
      ]);
    const now = this.now();
    await this.audit.record({
      ...by,
      action: "member.export",
      target: `member:${member.id}`,
      after: { member_no: member.member_no, reason },
    });
    return {
      format: "hcoins-member-export/1",
      exported_at: iso(now),
      member: { ...exportRow(member, MEMBER_COLUMNS.members), password_set: member.password_hash !== null },
      access_tokens: held.accessTokens.map((token) => ({
        ...exportRow(token, MEMBER_COLUMNS.access_tokens),
        state: token.revoked_at !== null ? "revoked" : token.expires_at <= now ? "expired" : "live",
      })),
      reset_tokens: resetTokens.map((token) => exportRow(token, MEMBER_COLUMNS.reset_tokens)),
      sms_codes: smsCodes.map((code) => exportRow(code, MEMBER_COLUMNS.sms_codes)),
      sms_deliveries: smsDeliveries.map((delivery) => exportRow(delivery, MEMBER_COLUMNS.sms_deliveries)),
      sms_limit_sources: limitSources.map((row) => exportRow(row, MEMBER_COLUMNS.sms_limit_sources)),
      phone_history: records.phones.map((row) => exportRow(row, MEMBER_COLUMNS.member_phone_history)),
      case_notes: records.notes.map((row) => exportRow(row, MEMBER_COLUMNS.member_case_notes)),
      marketing_consents: held.consentRecords.map((record) =>
        exportRow(record, MEMBER_COLUMNS.marketing_consents),
      ),
      blocked_number: held.block ? exportRow(held.block, MEMBER_COLUMNS.blocked_numbers) : null,
      referral_code: referral.code ?? null,
      referred_by: referral.referredBy
        ? exportRow(referral.referredBy, MEMBER_COLUMNS.member_referrals)
        : null,
      referrals_made: referral.made.map((row) => exportRow(row, MEMBER_COLUMNS.member_referrals)),
      coin_scheme: { kind: this.coinScheme.kind, ...coins },
      withheld: withheldColumns(),
    };
  }

  /**
   * Erases a member: their row, sessions, consent records, reset tokens and the SMS code
   * records and SMS delivery log of their number are deleted, and at the scheme their H Coins
   * are forfeited (a `forfeit` entry, so the liability no longer counts them) and their accounts
   * anonymised (the ledger stays). Two steps, in this order, embedded or over HTTP alike
   * (docs/data-protection.md): the scheme first, its forfeit and anonymisation in one transaction of
   * its own; then the member server's part and the audit entry (with the member number, the reason
   * and the coins forfeited) in one transaction. The scheme's step cannot be undone, so it goes
   * first and nothing is erased when it fails (SchemeDidNotErase); the member server's step after
   * it is the one that may be repeated: when it fails, erasing again completes it (the scheme's
   * erase is idempotent and forfeits nothing twice). MemberErasedMeanwhile when another erasure got
   * there first.
   */
  async erase(
    member: MemberRow,
    by: Actor,
    reason: string,
  ): Promise<{
    coins: HolderAnonymiseResult;
    removed: {
      accessTokens: number;
      liveAccessTokens: number;
      consentRecords: number;
      resetTokens: number;
      smsCodes: number;
      smsDeliveries: number;
    };
  }> {
    let coins: HolderAnonymiseResult;
    try {
      coins = await this.coinScheme.eraseHolder(holderOf(member), operatorOf(by));
    } catch (error) {
      if (error instanceof CoinSchemeUnavailableError || error instanceof CoinSchemeRefusedError) {
        throw new SchemeDidNotErase(error.message, { cause: error });
      }
      throw error;
    }
    const removed = await this.transaction(async (trx) => {
      const erased = await this.eraseMemberData(member, trx);
      await this.recordErasure(member, by, reason, coins, trx);
      return erased;
    });
    return { coins, removed };
  }

  /**
   * The audit entry names the erased member by row id and member number (a number the programme
   * gave, not the person's data: an auditor asked about the erasure of M… must find it), the
   * reason, and the coins forfeited; never their name, mobile number or email.
   */
  private recordErasure(
    member: MemberRow,
    by: Actor,
    reason: string,
    coins: HolderAnonymiseResult,
    trx: TableViews,
  ) {
    const forfeited = coins.accounts.reduce((sum, account) => sum + account.forfeited, 0);
    return this.audit.record(
      {
        ...by,
        action: "member.erase",
        target: `member:${member.id}`,
        after: { member_no: member.member_no, reason, coins_forfeited: forfeited },
      },
      trx,
    );
  }

  /** The member server's part, in the caller's transaction: the member row and everything keyed by it or their number. */
  private async eraseMemberData(member: MemberRow, trx: TableViews) {
    const resetTokens = await this.auth.eraseResetTokensOf(member.id, trx);
    const smsCodes = await this.sms.eraseCodesOf(member.mobile_phone_prefix, member.mobile_phone, trx);
    const smsDeliveries = await this.sms.eraseDeliveriesOf(
      member.mobile_phone_prefix,
      member.mobile_phone,
      trx,
    );
    // A number change still on its way would put the number back on the anonymised account.
    await this.outbox.forget(memberSubject(member.id), trx);
    // Their own code goes; a referral keeps row ids and keyed hashes, so the same person never earns twice.
    await this.referrals.eraseCodeOf(member.id, trx);
    return { ...(await this.members.erase(member, trx)), resetTokens, smsCodes, smsDeliveries };
  }
}
