import { ErrorCode } from "@hcoins/domain/codes";
import type { Language } from "@hcoins/domain/languages";
import { isCommonPassword } from "@hcoins/domain/password";
import type { DatabaseHandle, TableViews } from "@hcoins/server-kit/database";
import type { Counter, CounterFactory } from "../../counters.ts";
import { AppError } from "../../errors.ts";
import { metrics } from "../../metrics.ts";
import { newToken, sha256 } from "../../secrets.ts";
import type { MemberRow, MemberService } from "../members/service.ts";
import type { SmsCodeService } from "../sms/service.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import type { AuthRepository } from "./repository.ts";
import { parseSignedMessage, signatureValid } from "./signature.ts";

export type SignatureLoginResult =
  | { Status: "Success"; Data: { access_token: string } }
  | { Status: "Fail"; Message: string };

const NONCE_MARGIN_SECONDS = 60;

export interface AuthConfig {
  loginMaxFailures: number;
  loginLockSeconds: number;
  resetTokenTtlSeconds: number;
  /** Unset: every signature login fails. */
  signatureLoginSecret: string | undefined;
  signatureLoginWindowSeconds: number;
}

/**
 * Login, logout, password reset, change and set, and signature login. Reset tokens are
 * single-use, handed out after a verified reset code, and stored hashed.
 */
export class AuthService {
  private readonly loginFailures: Counter;

  constructor(
    private readonly repo: AuthRepository,
    private readonly members: MemberService,
    private readonly sms: SmsCodeService,
    private readonly transaction: DatabaseHandle["transaction"],
    counters: CounterFactory,
    private readonly config: AuthConfig,
    private readonly now: () => number,
  ) {
    this.loginFailures = counters.counter("login-failures", config.loginMaxFailures, config.loginLockSeconds);
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
      await this.loginFailures.block(lockKey, this.config.loginLockSeconds);
      metrics.loginLocked();
      throw new AppError(ErrorCode.loginLocked, {
        attempts_remaining: 0,
        retry_after_seconds: this.config.loginLockSeconds,
      });
    }
    await this.loginFailures.reset(lockKey);
    if (member.disabled) throw new AppError(ErrorCode.accountDisabled);
    return this.members.issueAccessToken(member.id);
  }

  logout(tokenHash: string) {
    return this.members.revokeAccessToken(tokenHash);
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
    return this.transaction(async (trx) => {
      await this.sms.consumeVerified(key, code, trx);
      return this.issueResetToken(member.id, trx);
    });
  }

  /** A refused password leaves the token usable; success lifts the login lock and revokes every session. */
  async resetPassword(token: string, newPassword: string): Promise<void> {
    const tokenHash = sha256(token);
    const row = await this.repo.resetToken(tokenHash);
    if (!row || row.used_at !== null || row.expires_at <= this.now()) {
      throw new AppError(ErrorCode.smsCodeInvalid);
    }
    rejectCommon(newPassword);
    const passwordHash = await hashPassword(newPassword);
    const member = await this.transaction(async (trx) => {
      if (!(await this.repo.useResetToken(tokenHash, this.now(), trx))) {
        throw new AppError(ErrorCode.smsCodeInvalid);
      }
      await this.members.revokeAccessTokensOf(row.member_id, null, trx);
      return this.members.setPasswordHash(row.member_id, passwordHash, trx);
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
    await this.transaction(async (trx) => {
      await this.members.setPasswordHash(member.id, passwordHash, trx);
      await this.members.revokeAccessTokensOf(member.id, callerTokenHash, trx);
    });
  }

  /** First password of an imported app member; 4206 once one exists. */
  async setPassword(member: MemberRow, newPassword: string): Promise<void> {
    if (member.password_hash !== null) throw new AppError(ErrorCode.passwordAlreadySet);
    rejectCommon(newPassword);
    const passwordHash = await hashPassword(newPassword);
    if (!(await this.members.setFirstPasswordHash(member.id, passwordHash))) {
      throw new AppError(ErrorCode.passwordAlreadySet);
    }
  }

  /** HMAC first (constant time), then the message: fresh issued_at, unseen nonce, a known member. */
  async signatureLogin(message: unknown, signature: unknown): Promise<SignatureLoginResult> {
    const secret = this.config.signatureLoginSecret;
    if (!secret) return fail("Signature login is not enabled");
    if (typeof message !== "string" || typeof signature !== "string" || !message || !signature) {
      return fail("Missing message or signature");
    }
    if (!signatureValid(message, signature, secret)) return fail("Invalid signature");
    const signed = parseSignedMessage(message);
    if (!signed) return fail("Malformed message");
    const nowSeconds = Math.floor(this.now() / 1000);
    if (Math.abs(nowSeconds - signed.issued_at) > this.config.signatureLoginWindowSeconds) {
      return fail("Message expired");
    }
    const now = this.now();
    if (!(await this.repo.rememberNonce(signed.nonce, now, this.nonceHorizon(now)))) {
      return fail("Message already used");
    }
    const member = await this.members.findByPhone(signed.mobile_phone_prefix, signed.mobile_phone);
    if (!member || member.disabled) return fail("Member not found");
    return { Status: "Success", Data: { access_token: await this.members.issueAccessToken(member.id) } };
  }

  /**
   * A nonce seen at t came in a message issued within the window of t, and such a message is
   * refused ("Message expired") from about t + 2 windows on: a nonce older than that can never be
   * replayed, so forgetting it reopens nothing. The minute on top covers the whole seconds the
   * window is checked in and the clocks of instances that differ by less than that. Signature
   * logins prune on the way too.
   */
  private nonceHorizon(now: number): number {
    return now - (this.config.signatureLoginWindowSeconds * 2 + NONCE_MARGIN_SECONDS) * 1000;
  }

  /** Deletes the nonces no message can bring back (see nonceHorizon); returns how many. */
  purgeStaleNonces(now: number): Promise<number> {
    return this.repo.deleteNoncesSeenBefore(this.nonceHorizon(now));
  }

  /**
   * Deletes the reset tokens used up or expired: resetPassword refuses both, as it refuses an
   * unknown token. Returns how many.
   */
  purgeSpentResetTokens(now: number): Promise<number> {
    return this.repo.deleteSpentResetTokens(now);
  }

  private async issueResetToken(memberId: number, trx: TableViews): Promise<string> {
    const token = newToken();
    const createdAt = this.now();
    await this.repo.insertResetToken(
      {
        token_hash: sha256(token),
        member_id: memberId,
        created_at: createdAt,
        expires_at: createdAt + this.config.resetTokenTtlSeconds * 1000,
        used_at: null,
      },
      trx,
    );
    return token;
  }

  /** The member's reset tokens, for a data access request. */
  resetTokensOf(memberId: number) {
    return this.repo.resetTokensOf(memberId);
  }

  /** Deletes the member's reset tokens in the caller's transaction (erasure); returns how many. */
  eraseResetTokensOf(memberId: number, trx: TableViews): Promise<number> {
    return this.repo.deleteResetTokensOf(memberId, trx);
  }
}

function rejectCommon(password: string) {
  if (isCommonPassword(password)) throw new AppError(ErrorCode.passwordTooCommon);
}

const fail = (Message: string): SignatureLoginResult => ({ Status: "Fail", Message });
