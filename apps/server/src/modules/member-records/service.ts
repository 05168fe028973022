import type { HistoryEntry, MemberEdit } from "@hcoins/domain/api/console-member-records";
import { RECORDS_PAGE_SIZE } from "@hcoins/domain/api/console-member-records";
import { ErrorCode } from "@hcoins/domain/codes";
import type { Language } from "@hcoins/domain/languages";
import type { DatabaseHandle } from "@hcoins/server-kit/database";
import type { FastifyBaseLogger } from "fastify";
import { AppError, validationError } from "../../errors.ts";
import type { Actor, AuditService } from "../audit/service.ts";
import {
  type CoinSchemeClient,
  CoinSchemeRefusedError,
  CoinSchemeUnavailableError,
} from "../coins/coin-scheme-client.ts";
import type { MemberRow, MemberService } from "../members/service.ts";
import { memberSubject, type SchemeOutbox } from "../scheme-outbox/service.ts";
import type { SmsCodeService } from "../sms/service.ts";
import type { MemberRecordRepository } from "./repository.ts";

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();
const SCHEME_ACCOUNT_TAKEN = 6010;

/** The outbox step that moves the member's scheme account to their new number. */
const NUMBER_STEP = "account-number";
type NumberStep = {
  memberId: number;
  hcoinsMemberNo: string;
  from: NewNumber;
  to: NewNumber;
  /** Who changed it: the compensation's audit entry names them. */
  by: Actor;
};

export interface NewNumber {
  prefix: string;
  phone: string;
}

/**
 * Customer service's changes to the member record, each with a reason and one audit entry of what
 * it changed: name and email, a birth month correction, the mobile number (proved by a code the
 * member reads out from an SMS to the new number); and the case notes and history on the member page.
 */
export class MemberRecordService {
  constructor(
    private readonly members: MemberService,
    private readonly sms: SmsCodeService,
    private readonly coinScheme: CoinSchemeClient,
    private readonly audit: AuditService,
    private readonly repo: MemberRecordRepository,
    private readonly transaction: DatabaseHandle["transaction"],
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
    private readonly outbox: SchemeOutbox,
  ) {
    outbox.define<NumberStep, unknown>(NUMBER_STEP, {
      invoke: (scheme, step) => scheme.changePhone(step.hcoinsMemberNo, step.to.prefix, step.to.phone),
      compensate: (step, refusal) => this.undoNumberChange(step, refusal),
    });
  }

  async member(id: number): Promise<MemberRow> {
    const member = await this.members.findById(id);
    if (!member) throw new AppError(ErrorCode.notFound);
    return member;
  }

  /** First and last name and email, under the profile's own rules (40010 a taken email). */
  async edit(id: number, edit: Omit<MemberEdit, "reason">, reason: string, by: Actor): Promise<void> {
    const member = await this.member(id);
    const changed = (["first_name", "last_name", "email"] as const).filter(
      (field) => edit[field] !== undefined && edit[field] !== member[field],
    );
    if (changed.length === 0) throw validationError([{ field: "first_name", rule: "nothingToChange" }]);
    const changes = Object.fromEntries(changed.map((field) => [field, edit[field]]));
    await this.members.saveProfile(member, changes);
    await this.audit.record({
      ...by,
      action: "member.edit",
      target: `member:${member.id}`,
      before: Object.fromEntries(changed.map((field) => [field, member[field]])),
      after: { ...changes, reason },
    });
  }

  /**
   * Corrects the birth month, at the scheme first (its birthday bonus follows it) when the member
   * has an account there: a scheme that cannot record it changes nothing (5030). Executes at once;
   * an approval step, when there is one, calls it once approved.
   */
  async correctBirthMonth(memberId: number, month: number, reason: string, by: Actor): Promise<void> {
    const member = await this.member(memberId);
    if (member.birthday_month === month)
      throw validationError([{ field: "birthday_month", rule: "nothingToChange" }]);
    if (member.external_customer_id) {
      try {
        await this.coinScheme.correctBirthMonth(member.external_customer_id, month);
      } catch (error) {
        if (error instanceof CoinSchemeRefusedError || error instanceof CoinSchemeUnavailableError) {
          this.log.warn({ err: error, memberId }, "birth month correction failed at the scheme");
          throw new AppError(ErrorCode.serviceUnavailable);
        }
        throw error;
      }
    }
    await this.members.correctBirthMonth(member.id, month);
    await this.audit.record({
      ...by,
      action: "member.correctBirthMonth",
      target: `member:${member.id}`,
      before: { birthday_month: member.birthday_month },
      after: { birthday_month: month, reason },
    });
  }

  /** Why a number cannot become this member's: their own already, another member's (4267), blocked (4268). */
  private async refuseNumber(member: MemberRow, { prefix, phone }: NewNumber): Promise<void> {
    if (member.mobile_phone_prefix === prefix && member.mobile_phone === phone)
      throw validationError([{ field: "mobile_phone", rule: "sameNumber" }]);
    if (await this.members.findByPhone(prefix, phone)) throw new AppError(ErrorCode.mobileNumberTaken);
    if (await this.members.isBlocked(prefix, phone)) throw new AppError(ErrorCode.mobileNumberBlocked);
  }

  /**
   * Sends a code to the new number through the SMS code service and its limits (audited: an operator
   * made an SMS go to a number). The operator is
   * the client that asks: its limits per address count per operator, so a contact centre behind one
   * address is not one client.
   */
  async sendNumberCode(memberId: number, number: NewNumber, language: Language, by: Actor) {
    const member = await this.member(memberId);
    await this.refuseNumber(member, number);
    const sent = await this.sms.send({ ...number, purpose: "register" }, language, by.actor, true);
    await this.audit.record({
      ...by,
      action: "member.numberChangeCode",
      target: `member:${member.id}`,
      after: { mobile_phone_prefix: number.prefix, mobile_phone: number.phone },
    });
    return sent;
  }

  /**
   * The number change: the code the member read out (4201 wrong or expired), the old number into
   * the history, every session ended and the audit entry in one transaction, with the outbox step
   * that moves the scheme's account to the new number, delivered once it commits. 4269 when another
   * account holds the number: asked first, and should the scheme still refuse the move (taken
   * meanwhile), the step's compensation puts the old number back. A scheme that cannot answer now
   * gets the step later (the outbox retries it).
   */
  async changeNumber(memberId: number, number: NewNumber, code: string, reason: string, by: Actor) {
    const member = await this.member(memberId);
    await this.refuseNumber(member, number);
    const hcoinsMemberNo = member.external_customer_id;
    if (hcoinsMemberNo) await this.refuseSchemeConflict(hcoinsMemberNo, number);
    const key = { ...number, purpose: "register" } as const;
    // verify() queries outside any transaction: inside one it waits forever for SQLite's single connection.
    await this.sms.verify(key, code);
    const step = await this.transaction(async (trx) => {
      await this.sms.consumeVerified(key, code, trx);
      await this.repo.addPhone(
        {
          member_id: member.id,
          mobile_phone_prefix: member.mobile_phone_prefix,
          mobile_phone: member.mobile_phone,
          replaced_at: this.now(),
          replaced_by: by.actor,
          reason,
        },
        trx,
      );
      await this.members.changeMobileNumber(member.id, number.prefix, number.phone, trx);
      await this.members.revokeAccessTokensOf(member.id, null, trx);
      await this.audit.record(
        {
          ...by,
          action: "member.changeMobileNumber",
          target: `member:${member.id}`,
          before: { mobile_phone_prefix: member.mobile_phone_prefix, mobile_phone: member.mobile_phone },
          after: { mobile_phone_prefix: number.prefix, mobile_phone: number.phone, reason },
        },
        trx,
      );
      if (!hcoinsMemberNo) return null;
      const move: NumberStep = {
        memberId: member.id,
        hcoinsMemberNo,
        from: { prefix: member.mobile_phone_prefix, phone: member.mobile_phone },
        to: number,
        by,
      };
      return this.outbox.add(NUMBER_STEP, memberSubject(member.id), move, trx);
    });
    if (step === null) return;
    const [outcome] = await this.outbox.deliver([step]);
    if (outcome?.state === "refused") {
      if (outcome.refusal.errorCode === SCHEME_ACCOUNT_TAKEN)
        throw new AppError(ErrorCode.schemeNumberConflict);
      throw new AppError(ErrorCode.serviceUnavailable);
    }
  }

  /**
   * The compensation of a number change the scheme refused: the member's old number back (when
   * the member still holds the new one), the new one into the history, and an audit entry naming
   * the refusal. Sessions the change ended stay ended.
   */
  private async undoNumberChange(step: NumberStep, refusal: CoinSchemeRefusedError) {
    const member = await this.members.findById(step.memberId);
    if (!member || member.mobile_phone_prefix !== step.to.prefix || member.mobile_phone !== step.to.phone)
      return;
    const reason = `the coin scheme refused the move (${refusal.errorCode})`;
    await this.transaction(async (trx) => {
      await this.repo.addPhone(
        {
          member_id: member.id,
          mobile_phone_prefix: step.to.prefix,
          mobile_phone: step.to.phone,
          replaced_at: this.now(),
          replaced_by: "system",
          reason,
        },
        trx,
      );
      await this.members.changeMobileNumber(member.id, step.from.prefix, step.from.phone, trx);
      await this.audit.record(
        {
          ...step.by,
          action: "member.undoNumberChange",
          target: `member:${member.id}`,
          before: { mobile_phone_prefix: step.to.prefix, mobile_phone: step.to.phone },
          after: { mobile_phone_prefix: step.from.prefix, mobile_phone: step.from.phone, reason },
        },
        trx,
      );
    });
  }

  private async refuseSchemeConflict(hcoinsMemberNo: string, { prefix, phone }: NewNumber) {
    const holder = await this.schemeCall(() => this.coinScheme.findAccountByPhone(prefix, phone));
    if (holder && holder.hcoins_memberno !== hcoinsMemberNo)
      throw new AppError(ErrorCode.schemeNumberConflict);
  }

  private async schemeCall<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof CoinSchemeRefusedError && error.errorCode === SCHEME_ACCOUNT_TAKEN)
        throw new AppError(ErrorCode.schemeNumberConflict);
      if (error instanceof CoinSchemeRefusedError || error instanceof CoinSchemeUnavailableError) {
        this.log.warn({ err: error }, "number change failed at the scheme");
        throw new AppError(ErrorCode.serviceUnavailable);
      }
      throw error;
    }
  }

  /** The member's earlier numbers and case notes as stored, for a data access request. */
  async dataOf(memberId: number) {
    const [phones, notes] = await Promise.all([this.repo.phonesOf(memberId), this.repo.allNotesOf(memberId)]);
    return { phones, notes };
  }

  async phoneHistory(memberId: number) {
    const member = await this.member(memberId);
    return (await this.repo.phonesOf(member.id)).map((row) => ({
      mobile_phone_prefix: row.mobile_phone_prefix,
      mobile_phone: row.mobile_phone,
      replaced_at: iso(row.replaced_at),
      replaced_by: row.replaced_by,
      reason: row.reason,
    }));
  }

  async caseNotes(memberId: number, page: number) {
    const member = await this.member(memberId);
    const [rows, total] = await Promise.all([
      this.repo.notesOf(member.id, RECORDS_PAGE_SIZE, (page - 1) * RECORDS_PAGE_SIZE),
      this.repo.noteCount(member.id),
    ]);
    return { notes: rows.map(noteView), total };
  }

  async addCaseNote(memberId: number, note: string, by: Actor) {
    const member = await this.member(memberId);
    const row = await this.repo.addNote(member.id, note, by.actor, this.now());
    await this.audit.record({
      ...by,
      action: "member.caseNote",
      target: `member:${member.id}`,
      after: { note_id: row.id },
    });
    return noteView(row);
  }

  /** The audit entries naming the member as their target, newest first, with the reason each gave. */
  async history(memberId: number, page: number): Promise<{ entries: HistoryEntry[]; total: number }> {
    const member = await this.member(memberId);
    const { entries, total } = await this.audit.search(
      { target: `member:${member.id}` },
      page,
      RECORDS_PAGE_SIZE,
    );
    return {
      entries: entries.map((entry) => ({
        id: entry.id,
        at: entry.at,
        actor: entry.actor,
        action: entry.action,
        reason: typeof entry.after?.reason === "string" ? entry.after.reason : null,
        before: entry.before,
        after: entry.after,
      })),
      total,
    };
  }
}

const noteView = (row: { id: number; note: string; author: string; created_at: number }) => ({
  id: row.id,
  note: row.note,
  author: row.author,
  created_at: iso(row.created_at),
});
