import { type ConsoleOperator, type OperatorRole, ROLE_PERMISSIONS } from "@hcoins/domain/api/console";
import { ErrorCode } from "@hcoins/domain/codes";
import { isCommonPassword, passwordFormatOk } from "@hcoins/domain/password";
import { isUniqueViolation } from "@hcoins/server-kit/database-errors";
import type { FastifyBaseLogger } from "fastify";
import type { Selectable } from "kysely";
import type { Counter, CounterFactory } from "../../counters.ts";
import { AppError, validationError } from "../../errors.ts";
import { newToken, sha256 } from "../../secrets.ts";
import type { Actor, AuditService } from "../audit/service.ts";
import { CountedAttempt, type FailureLimit } from "../auth/counted-attempt.ts";
import { hashPassword, verifyPassword } from "../auth/passwords.ts";
import type { OperatorRepository } from "./repository.ts";
import type { OperatorSessions } from "./sessions.ts";
import type { OperatorsTable } from "./tables.ts";
import { newTotpSecret, otpauthUri, totpStep } from "./totp.ts";

/** An operator as the other modules and the routes receive them. */
export type OperatorRow = Selectable<OperatorsTable>;

export interface OperatorConfig {
  /** Where the sign-in link points: `<origin>/console/invitation#<token>`. */
  publicUrl: string;
  invitationTtlHours: number;
  /** Failed sign-ins per email from one address before that address is locked out of it. */
  emailMaxFailures: number;
  /** Failed sign-ins per email from every address together (distributed guessing). */
  emailCeiling: number;
  /** Failed sign-ins per address on every email together (spraying). */
  clientMaxFailures: number;
  lockSeconds: number;
}

/** An email that already names an operator. */
export class OperatorExists extends Error {}
/** No operator has that email. */
export class OperatorUnknown extends Error {}
/** The email names a disabled operator: re-enable them (OperatorLifecycle.enable) rather than add one. */
export class OperatorDisabledEmail extends Error {
  constructor(readonly operatorId: number) {
    super("disabled operator");
  }
}
/** A new link or authenticator was asked for a disabled operator. */
export class OperatorIsDisabled extends Error {}

export const operatorView = (operator: OperatorRow): ConsoleOperator => ({
  id: operator.id,
  email: operator.email,
  role: operator.role,
  permissions: [...ROLE_PERMISSIONS[operator.role]],
});

/** An operator may not disable themselves. */
export class OperatorSelfDisable extends Error {}
/** The operator is the last active administrator who can sign in. */
export class LastAdministrator extends Error {}

/** The actor an operator's console calls are recorded under (console-auth's actorOf). */
export const operatorActor = (email: string) => `operator:${email}`;

/** An administrator who is not disabled and has set up their sign-in. */
export const canAdminister = (operator: OperatorRow) =>
  operator.role === "administrator" && operator.active === 1 && operator.activated_at !== null;

/** Emails are kept trimmed and lower-case, as the sign-in form sends them. */
const normalEmail = (email: string) => email.trim().toLowerCase();

export const auditView = (operator: OperatorRow) => ({
  email: operator.email,
  role: operator.role,
  active: operator.active === 1,
  activated: operator.activated_at !== null,
});

/**
 * The console's operators: created by an administrator (or the CLI) with a one-time sign-in link,
 * activated with a password (the members' rules, argon2id) and a TOTP authenticator, then signed
 * in with email, password and a code. Sign-in failures count as members' logins do (auth/service.ts):
 * per email and address, so a stranger's guesses lock only their own address out of the operator's
 * account; per email from every address (a much higher ceiling, against distributed guessing); and
 * per address on every email. They answer one generic 4241 whichever factor was wrong.
 */
export class OperatorService {
  private readonly emailAtAddressFailures: Counter;
  private readonly emailFailures: Counter;
  private readonly clientFailures: Counter;
  /**
   * Per email, how many times an administrator has unlocked it lately: part of the per-address
   * failure keys, so an unlock lifts the email's lock from every address without knowing them.
   */
  private readonly unlocks: Counter;

  constructor(
    private readonly repo: OperatorRepository,
    readonly sessions: OperatorSessions,
    private readonly audit: AuditService,
    counters: CounterFactory,
    private readonly config: OperatorConfig,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
  ) {
    this.emailAtAddressFailures = counters.counter(
      "operator-sign-in-email-address",
      config.emailMaxFailures,
      config.lockSeconds,
    );
    this.emailFailures = counters.counter("operator-sign-in-email", config.emailCeiling, config.lockSeconds);
    this.clientFailures = counters.counter(
      "operator-sign-in-client",
      config.clientMaxFailures,
      config.lockSeconds,
    );
    // Outlives every per-address key made before an unlock (they count for one window at most).
    this.unlocks = counters.counter("operator-sign-in-unlocks", 1_000_000, config.lockSeconds * 2);
  }

  list() {
    return this.repo.all();
  }

  byId(id: number) {
    return this.repo.byId(id);
  }

  /** Creates the operator and answers their sign-in link; OperatorExists for a known email. */
  async add(
    rawEmail: string,
    role: OperatorRole,
    by: Actor,
  ): Promise<{ operator: OperatorRow; link: string }> {
    const email = normalEmail(rawEmail);
    const token = newToken();
    let operator: OperatorRow;
    try {
      operator = await this.repo.insert({
        email,
        role,
        password_hash: null,
        totp_secret: null,
        pending_totp_secret: null,
        last_totp_step: null,
        invitation_hash: sha256(token),
        invitation_expires_at: this.invitationExpiry(),
        active: 1,
        activated_at: null,
        last_sign_in_at: null,
        created_at: this.now(),
        created_by: by.actor,
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const existing = await this.repo.byEmail(email);
      if (existing && !existing.active) throw new OperatorDisabledEmail(existing.id);
      throw new OperatorExists(email);
    }
    await this.audit.record({
      ...by,
      action: "operator.add",
      target: `operator:${operator.id}`,
      after: auditView(operator),
    });
    return { operator, link: this.link(token) };
  }

  /**
   * A new sign-in link (the last one lost or expired); the old one stops working. For an active
   * operator it also resets the password and authenticator at the next activation.
   */
  async invite(email: string, by: Actor): Promise<{ operator: OperatorRow; link: string }> {
    const before = await this.existing(email);
    // A disabled operator's link would open nothing: re-enabling gives one.
    if (!before.active) throw new OperatorIsDisabled();
    const invitation = this.freshInvitation();
    const operator = await this.repo.update(before.id, { ...invitation.values, pending_totp_secret: null });
    await this.audit.record({
      ...by,
      action: "operator.invite",
      target: `operator:${operator.id}`,
      before: auditView(before),
      after: auditView(operator),
    });
    return { operator, link: invitation.link };
  }

  /** A new one-time link: the columns that store it (hashed) and the link to show once. */
  freshInvitation() {
    const token = newToken();
    return {
      link: this.link(token),
      values: { invitation_hash: sha256(token), invitation_expires_at: this.invitationExpiry() },
    };
  }

  /**
   * Whether failed sign-ins lock the email: locked when its ceiling is spent or it has at least
   * OPERATOR_SIGN_IN_MAX_FAILURES failures (then some address is locked out of it).
   */
  async signInState(email: string) {
    const count = await this.emailFailures.peek(email);
    const failures = Math.min(count?.consumed ?? 0, this.config.emailCeiling);
    const locked = count !== null && (!count.allowed || count.consumed >= this.config.emailMaxFailures);
    return { locked, failures, retry_after_seconds: locked && count ? count.retryAfterSeconds : null };
  }

  /**
   * An administrator's unlock: clears the email's failures from every address (a new unlock
   * generation) and its ceiling. The per-address count of every email is left: it guards
   * against one address spraying many emails, not this operator.
   */
  async unlock(operator: OperatorRow, by: Actor): Promise<void> {
    const before = await this.signInState(operator.email);
    await Promise.all([this.unlocks.consume(operator.email), this.emailFailures.reset(operator.email)]);
    await this.audit.record({
      ...by,
      action: "operator.unlock",
      target: `operator:${operator.id}`,
      before: { email: operator.email, locked: before.locked, failures: before.failures },
      after: { email: operator.email, locked: false, failures: 0 },
    });
  }

  /**
   * Disables the operator and ends their sessions; their links stop working. Refused for the
   * operator acting (OperatorSelfDisable) and for the last administrator who can sign in
   * (LastAdministrator): either would leave the console without anyone to administer it.
   */
  async disable(email: string, by: Actor): Promise<OperatorRow> {
    const before = await this.existing(email);
    if (by.actor === operatorActor(before.email)) throw new OperatorSelfDisable();
    if (canAdminister(before)) {
      const others = (await this.repo.all()).filter((one) => one.id !== before.id && canAdminister(one));
      if (others.length === 0) throw new LastAdministrator();
    }
    const operator = await this.repo.update(before.id, {
      active: 0,
      invitation_hash: null,
      invitation_expires_at: null,
    });
    await this.sessions.revokeAllOf(operator.id);
    await this.audit.record({
      ...by,
      action: "operator.disable",
      target: `operator:${operator.id}`,
      before: auditView(before),
      after: auditView(operator),
    });
    return operator;
  }

  /** Opening the link: who it sets up and the authenticator secret to enrol (the same one until activation). */
  async openInvitation(token: string) {
    const operator = await this.invited(token);
    const secret = operator.pending_totp_secret ?? newTotpSecret();
    if (!operator.pending_totp_secret) await this.repo.update(operator.id, { pending_totp_secret: secret });
    return { email: operator.email, role: operator.role, otpauth_uri: otpauthUri(operator.email, secret) };
  }

  /** Sets the password and the authenticator (proved by a code), spends the link, and signs in. */
  async activate(token: string, password: string, code: string, address: string, userAgent: string | null) {
    const operator = await this.invited(token);
    if (!passwordFormatOk(password)) throw validationError([{ field: "password", rule: "passwordFormat" }]);
    if (isCommonPassword(password)) throw new AppError(ErrorCode.passwordTooCommon);
    const secret = operator.pending_totp_secret;
    const step = secret ? totpStep(operator.email, secret, code, this.now()) : null;
    if (!secret || step === null) throw validationError([{ field: "totp_code", rule: "totpInvalid" }]);
    const passwordHash = await hashPassword(password);
    const now = this.now();
    const used = await this.repo.useInvitation(operator.id, sha256(token), {
      password_hash: passwordHash,
      totp_secret: secret,
      pending_totp_secret: null,
      last_totp_step: step,
      activated_at: now,
      last_sign_in_at: now,
    });
    if (!used) throw new AppError(ErrorCode.invitationInvalid);
    await this.sessions.revokeAllOf(operator.id);
    await this.audit.record({
      actor: `operator:${operator.email}`,
      action: "operator.activate",
      target: `operator:${operator.id}`,
      address,
    });
    return { operator, ...(await this.sessions.open(operator.id, address, userAgent)) };
  }

  async signIn(email: string, password: string, code: string, address: string, userAgent: string | null) {
    const attempt = await CountedAttempt.begin(
      await this.signInLimits(email, address),
      this.config.lockSeconds,
      this.log,
    );
    const operator = await this.repo.byEmail(email);
    const passwordRight = await verifyPassword(operator?.password_hash ?? null, password);
    const step =
      operator?.totp_secret && passwordRight ? totpStep(email, operator.totp_secret, code, this.now()) : null;
    const fresh = operator && step !== null ? await this.repo.takeTotpStep(operator.id, step) : false;
    if (!operator || !fresh) {
      const failure = await attempt.failed(ErrorCode.signInFailed);
      const locked = failure.errorCode === ErrorCode.loginLocked;
      await this.audit.record({
        actor: `operator:${email}`,
        action: locked ? "operator.signInLocked" : "operator.signInFailed",
        target: operator ? `operator:${operator.id}` : null,
        address,
      });
      throw failure;
    }
    await attempt.succeeded();
    if (!operator.active) throw new AppError(ErrorCode.operatorDisabled);
    await this.repo.update(operator.id, { last_sign_in_at: this.now() });
    await this.audit.record({
      actor: `operator:${email}`,
      action: "operator.signIn",
      target: `operator:${operator.id}`,
      address,
    });
    return { operator, ...(await this.sessions.open(operator.id, address, userAgent)) };
  }

  async signOut(operator: OperatorRow, tokenHash: string, address: string): Promise<void> {
    await this.sessions.revoke(tokenHash);
    await this.audit.record({
      actor: `operator:${operator.email}`,
      action: "operator.signOut",
      target: `operator:${operator.id}`,
      address,
    });
  }

  private async signInLimits(email: string, address: string): Promise<FailureLimit[]> {
    const generation = (await this.unlocks.peek(email))?.consumed ?? 0;
    return [
      {
        counter: this.emailAtAddressFailures,
        key: generation === 0 ? `${email}@${address}` : `${email}#${generation}@${address}`,
        onSuccess: "reset",
        lockLog: {
          limit: "operator-sign-in",
          message: "console sign-in locked for one email from one address (OPERATOR_SIGN_IN_MAX_FAILURES)",
          fields: { email, client: address },
        },
      },
      {
        counter: this.emailFailures,
        key: email,
        // Strangers share this ceiling: the operator's success gives back its own point only.
        onSuccess: "refund",
        lockLog: {
          limit: "operator-sign-in-email",
          message:
            "console sign-in locked for one email from every address (OPERATOR_SIGN_IN_EMAIL_MAX_FAILURES)",
          fields: { email },
        },
      },
      {
        counter: this.clientFailures,
        key: address,
        onSuccess: "refund",
        lockLog: {
          limit: "operator-sign-in-client",
          message: "console sign-in locked for one address (OPERATOR_SIGN_IN_CLIENT_MAX_FAILURES)",
          fields: { client: address },
        },
      },
    ];
  }

  private async invited(token: string): Promise<OperatorRow> {
    const operator = await this.repo.byInvitation(sha256(token));
    if (
      !operator?.active ||
      operator.invitation_expires_at === null ||
      Number(operator.invitation_expires_at) <= this.now()
    ) {
      throw new AppError(ErrorCode.invitationInvalid);
    }
    return operator;
  }

  private async existing(email: string): Promise<OperatorRow> {
    const operator = await this.repo.byEmail(normalEmail(email));
    if (!operator) throw new OperatorUnknown(email);
    return operator;
  }

  private invitationExpiry() {
    return this.now() + this.config.invitationTtlHours * 3_600_000;
  }

  private link(token: string) {
    return `${this.config.publicUrl.replace(/\/$/, "")}/console/invitation#${token}`;
  }
}
