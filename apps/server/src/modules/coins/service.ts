import type { SchemeAccount } from "@hcoins/coin-scheme/contract";
import { SchemeErrorCode } from "@hcoins/coin-scheme/contract";
import type { DuplicateReason } from "@hcoins/domain/api/coins";
import { CoinCallCode, type CoinCallCodeValue, CoinStatus, type CoinStatusValue } from "@hcoins/domain/codes";
import type { FastifyBaseLogger } from "fastify";
import type { MemberRow, MemberService } from "../members/service.ts";
import {
  type CoinSchemeClient,
  CoinSchemeRefusedError,
  CoinSchemeUnavailableError,
} from "./coin-scheme-client.ts";
import type { CoinMessageKey } from "./messages.ts";

export interface LinkCheck {
  status_code: CoinStatusValue;
  hcoins_memberno: string | null;
  message: CoinMessageKey;
}

export interface CoinCallOutcome {
  code: CoinCallCodeValue;
  /** The link state after the call: 101 linked, 999 no account, -1 failed. */
  status_code: CoinStatusValue;
  hcoins_memberno: string | null;
  message: CoinMessageKey;
}

/** What the scheme knows a member by: the member number the QR code carries (the id where there is none). */
export const memberRefOf = (member: MemberRow) => member.member_no ?? String(member.id);

/**
 * The member server's side of H Coins: the link check, linking, creating. The scheme
 * is written first and the member row last, so a scheme that fails leaves the member
 * untouched; when the scheme linked but the answer was lost, the next check, link or
 * create finds the link and completes the member row.
 */
export class CoinsService {
  /** Who hears that a member's account was just linked (referrals). */
  private readonly linkListeners: ((member: MemberRow) => Promise<void>)[] = [];

  constructor(
    private readonly scheme: CoinSchemeClient,
    private readonly members: MemberService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * hcoin-check-linked: 101 linked (with the H Coins number for the caller it is linked to), 100
   * account not linked, 999 no account, -1 the scheme failed.
   */
  async checkLinked(prefix: string, phone: string, caller: MemberRow | null): Promise<LinkCheck> {
    let account: SchemeAccount | null;
    try {
      account = await this.scheme.findAccountByPhone(prefix, phone);
    } catch (error) {
      return { status_code: CoinStatus.failed, hcoins_memberno: null, message: this.failureMessage(error) };
    }
    if (!account) return { status_code: CoinStatus.none, hcoins_memberno: null, message: "noAccount" };
    if (!account.linked)
      return { status_code: CoinStatus.exists, hcoins_memberno: null, message: "accountExists" };
    const ref = account.linked_member_ref as string;
    const owner = caller && memberRefOf(caller) === ref ? caller : await this.memberByRef(ref);
    // A link whose answer was lost is completed here, whoever asks: the web app's member-status check
    // compares hcoins_memberno with the member's external_customer_id.
    if (owner) await this.completeMemberRow(owner, account.hcoins_memberno);
    // An account linked before the scheme learnt birth months (or whose first telling failed) learns it now.
    if (owner && owner.birthday_month !== null && account.birth_month === null) {
      await this.birthMonthSet({ ...owner, external_customer_id: account.hcoins_memberno });
    }
    // The H Coins number goes only to its own member: to anyone else it would be another member's identifier.
    if (!caller) return { status_code: CoinStatus.linked, hcoins_memberno: null, message: "registered" };
    return owner?.id === caller.id
      ? { status_code: CoinStatus.linked, hcoins_memberno: account.hcoins_memberno, message: "linkedToYou" }
      : { status_code: CoinStatus.linked, hcoins_memberno: null, message: "linkedToOther" };
  }

  /**
   * The H Coins number of the member's own account: the account of their number, which the scheme
   * links to them (never one a request names, nor an imported external_customer_id the scheme does
   * not confirm); null when it links none to them. Completes the member row like checkLinked. The
   * scheme's errors propagate.
   */
  async ownAccount(member: MemberRow): Promise<string | null> {
    const account = await this.scheme.findAccountByPhone(member.mobile_phone_prefix, member.mobile_phone);
    if (!account?.linked || account.linked_member_ref !== memberRefOf(member)) return null;
    await this.completeMemberRow(member, account.hcoins_memberno);
    return account.hcoins_memberno;
  }

  /** The member a scheme link refers to: by member number, or by id for a member without one. */
  async memberByRef(ref: string): Promise<MemberRow | undefined> {
    const byNumber = await this.members.findByMemberNo(ref);
    if (byNumber) return byNumber;
    if (!/^\d{1,15}$/.test(ref)) return undefined;
    const byId = await this.members.findById(Number(ref));
    return byId && byId.member_no === null ? byId : undefined;
  }

  /** link-hcoin-2: links the account of the member's number to the member. */
  async link(member: MemberRow): Promise<CoinCallOutcome> {
    try {
      const account = await this.scheme.findAccountByPhone(member.mobile_phone_prefix, member.mobile_phone);
      if (!account) return this.outcome(CoinCallCode.noAccount, CoinStatus.none, null, "noAccountToLink");
      const { account: linked, linked_now } = await this.scheme.linkAccount(
        account.hcoins_memberno,
        memberRefOf(member),
        member.birthday_month,
      );
      await this.completeMemberRow(member, linked.hcoins_memberno);
      return this.outcome(
        CoinCallCode.ok,
        CoinStatus.linked,
        linked.hcoins_memberno,
        linked_now ? "linked" : "linkedToYou",
      );
    } catch (error) {
      return this.failure(error);
    }
  }

  /**
   * hcoin-create: opens an account for the member's number, linked to the member, in one
   * scheme call; an existing unlinked account of the number is linked instead.
   */
  async create(member: MemberRow): Promise<CoinCallOutcome> {
    try {
      const result = await this.scheme.createAccount({
        prefix: member.mobile_phone_prefix,
        phone: member.mobile_phone,
        memberRef: memberRefOf(member),
        birthMonth: member.birthday_month,
      });
      await this.completeMemberRow(member, result.account.hcoins_memberno);
      const message = result.created ? "created" : result.linked_now ? "linked" : "linkedToYou";
      return this.outcome(CoinCallCode.ok, CoinStatus.linked, result.account.hcoins_memberno, message);
    } catch (error) {
      return this.failure(error);
    }
  }

  /**
   * hcoin-check-is-duplicate-reg: the reason a registration of this number and email
   * would be a duplicate, or null. A scheme that cannot answer does not block
   * registration (`hcoinStatus` -1); linking after registration reports it.
   */
  async duplicateRegistration(
    prefix: string,
    phone: string,
    email: string | undefined,
    caller: MemberRow | null,
  ): Promise<{ reason: DuplicateReason | null; hcoinStatus: CoinStatusValue }> {
    const check = await this.checkLinked(prefix, phone, null);
    if (await this.members.findByPhone(prefix, phone))
      return { reason: "mobileRegistered", hcoinStatus: check.status_code };
    if (email !== undefined && (await this.members.emailTaken(email, caller?.id))) {
      return { reason: "emailTaken", hcoinStatus: check.status_code };
    }
    if (check.status_code === CoinStatus.linked)
      return { reason: "hcoinsLinked", hcoinStatus: check.status_code };
    return { reason: null, hcoinStatus: check.status_code };
  }

  /**
   * Tells the scheme the birth month a member has just set for the first time (the profile locks
   * it then), so that their birthday bonus follows it. Nothing to tell when they have no account
   * linked yet: the link carries it. A scheme that cannot answer now is logged, and the next
   * link check (hcoin-check-linked, which the web app makes) sends it again.
   */
  async birthMonthSet(member: MemberRow): Promise<void> {
    if (member.birthday_month === null || member.external_customer_id === null) return;
    try {
      await this.scheme.setBirthMonth(member.external_customer_id, member.birthday_month);
    } catch (error) {
      this.log.warn({ err: error, memberId: member.id }, "coin scheme did not record the birth month");
    }
  }

  /** `listener` runs after each link the member row records; it must not throw. */
  onLinked(listener: (member: MemberRow) => Promise<void>) {
    this.linkListeners.push(listener);
  }

  /** The member row follows the scheme: external_customer_id is the H Coins number. */
  private async completeMemberRow(member: MemberRow, hcoinsMemberNo: string) {
    if (member.external_customer_id === hcoinsMemberNo) return;
    await this.members.setExternalCustomerId(member.id, hcoinsMemberNo);
    const linked = { ...member, external_customer_id: hcoinsMemberNo };
    for (const listener of this.linkListeners) await listener(linked);
  }

  private outcome(
    code: CoinCallCodeValue,
    status_code: CoinStatusValue,
    hcoins_memberno: string | null,
    message: CoinMessageKey,
  ): CoinCallOutcome {
    return { code, status_code, hcoins_memberno, message };
  }

  private failure(error: unknown): CoinCallOutcome {
    if (error instanceof CoinSchemeRefusedError) {
      switch (error.errorCode) {
        case SchemeErrorCode.accountLinkedToAnotherMember:
          return this.outcome(CoinCallCode.linkedToOther, CoinStatus.failed, null, "linkedToOther");
        case SchemeErrorCode.memberLinkedToAnotherAccount:
          return this.outcome(
            CoinCallCode.memberLinkedElsewhere,
            CoinStatus.failed,
            null,
            "memberLinkedElsewhere",
          );
        case SchemeErrorCode.accountNotFound:
          return this.outcome(CoinCallCode.noAccount, CoinStatus.none, null, "noAccountToLink");
      }
    }
    return this.outcome(CoinCallCode.unavailable, CoinStatus.failed, null, this.failureMessage(error));
  }

  /** The -1 message; anything that is not the scheme's own failure is rethrown (a database error here is a 5030). */
  private failureMessage(error: unknown): "unavailable" | "refused" {
    if (error instanceof CoinSchemeUnavailableError) {
      this.log.warn({ err: error, reason: error.reason }, "coin scheme unavailable");
      return "unavailable";
    }
    if (error instanceof CoinSchemeRefusedError) {
      this.log.warn({ err: error, errorCode: error.errorCode }, "coin scheme refused");
      return "refused";
    }
    throw error;
  }
}
