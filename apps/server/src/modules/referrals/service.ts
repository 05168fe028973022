import { createHmac, randomBytes } from "node:crypto";
import type { MemberReferrals } from "@hcoins/domain/api/member-coins";
import { ErrorCode } from "@hcoins/domain/codes";
import type { DatabaseHandle, TableViews } from "@hcoins/server-kit/database";
import { isUniqueViolation } from "@hcoins/server-kit/database-errors";
import type { FastifyBaseLogger } from "fastify";
import { AppError, validationError } from "../../errors.ts";
import {
  type CoinSchemeClient,
  CoinSchemeRefusedError,
  CoinSchemeUnavailableError,
  type ReferralRecordInput,
} from "../coins/coin-scheme-client.ts";
import { messageFields } from "../coins/messages.ts";
import { type CoinsService, memberRefOf } from "../coins/service.ts";
import type { MemberRow, MemberService } from "../members/service.ts";
import { memberSubject, type SchemeOutbox } from "../scheme-outbox/service.ts";
import type { SettingsService } from "../settings/service.ts";
import { newReferralCode, normaliseReferralCode } from "./referral-codes.ts";
import type { ReferralRepository } from "./repository.ts";
import type { MemberReferralRow } from "./tables.ts";

/** The outbox step that records a referral in the coin scheme. */
const REFERRAL_STEP = "referral-record";
/** The settings key of the secret the number and device hashes are keyed with. */
const HASH_SECRET_KEY = "referral_hash_secret";
const CODE_ATTEMPTS = 5;
/** A device id the web app sends (X-Device-Id): its own random id, never a fingerprint. */
const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;
/** The referrals a member's page lists at most. */
const LISTED = 100;
const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/** A referral checked and hashed, to be written in the caller's transaction. */
export interface PendingReferral {
  referrerMemberId: number;
  phoneHash: string;
  deviceHash: string | null;
}

/**
 * Referral codes and referrals on the member server's side: each member's own code (made at
 * registration, or when an earlier member first asks for it), the check of a code a new member
 * typed (a code of no member is refused, `referralUnknown`, rather than losing the reward
 * silently; their own, `referralOwnCode`), and the referral itself, with keyed hashes of the new
 * member's number and device. The coin scheme hears of it through the scheme outbox once the new
 * member's H Coins account is linked (`accountLinked`): it rewards it at their first qualifying
 * purchase.
 */
export class ReferralService {
  private secret: Promise<string> | undefined;

  constructor(
    private readonly repo: ReferralRepository,
    private readonly members: MemberService,
    private readonly settings: SettingsService,
    private readonly outbox: SchemeOutbox,
    private readonly transaction: DatabaseHandle["transaction"],
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
    private readonly scheme: CoinSchemeClient,
    private readonly coins: CoinsService,
  ) {
    outbox.define<ReferralRecordInput, unknown>(REFERRAL_STEP, {
      invoke: (scheme, referral) => scheme.recordReferral(referral),
    });
  }

  /** The member's own code, made now when they have none (members from before referrals). */
  async codeOf(memberId: number, trx?: TableViews): Promise<string> {
    const held = await this.repo.codeOf(memberId, trx);
    if (held) return held;
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.repo.addCode(memberId, newReferralCode(), this.now(), trx);
        return (await this.repo.codeOf(memberId, trx)) as string;
      } catch (error) {
        // Two first asks at once (the member's code), or a code taken: read it, or draw again.
        if (!isUniqueViolation(error) || trx || attempt >= CODE_ATTEMPTS) throw error;
        const made = await this.repo.codeOf(memberId);
        if (made) return made;
      }
    }
  }

  /**
   * The referral a typed code makes, checked and hashed before the caller's transaction; null when
   * none was typed. Refuses a code of no member and the member's own (`member` is null at
   * registration). `number` is the new member's mobile number.
   */
  async referralFor(
    typed: string | null | undefined,
    member: MemberRow | null,
    number: { prefix: string; phone: string },
    deviceId: string | null,
  ): Promise<PendingReferral | null> {
    if (typed === null || typed === undefined || typed.trim() === "") return null;
    const memberId = await this.repo.memberOfCode(normaliseReferralCode(typed));
    if (memberId === undefined) throw validationError([{ field: "referral_code", rule: "referralUnknown" }]);
    if (memberId === member?.id) throw validationError([{ field: "referral_code", rule: "referralOwnCode" }]);
    const validDevice = deviceId !== null && DEVICE_ID.test(deviceId) ? deviceId : null;
    return {
      referrerMemberId: memberId,
      phoneHash: await this.hash(`phone:${number.prefix}${number.phone}`),
      deviceHash: validDevice === null ? null : await this.hash(`device:${validDevice}`),
    };
  }

  /** In the registration's transaction: the new member's own code, and their referral if they typed a code. */
  async registered(member: MemberRow, referral: PendingReferral | null, trx: TableViews) {
    await this.codeOf(member.id, trx);
    if (referral) await this.record(member, referral, trx);
  }

  /**
   * Complete-profile: an app member who types a referral code (a changed one; a code stored
   * before referrals matched nothing). Only a member's first referral counts.
   */
  async profileCompleted(member: MemberRow, typed: string | null | undefined, deviceId: string | null) {
    if (typed === undefined || typed === null || typed === member.referral_code) return;
    const number = { prefix: member.mobile_phone_prefix, phone: member.mobile_phone };
    const referral = await this.referralFor(typed, member, number, deviceId);
    if (!referral || (await this.repo.referralOf(member.id))) return;
    try {
      await this.transaction((trx) => this.record(member, referral, trx));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    // Completed after the link (an app member often has an account already): tell the scheme now.
    if (member.external_customer_id !== null) await this.accountLinked(member);
  }

  private async record(member: MemberRow, referral: PendingReferral, trx: TableViews) {
    await this.repo.addReferral(
      {
        referrer_member_id: referral.referrerMemberId,
        referred_member_id: member.id,
        phone_hash: referral.phoneHash,
        device_hash: referral.deviceHash,
        created_at: this.now(),
        sent_at: null,
      },
      trx,
    );
  }

  /**
   * The member's H Coins account is linked now. The scheme knows both sides of a referral by their
   * linked accounts, so a referral is handed over once both are linked: the member's own referral
   * (as the one referred) if their referrer is linked, and those they made whose friend is. Each
   * becomes a step of the scheme outbox (the referred member's subject), delivered at once and
   * retried if the scheme cannot take it. Never fails the link: a failure is logged, and the next
   * link (or link check that completes one) sends it.
   */
  async accountLinked(member: MemberRow): Promise<void> {
    try {
      const own = await this.repo.referralOf(member.id);
      if (own && own.sent_at === null) {
        const referrer = await this.members.findById(own.referrer_member_id);
        if (referrer?.external_customer_id) await this.handOver(own, referrer, member);
      }
      for (const made of await this.repo.unsentBy(member.id)) {
        const referred = await this.members.findById(made.referred_member_id);
        if (referred?.external_customer_id) await this.handOver(made, member, referred);
      }
    } catch (error) {
      this.log.error({ err: error, memberId: member.id }, "referral not handed to the coin scheme");
    }
  }

  private async handOver(referral: MemberReferralRow, referrer: MemberRow, referred: MemberRow) {
    const step = await this.transaction(async (trx) => {
      if (!(await this.repo.markSent(referral.id, this.now(), trx))) return null;
      return this.outbox.add<ReferralRecordInput>(
        REFERRAL_STEP,
        memberSubject(referred.id),
        {
          referrerMemberRef: memberRefOf(referrer),
          referredMemberRef: memberRefOf(referred),
          phoneHash: referral.phone_hash,
          deviceHash: referral.device_hash,
        },
        trx,
      );
    });
    if (step !== null) await this.outbox.deliver([step]);
  }

  /**
   * hcoin-referrals: the member's code and share path, the operators' offer, and their referrals:
   * those the scheme holds (by the member's account) with their states, and before them those
   * still waiting for the friend's account to be linked.
   */
  async mine(member: MemberRow): Promise<MemberReferrals> {
    const code = await this.codeOf(member.id);
    const [offer, made, account] = await this.ask(() =>
      Promise.all([this.offer(), this.repo.madeBy(member.id, LISTED), this.coins.ownAccount(member)]),
    );
    const waiting = made
      .filter((row) => row.sent_at === null)
      .map((row) => ({
        state: "waiting" as const,
        refused_reason: null,
        registered_at: iso(row.created_at),
        decided_at: null,
      }));
    const held =
      account === null
        ? []
        : (
            await this.ask(() =>
              this.scheme.referrals({ hcoinsMemberNo: account }, { limit: LISTED, offset: 0 }),
            )
          ).referrals
            .filter((row) => row.referrer_memberno === account)
            .map((row) => ({
              state: row.state,
              refused_reason: row.refused_reason,
              registered_at: row.recorded_at,
              decided_at: row.decided_at,
            }));
    return {
      code,
      share_path: `/register?ref=${encodeURIComponent(code)}`,
      offer,
      referrals: [...waiting, ...held],
    };
  }

  private async offer(): Promise<MemberReferrals["offer"]> {
    const { settings } = await this.scheme.referralSettings();
    if (!settings?.active) return null;
    const [referrer, referred] = await Promise.all([
      this.scheme.reward(settings.referrer_reward_id),
      this.scheme.reward(settings.referred_reward_id),
    ]);
    return {
      referrer_reward: { id: referrer.reward.id, title: referrer.reward.title },
      referred_reward: { id: referred.reward.id, title: referred.reward.title },
      min_net_amount: settings.min_net_amount,
      cap_per_referrer: settings.cap_per_referrer,
    };
  }

  /** The scheme refusing or not answering is 5030 with the reason, as the member's other coin calls. */
  private async ask<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof CoinSchemeRefusedError || error instanceof CoinSchemeUnavailableError) {
        this.log.warn({ err: error }, "coin scheme did not answer the member's referrals");
        const reason = error instanceof CoinSchemeRefusedError ? "refused" : "unavailable";
        throw new AppError(ErrorCode.serviceUnavailable, messageFields(reason));
      }
      throw error;
    }
  }

  /** An erasure: the member's own code goes (their referrals keep member ids and hashes only). */
  eraseCodeOf(memberId: number, trx: TableViews) {
    return this.repo.removeCode(memberId, trx);
  }

  /** The member's code and referral for a data access request. */
  async dataOf(memberId: number) {
    return {
      code: await this.repo.codeOf(memberId),
      referredBy: await this.repo.referralOf(memberId),
      made: await this.repo.madeBy(memberId, 1000),
    };
  }

  private async hash(text: string): Promise<string> {
    this.secret ??= this.settings.valueOrInitial(HASH_SECRET_KEY, randomBytes(32).toString("base64url"));
    return createHmac("sha256", await this.secret)
      .update(text)
      .digest("hex");
  }
}
