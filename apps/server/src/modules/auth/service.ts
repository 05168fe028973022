import { ErrorCode } from "@hcoins/domain/codes";
import { isCommonPassword } from "@hcoins/domain/password";
import type { Language } from "@hcoins/domain/profile-options";
import { isUniqueViolation } from "@hcoins/server-kit/database-errors";
import type { Kysely } from "kysely";
import type { Config } from "../../config.ts";
import type { Counter, CounterFactory } from "../../counters.ts";
import type { Database, MemberRow } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import type { MemberService } from "../members/service.ts";
import type { SmsCodeService } from "../sms/service.ts";
import type { AccessTokens } from "./access-tokens.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import type { ResetTokens } from "./reset-tokens.ts";
import { parseSignedMessage, signatureValid } from "./signature.ts";

export type SignatureLoginResult =
  | { Status: "Success"; Data: { access_token: string } }
  | { Status: "Fail"; Message: string };

/** Login, logout, password reset, change and set, and signature login. */
export class AuthService {
  private readonly loginFailures: Counter;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly members: MemberService,
    private readonly sms: SmsCodeService,
    readonly accessTokens: AccessTokens,
    private readonly resetTokens: ResetTokens,
    counters: CounterFactory,
    private readonly config: Config,
    private readonly now: () => number,
  ) {
    this.loginFailures = counters.counter(
      "login-failures",
      config.LOGIN_MAX_FAILURES,
      config.LOGIN_LOCK_SECONDS,
    );
  }

  /**
   * The LOGIN_MAX_FAILURES-th consecutive failure locks the number for LOGIN_LOCK_SECONDS
   * (4290); earlier failures answer 5000 with the attempts left. Unknown numbers count alike.
   * The attempt is counted before the password is checked, so a burst of parallel guesses
   * cannot get more than LOGIN_MAX_FAILURES passwords checked; a success gives the count back.
   */
  async login(prefix: string, phone: string, password: string): Promise<string> {
    const lockKey = `${prefix}-${phone}`;
    const attempt = await this.loginFailures.consume(lockKey);
    if (!attempt.allowed) {
      throw new AppError(ErrorCode.loginLocked, {
        attempts_remaining: 0,
        retry_after_seconds: attempt.retryAfterSeconds,
      });
    }
    const member = await this.members.findByPhone(prefix, phone);
    if (!(await verifyPassword(member?.password_hash ?? null, password)) || !member) {
      if (attempt.remaining > 0) {
        throw new AppError(ErrorCode.loginFailed, { attempts_remaining: attempt.remaining });
      }
      await this.loginFailures.block(lockKey, this.config.LOGIN_LOCK_SECONDS);
      throw new AppError(ErrorCode.loginLocked, {
        attempts_remaining: 0,
        retry_after_seconds: this.config.LOGIN_LOCK_SECONDS,
      });
    }
    await this.loginFailures.reset(lockKey);
    if (member.disabled) throw new AppError(ErrorCode.accountDisabled);
    return this.accessTokens.issue(member.id);
  }

  logout(tokenHash: string) {
    return this.accessTokens.revoke(tokenHash);
  }

  /** Sends a reset code to members; for other numbers it sends nothing but answers the same. */
  async forgotPassword(prefix: string, phone: string, language: Language, clientAddress: string) {
    const member = await this.members.findByPhone(prefix, phone);
    const deliver = member !== undefined && !member.disabled;
    return this.sms.send({ prefix, phone, purpose: "reset" }, language, clientAddress, deliver);
  }

  /** A right reset code (used up here) buys a single-use reset token. */
  async exchangeResetCode(prefix: string, phone: string, code: string): Promise<string> {
    const member = await this.members.findByPhone(prefix, phone);
    if (!member) throw new AppError(ErrorCode.smsCodeInvalid);
    const key = { prefix, phone, purpose: "reset" } as const;
    // verify() queries outside any transaction: inside one it waits forever for SQLite's single connection.
    await this.sms.verify(key, code);
    return this.db.transaction().execute(async (trx) => {
      await this.sms.consumeVerified(key, code, trx);
      return this.resetTokens.issue(member.id, trx);
    });
  }

  /** A refused password leaves the token usable; success lifts the login lock and revokes every session. */
  async resetPassword(token: string, newPassword: string): Promise<void> {
    const memberId = await this.resetTokens.peek(token);
    if (memberId === null) throw new AppError(ErrorCode.smsCodeInvalid);
    rejectCommon(newPassword);
    const passwordHash = await hashPassword(newPassword);
    const member = await this.db.transaction().execute(async (trx) => {
      if (!(await this.resetTokens.use(token, trx))) throw new AppError(ErrorCode.smsCodeInvalid);
      await this.accessTokens.revokeAllOf(memberId, null, trx);
      return this.members.setPasswordHash(memberId, passwordHash, trx);
    });
    await this.loginFailures.reset(`${member.mobile_phone_prefix}-${member.mobile_phone}`);
  }

  /** Revokes the member's other sessions, keeping the caller's. */
  async changePassword(
    member: MemberRow,
    callerTokenHash: string | null,
    oldPassword: string,
    newPassword: string,
  ) {
    if (!(await verifyPassword(member.password_hash, oldPassword)))
      throw new AppError(ErrorCode.oldPasswordIncorrect);
    rejectCommon(newPassword);
    const passwordHash = await hashPassword(newPassword);
    await this.db.transaction().execute(async (trx) => {
      await this.members.setPasswordHash(member.id, passwordHash, trx);
      await this.accessTokens.revokeAllOf(member.id, callerTokenHash, trx);
    });
  }

  /** First password of an imported app member; 4206 once one exists. */
  async setPassword(member: MemberRow, newPassword: string): Promise<void> {
    if (member.password_hash !== null) throw new AppError(ErrorCode.passwordAlreadySet);
    rejectCommon(newPassword);
    const passwordHash = await hashPassword(newPassword);
    const updated = await this.db
      .updateTable("members")
      .set({ password_hash: passwordHash, updated_at: this.now() })
      .where("id", "=", member.id)
      .where("password_hash", "is", null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new AppError(ErrorCode.passwordAlreadySet);
  }

  /** HMAC first (constant time), then the message: fresh issued_at, unseen nonce, a known member. */
  async signatureLogin(message: unknown, signature: unknown): Promise<SignatureLoginResult> {
    const secret = this.config.SIGNATURE_LOGIN_SECRET;
    if (!secret) return fail("Signature login is not enabled");
    if (typeof message !== "string" || typeof signature !== "string" || !message || !signature) {
      return fail("Missing message or signature");
    }
    if (!signatureValid(message, signature, secret)) return fail("Invalid signature");
    const signed = parseSignedMessage(message);
    if (!signed) return fail("Malformed message");
    const nowSeconds = Math.floor(this.now() / 1000);
    if (Math.abs(nowSeconds - signed.issued_at) > this.config.SIGNATURE_LOGIN_WINDOW_SECONDS) {
      return fail("Message expired");
    }
    if (!(await this.rememberNonce(signed.nonce))) return fail("Message already used");
    const member = await this.members.findByPhone(signed.mobile_phone_prefix, signed.mobile_phone);
    if (!member || member.disabled) return fail("Member not found");
    return { Status: "Success", Data: { access_token: await this.accessTokens.issue(member.id) } };
  }

  /** Inserts the nonce; false when it was seen before. Old nonces are pruned on the way. */
  private async rememberNonce(nonce: string): Promise<boolean> {
    const now = this.now();
    const keepMs = this.config.SIGNATURE_LOGIN_WINDOW_SECONDS * 2 * 1000;
    await this.db
      .deleteFrom("signature_nonces")
      .where("seen_at", "<", now - keepMs)
      .execute();
    try {
      await this.db.insertInto("signature_nonces").values({ nonce, seen_at: now }).execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }
}

function rejectCommon(password: string) {
  if (isCommonPassword(password)) throw new AppError(ErrorCode.passwordTooCommon);
}

const fail = (Message: string): SignatureLoginResult => ({ Status: "Fail", Message });
