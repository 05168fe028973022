import { ErrorCode } from "@hcoins/domain/codes";
import type { Language } from "@hcoins/domain/languages";
import { isCommonPassword } from "@hcoins/domain/password";
import type { DatabaseHandle, TableViews } from "@hcoins/server-kit/database";
import type { FastifyBaseLogger } from "fastify";
import type { Counter, CounterFactory } from "../../counters.ts";
import { AppError } from "../../errors.ts";
import { maskedNumber } from "../../masked-number.ts";
import { newToken, sha256 } from "../../secrets.ts";
import type { AuditService } from "../audit/service.ts";
import type { FiguresService } from "../figures/service.ts";
import type { MemberRow, MemberService } from "../members/service.ts";
import type { SmsCodeService } from "../sms/service.ts";
import { CountedAttempt, type FailureLimit } from "./counted-attempt.ts";
import type { DeviceCookies } from "./device-cookie.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import type { AuthRepository } from "./repository.ts";
import { parseSignedMessage, signatureValid } from "./signature.ts";

/** A login's access token, and the device cookie to leave on the client for its number. */
export interface LoginResult {
  accessToken: string;
  deviceCookie: string;
}

export type SignatureLoginResult =
  | { Status: "Success"; Data: { access_token: string } }
  | { Status: "Fail"; Message: string };

const NONCE_MARGIN_SECONDS = 60;

export interface AuthConfig {
  /** Failures per number from one client address. */
  loginMaxFailures: number;
  /** Failures per number from every address together. */
  loginNumberMaxFailures: number;
  /** Failures per client address on every number together. */
  loginClientMaxFailures: number;
  /** Failures of one number from a device its member logged in on (a valid device cookie). */
  deviceLoginMaxFailures: number;
  /** Wrong old passwords per member at change-password. */
  changePasswordMaxFailures: number;
  /** Wrong passwords per member given to confirm a redemption (step-up). */
  redeemPasswordMaxFailures: number;
  /** The window each of those counts in, and how long a spent one locks. */
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
  private readonly numberFailures: Counter;
  private readonly clientFailures: Counter;
  private readonly deviceFailures: Counter;
  private readonly changeFailures: Counter;
  private readonly redeemFailures: Counter;
  /**
   * Per number, how many times an operator has unlocked it lately: part of the per-address
   * failure keys, so an unlock lifts the number's lock from every address without knowing them.
   */
  private readonly unlocks: Counter;

  constructor(
    private readonly repo: AuthRepository,
    private readonly members: MemberService,
    private readonly sms: SmsCodeService,
    private readonly transaction: DatabaseHandle["transaction"],
    counters: CounterFactory,
    private readonly config: AuthConfig,
    private readonly audit: AuditService,
    private readonly figures: FiguresService,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
    readonly devices: DeviceCookies,
  ) {
    const window = config.loginLockSeconds;
    this.loginFailures = counters.counter("login-failures", config.loginMaxFailures, window);
    this.numberFailures = counters.counter("login-number-failures", config.loginNumberMaxFailures, window);
    this.clientFailures = counters.counter("login-client-failures", config.loginClientMaxFailures, window);
    this.deviceFailures = counters.counter("login-device-failures", config.deviceLoginMaxFailures, window);
    this.changeFailures = counters.counter(
      "change-password-failures",
      config.changePasswordMaxFailures,
      window,
    );
    this.redeemFailures = counters.counter(
      "redeem-password-failures",
      config.redeemPasswordMaxFailures,
      window,
    );
    // Outlives every per-address key made before an unlock (they count for one window at most).
    this.unlocks = counters.counter("login-unlocks", 1_000_000, window * 2);
  }

  /**
   * Failures count per number and client address: the LOGIN_MAX_FAILURES-th locks the number for
   * that address for LOGIN_LOCK_SECONDS (4290), so a stranger's guesses do not lock the member out
   * of their own login. Two ceilings stop what one address cannot: LOGIN_NUMBER_MAX_FAILURES per
   * number from every address (distributed guessing; it locks the number for every client
   * without a device cookie) and LOGIN_CLIENT_MAX_FAILURES per address on every number (spraying).
   * A failure answers 5000 with the fewest attempts any of them leaves. Unknown numbers count alike.
   *
   * A login carrying a valid device cookie of the number (OWASP's device cookies: the member
   * logged in on this browser before) counts on that device alone: DEVICE_LOGIN_MAX_FAILURES
   * failures lock that cookie, and no lock strangers caused refuses it. Any other cookie, forged,
   * altered, expired or another number's, is no cookie. A success leaves a fresh device cookie.
   */
  async login(
    prefix: string,
    phone: string,
    password: string,
    clientAddress: string,
    deviceCookie: string | null = null,
  ): Promise<LoginResult> {
    const number = `${prefix}-${phone}`;
    const device = await this.devices.nonceOf(deviceCookie, number);
    const limits = device
      ? [await this.deviceLimit(prefix, phone, device)]
      : await this.loginLimits(prefix, phone, clientAddress);
    const attempt = await CountedAttempt.begin(limits, this.config.loginLockSeconds, this.log);
    const member = await this.members.findByPhone(prefix, phone);
    if (!(await verifyPassword(member?.password_hash ?? null, password)) || !member) {
      const failure = await attempt.failed(ErrorCode.loginFailed);
      if (member && failure.errorCode === ErrorCode.loginLocked) {
        await this.audit.record({
          actor: "system",
          action: "member.locked",
          target: `member:${member.id}`,
          after: { retry_after_seconds: this.config.loginLockSeconds, ...(device ? { device: true } : {}) },
          address: clientAddress,
        });
      }
      throw failure;
    }
    await attempt.succeeded();
    if (member.disabled) throw new AppError(ErrorCode.accountDisabled);
    const accessToken = await this.members.issueAccessToken(member.id);
    await this.figures.count("logins");
    return { accessToken, deviceCookie: await this.devices.issue(number) };
  }

  /**
   * One device's failures at its number: keyed by the cookie's nonce in the number's unlock
   * generation, so an operator's unlock lifts a device's lock too.
   */
  private async deviceLimit(prefix: string, phone: string, nonce: string): Promise<FailureLimit> {
    const number = `${prefix}-${phone}`;
    return {
      counter: this.deviceFailures,
      key: await this.numberAtAddress(number, `device:${nonce}`),
      onSuccess: "reset",
      lockLog: {
        limit: "login-device",
        message: "login locked for one number on one trusted device (DEVICE_LOGIN_MAX_FAILURES)",
        fields: { number: maskedNumber(prefix, phone) },
      },
    };
  }

  /** The key of one number's failures from one address, in the number's current unlock generation. */
  private async numberAtAddress(number: string, clientAddress: string): Promise<string> {
    const generation = (await this.unlocks.peek(number))?.consumed ?? 0;
    return generation === 0 ? `${number}@${clientAddress}` : `${number}#${generation}@${clientAddress}`;
  }

  /**
   * Whether the number's login is locked, for an operator: the failures counted against it from
   * every address, and locked when the number's ceiling is spent or it has at least
   * LOGIN_MAX_FAILURES failures (then some address is locked out of it).
   */
  async loginState(prefix: string, phone: string) {
    const count = await this.numberFailures.peek(`${prefix}-${phone}`);
    const failures = Math.min(count?.consumed ?? 0, this.config.loginNumberMaxFailures);
    const locked = count !== null && (!count.allowed || count.consumed >= this.config.loginMaxFailures);
    return { locked, failures, retry_after_seconds: locked && count ? count.retryAfterSeconds : null };
  }

  /**
   * An operator's unlock: clears the number's failures from every address (a new unlock
   * generation) and its ceiling, and the member's change-password and redeeming-password locks.
   */
  async clearLoginFailures(member: MemberRow): Promise<void> {
    const number = `${member.mobile_phone_prefix}-${member.mobile_phone}`;
    await Promise.all([
      this.unlocks.consume(number),
      this.numberFailures.reset(number),
      this.changeFailures.reset(String(member.id)),
      this.redeemFailures.reset(String(member.id)),
    ]);
  }

  private async loginLimits(prefix: string, phone: string, clientAddress: string): Promise<FailureLimit[]> {
    const number = `${prefix}-${phone}`;
    const shown = maskedNumber(prefix, phone);
    return [
      {
        counter: this.loginFailures,
        key: await this.numberAtAddress(number, clientAddress),
        onSuccess: "reset",
        lockLog: {
          limit: "login",
          message: "login locked for one number from one address (LOGIN_MAX_FAILURES)",
          fields: { number: shown, client: clientAddress },
        },
      },
      {
        counter: this.numberFailures,
        key: number,
        onSuccess: "refund",
        lockLog: {
          limit: "login-number",
          message: "login locked for one number from every address (LOGIN_NUMBER_MAX_FAILURES)",
          fields: { number: shown },
        },
      },
      {
        counter: this.clientFailures,
        key: clientAddress,
        onSuccess: "refund",
        lockLog: {
          limit: "login-client",
          message: "login locked for one address on every number (LOGIN_CLIENT_MAX_FAILURES)",
          fields: { client: clientAddress },
        },
      },
    ];
  }

  logout(tokenHash: string) {
    return this.members.revokeAccessToken(tokenHash);
  }

  /**
   * Sends a reset code to members; for other numbers it sends nothing but answers the same. Asked
   * with a valid device cookie of the number, the code counts on that device's allowance instead
   * of the number's, which strangers can spend (SmsCodeService.send).
   */
  async forgotPassword(
    prefix: string,
    phone: string,
    language: Language,
    clientAddress: string,
    deviceCookie: string | null = null,
  ) {
    const member = await this.members.findByPhone(prefix, phone);
    const deliver = member !== undefined && !member.disabled;
    const device = await this.devices.nonceOf(deviceCookie, `${prefix}-${phone}`);
    return this.sms.send(
      { prefix, phone, purpose: "reset" },
      language,
      clientAddress,
      deliver,
      device ?? undefined,
    );
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

  /**
   * A refused password leaves the token usable; success revokes every session and lifts the locks
   * the member is held by: the number's ceiling, the number's lock for the address that reset it,
   * and the change-password and redeeming-password locks. Other addresses' locks on the number stay (a stranger's).
   */
  async resetPassword(token: string, newPassword: string, clientAddress: string): Promise<void> {
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
    const number = `${member.mobile_phone_prefix}-${member.mobile_phone}`;
    await Promise.all([
      this.numberFailures.reset(number),
      this.numberAtAddress(number, clientAddress).then((key) => this.loginFailures.reset(key)),
      this.changeFailures.reset(String(member.id)),
      this.redeemFailures.reset(String(member.id)),
    ]);
    await this.audit.record({
      actor: `member:${member.id}`,
      action: "member.passwordReset",
      target: `member:${member.id}`,
      address: clientAddress,
    });
  }

  /**
   * The member's password given again to confirm a redemption (step-up). Wrong ones count per
   * member on a counter of their own (4230 with the attempts left; the
   * REDEEM_PASSWORD_MAX_FAILURES-th locks redeeming by password for LOGIN_LOCK_SECONDS, 4290), so a
   * stolen session cannot guess its way to spending the coins, nor lock the owner's change-password.
   */
  async confirmPassword(member: MemberRow, password: string): Promise<void> {
    const redeemLimit: FailureLimit = {
      counter: this.redeemFailures,
      key: String(member.id),
      onSuccess: "reset",
      lockLog: {
        limit: "redeem-password",
        message: "redeeming by password locked for one member (REDEEM_PASSWORD_MAX_FAILURES)",
        fields: { memberId: member.id },
      },
    };
    const attempt = await CountedAttempt.begin([redeemLimit], this.config.loginLockSeconds, this.log);
    if (!(await verifyPassword(member.password_hash, password))) {
      throw await attempt.failed(ErrorCode.stepUpPasswordIncorrect);
    }
    await attempt.succeeded();
  }

  /**
   * Revokes the member's other sessions, keeping the caller's. Wrong old passwords count per
   * member like login failures (4205 with the attempts left; the CHANGE_PASSWORD_MAX_FAILURES-th
   * locks the change for LOGIN_LOCK_SECONDS, 4290), so a stolen session cannot guess its way to
   * the password and the owner's other sessions.
   */
  async changePassword(
    member: MemberRow,
    callerTokenHash: string | null,
    oldPassword: string,
    newPassword: string,
  ) {
    const changeLimit: FailureLimit = {
      counter: this.changeFailures,
      key: String(member.id),
      onSuccess: "reset",
      lockLog: {
        limit: "change-password",
        message: "change-password locked for one member (CHANGE_PASSWORD_MAX_FAILURES)",
        fields: { memberId: member.id },
      },
    };
    const attempt = await CountedAttempt.begin([changeLimit], this.config.loginLockSeconds, this.log);
    if (!(await verifyPassword(member.password_hash, oldPassword))) {
      throw await attempt.failed(ErrorCode.oldPasswordIncorrect);
    }
    await attempt.succeeded();
    rejectCommon(newPassword);
    const passwordHash = await hashPassword(newPassword);
    await this.transaction(async (trx) => {
      await this.members.setPasswordHash(member.id, passwordHash, trx);
      await this.members.revokeAccessTokensOf(member.id, callerTokenHash, trx);
      await this.audit.record(
        { actor: `member:${member.id}`, action: "member.passwordChange", target: `member:${member.id}` },
        trx,
      );
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
    const token = await this.members.issueAccessToken(member.id);
    await this.figures.count("logins");
    return { Status: "Success", Data: { access_token: token } };
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
