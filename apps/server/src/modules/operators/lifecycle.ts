import type { OperatorRole } from "@hcoins/domain/api/console";
import type { Actor, AuditService } from "../audit/service.ts";
import type { OperatorRepository } from "./repository.ts";
import {
  auditView,
  canAdminister,
  OperatorIsDisabled,
  type OperatorRow,
  type OperatorService,
  operatorActor,
} from "./service.ts";
import type { OperatorSessions } from "./sessions.ts";

/** An administrator tried to change their own role or reset their own authenticator. */
export class OperatorSelfChange extends Error {}
/** The change would leave no active administrator who can sign in. */
export class LastAdministratorRole extends Error {}
/** Re-enabling an operator who is not disabled. */
export class OperatorNotDisabled extends Error {}
/** No live session of the operator has that id. */
export class SessionUnknown extends Error {}

/**
 * What an administrator does to an existing operator after adding them (Keycloak's admin console
 * is the model): re-enable, change the role, reset the authenticator, end sessions. Each writes one
 * audit entry with the before and after. Unlocking sits with the counters, in OperatorService.
 */
export class OperatorLifecycle {
  constructor(
    private readonly repo: OperatorRepository,
    private readonly operators: OperatorService,
    private readonly sessions: OperatorSessions,
    private readonly audit: AuditService,
  ) {}

  /**
   * Brings a disabled operator back with a new one-time link, in `role` (their last one when
   * none). Their password and authenticator stay void until the link sets new ones: whoever held
   * the account's old factors while it was disabled (a phone handed back) gets nothing back.
   */
  async enable(before: OperatorRow, role: OperatorRole | undefined, by: Actor) {
    if (before.active) throw new OperatorNotDisabled();
    const invitation = this.operators.freshInvitation();
    const operator = await this.repo.update(before.id, {
      ...invitation.values,
      active: 1,
      role: role ?? before.role,
      password_hash: null,
      totp_secret: null,
      pending_totp_secret: null,
      last_totp_step: null,
      activated_at: null,
    });
    await this.record(by, "operator.enable", before, operator);
    return { operator, link: invitation.link };
  }

  /**
   * Changes the role; the operator's sessions take its permissions at their next call. Refused for
   * the administrator acting and when it would leave no active administrator who can sign in.
   */
  async changeRole(before: OperatorRow, role: OperatorRole, by: Actor): Promise<OperatorRow> {
    if (by.actor === operatorActor(before.email)) throw new OperatorSelfChange();
    if (before.role === role) return before;
    if (canAdminister(before) && role !== "administrator") await this.keepAnAdministrator(before);
    const operator = await this.repo.update(before.id, { role });
    await this.record(by, "operator.role", before, operator);
    return operator;
  }

  /**
   * Voids the authenticator (and the password with it) at once, ends every session and answers a
   * new one-time link that sets both up again. Not one's own: a mistyped click would lock them out.
   */
  async resetAuthenticator(before: OperatorRow, by: Actor) {
    if (by.actor === operatorActor(before.email)) throw new OperatorSelfChange();
    if (!before.active) throw new OperatorIsDisabled();
    const invitation = this.operators.freshInvitation();
    const operator = await this.repo.update(before.id, {
      ...invitation.values,
      password_hash: null,
      totp_secret: null,
      pending_totp_secret: null,
      last_totp_step: null,
      activated_at: null,
    });
    await this.sessions.revokeAllOf(operator.id);
    await this.record(by, "operator.resetAuthenticator", before, operator);
    return { operator, link: invitation.link };
  }

  async endSession(operator: OperatorRow, id: string, by: Actor): Promise<void> {
    const session = (await this.sessions.liveOf(operator.id)).find((each) => each.id === id);
    if (!session) throw new SessionUnknown();
    await this.sessions.revoke(session.tokenHash);
    await this.audit.record({
      ...by,
      action: "operator.endSession",
      target: `operator:${operator.id}`,
      before: { email: operator.email, session: id, ended: false },
      after: { email: operator.email, session: id, ended: true },
    });
  }

  async endAllSessions(operator: OperatorRow, by: Actor): Promise<void> {
    const live = await this.sessions.liveOf(operator.id);
    await this.sessions.revokeAllOf(operator.id);
    await this.audit.record({
      ...by,
      action: "operator.endSessions",
      target: `operator:${operator.id}`,
      before: { email: operator.email, live_sessions: live.length },
      after: { email: operator.email, live_sessions: 0 },
    });
  }

  private async keepAnAdministrator(leaving: OperatorRow): Promise<void> {
    const others = (await this.repo.all()).filter((one) => one.id !== leaving.id && canAdminister(one));
    if (others.length === 0) throw new LastAdministratorRole();
  }

  private record(by: Actor, action: string, before: OperatorRow, after: OperatorRow) {
    return this.audit.record({
      ...by,
      action,
      target: `operator:${after.id}`,
      before: auditView(before),
      after: auditView(after),
    });
  }
}
