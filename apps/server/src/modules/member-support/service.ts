import type { ConsoleMemberDetail, ConsoleMemberSummary } from "@hcoins/domain/api/console";
import { ErrorCode } from "@hcoins/domain/codes";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../errors.ts";
import type { Actor, AuditService } from "../audit/service.ts";
import type { AuthService } from "../auth/service.ts";
import {
  type CoinSchemeClient,
  CoinSchemeRefusedError,
  CoinSchemeUnavailableError,
} from "../coins/coin-scheme-client.ts";
import type { MemberRow, MemberService } from "../members/service.ts";
import type { SmsCodeService } from "../sms/service.ts";
import { maskedVoucher } from "../vouchers/masked-vouchers.ts";
import { suspendAtTills } from "./till-suspension.ts";

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
const RECENT_SMS = 20;

export const memberStatusOf = (member: MemberRow) =>
  member.disabled ? "disabled" : member.password_hash === null ? "appMemberToComplete" : "registered";

/** A member as a line of the search's results and the head of their page. */
export const summary = (member: MemberRow): ConsoleMemberSummary => ({
  id: member.id,
  member_no: member.member_no,
  mobile_phone_prefix: member.mobile_phone_prefix,
  mobile_phone: member.mobile_phone,
  name: member.name,
  email: member.email,
  hcoins_memberno: member.external_customer_id,
  status: memberStatusOf(member),
});

/**
 * Customer service's work on a member, for the console and the command line alike: finding
 * them, their page, and the actions, each recorded in the audit log once with what it changed.
 */
export class MemberSupportService {
  constructor(
    private readonly members: MemberService,
    private readonly auth: AuthService,
    private readonly sms: SmsCodeService,
    private readonly coinScheme: CoinSchemeClient,
    private readonly audit: AuditService,
    private readonly log: FastifyBaseLogger,
  ) {}

  async member(id: number): Promise<MemberRow> {
    const member = await this.members.findById(id);
    if (!member) throw new AppError(ErrorCode.notFound);
    return member;
  }

  async detail(id: number): Promise<ConsoleMemberDetail> {
    const member = await this.member(id);
    const { mobile_phone_prefix: prefix, mobile_phone: phone } = member;
    const [data, login, sms, coins] = await Promise.all([
      this.members.dataOf(member),
      this.auth.loginState(prefix, phone),
      this.sms.recentDeliveries(prefix, phone, RECENT_SMS),
      this.coinsOf(member),
    ]);
    return {
      member: {
        ...summary(member),
        first_name: member.first_name,
        last_name: member.last_name,
        birthday_month: member.birthday_month,
        region: member.region,
        district: member.district,
        created_at: iso(member.created_at),
        has_password: member.password_hash !== null,
      },
      login,
      blocked: { blocked: data.block !== undefined, reason: data.block?.reason ?? null },
      sms,
      sessions: data.accessTokens
        .slice()
        .reverse()
        .map((token) => ({
          created_at: iso(token.created_at),
          expires_at: iso(token.expires_at),
          revoked_at: token.revoked_at === null ? null : iso(token.revoked_at),
        })),
      consents: data.consentRecords
        .slice()
        .reverse()
        .map((record) => ({
          channel: record.channel,
          opted_in: record.opted_in === 1,
          source: record.source,
          created_at: iso(record.created_at),
        })),
      coins,
    };
  }

  /**
   * The member's H Coins balance and vouchers through the scheme; null when none is linked or the
   * scheme fails. The ledger is not here: the member page pages it (member-ledger.ts).
   */
  private async coinsOf(member: MemberRow): Promise<ConsoleMemberDetail["coins"]> {
    const hcoinsMemberNo = member.external_customer_id;
    if (!hcoinsMemberNo) return null;
    try {
      const [{ balance }, { vouchers }] = await Promise.all([
        this.coinScheme.balance(hcoinsMemberNo),
        this.coinScheme.vouchers(hcoinsMemberNo),
      ]);
      return {
        hcoins_memberno: hcoinsMemberNo,
        balance,
        vouchers: vouchers.map(maskedVoucher),
      };
    } catch (error) {
      if (error instanceof CoinSchemeRefusedError || error instanceof CoinSchemeUnavailableError) {
        this.log.warn({ err: error, memberId: member.id }, "member's H Coins account not shown");
        return null;
      }
      throw error;
    }
  }

  async unlock(id: number, reason: string | null, by: Actor): Promise<void> {
    const member = await this.member(id);
    const before = await this.auth.loginState(member.mobile_phone_prefix, member.mobile_phone);
    await this.auth.clearLoginFailures(member);
    const after = await this.auth.loginState(member.mobile_phone_prefix, member.mobile_phone);
    await this.record(by, "member.unlock", member, { ...before }, { ...after, reason });
  }

  async resetSmsAllowance(id: number, reason: string | null, by: Actor): Promise<void> {
    const member = await this.member(id);
    const inForce = () => this.sms.limitsInForce(member.mobile_phone_prefix, member.mobile_phone);
    const before = await inForce();
    await this.sms.resetAllowance(member.mobile_phone_prefix, member.mobile_phone);
    await this.record(
      by,
      "member.resetSmsAllowance",
      member,
      { sms_limits: before },
      { sms_limits: await inForce(), reason },
    );
  }

  /** Disables (every session revoked, the H Coins account suspended at the tills) or enables the account. */
  async setDisabled(id: number, disabled: boolean, reason: string | null, by: Actor): Promise<MemberRow> {
    const member = await this.member(id);
    await suspendAtTills(this.coinScheme, member, disabled, by, this.log);
    const changed = await this.members.setDisabled(member.id, disabled);
    await this.record(
      by,
      disabled ? "member.disable" : "member.enable",
      member,
      { status: memberStatusOf(member) },
      { status: memberStatusOf(changed), reason },
    );
    return changed;
  }

  async revokeSessions(id: number, reason: string | null, by: Actor): Promise<void> {
    const member = await this.member(id);
    const live = async () => {
      const { accessTokens } = await this.members.dataOf(member);
      return accessTokens.filter((token) => token.revoked_at === null).length;
    };
    const before = await live();
    await this.members.revokeAccessTokensOf(member.id);
    await this.record(
      by,
      "member.revokeSessions",
      member,
      { live_sessions: before },
      { live_sessions: await live(), reason },
    );
  }

  /**
   * Blocks a number from registering (CheckPhone answers 40002); false when it was blocked already
   * (nothing changes, nothing recorded). For the console and the command line.
   */
  async blockNumber(prefix: string, phone: string, reason: string, by: Actor): Promise<boolean> {
    if (!(await this.members.block(prefix, phone, reason))) return false;
    const holder = await this.members.findByPhone(prefix, phone);
    await this.audit.record({
      ...by,
      action: "number.block",
      // The audit log names members by row id only; a number nobody holds is named by nothing.
      target: holder ? `member:${holder.id}` : null,
      before: { blocked: false },
      after: { blocked: true, reason },
    });
    return true;
  }

  /** Lifts a block; false when the number was not blocked. */
  async unblockNumber(prefix: string, phone: string, reason: string | null, by: Actor): Promise<boolean> {
    const block = await this.members.blockOf(prefix, phone);
    if (!(await this.members.unblock(prefix, phone))) return false;
    const holder = await this.members.findByPhone(prefix, phone);
    await this.audit.record({
      ...by,
      action: "number.unblock",
      target: holder ? `member:${holder.id}` : null,
      before: { blocked: true, reason: block?.reason ?? null },
      after: { blocked: false, reason },
    });
    return true;
  }

  private record(
    by: Actor,
    action: string,
    member: MemberRow,
    before: Record<string, unknown>,
    after: Record<string, unknown>,
  ) {
    return this.audit.record({ ...by, action, target: `member:${member.id}`, before, after });
  }
}
