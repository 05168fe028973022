import { newToken, sha256 } from "../../secrets.ts";
import type { OperatorRepository, OperatorRow } from "./repository.ts";

export interface SessionConfig {
  idleMinutes: number;
  lifetimeHours: number;
}

/** A live session as an administrator lists it: `id` names it without giving away its token's hash. */
export interface LiveSession {
  id: string;
  tokenHash: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  address: string | null;
  userAgent: string | null;
}

/** The longest User-Agent kept (the column's width). */
const USER_AGENT_MAX = 300;

/** The public name of a session: derived from its token's hash, which it does not reveal. */
export const sessionId = (tokenHash: string) => sha256(`session-id:${tokenHash}`).slice(0, 16);

export interface OperatorSession {
  operator: OperatorRow;
  tokenHash: string;
  csrfToken: string;
}

/**
 * Console sessions: a 256-bit random token in the cookie, stored as SHA-256, with a CSRF token of
 * its own. A session ends at sign-out, after CONSOLE_IDLE_MINUTES without a call, after its
 * lifetime (12 hours), or when its operator is disabled.
 */
export class OperatorSessions {
  constructor(
    private readonly repo: OperatorRepository,
    private readonly config: SessionConfig,
    private readonly now: () => number,
  ) {}

  async open(
    operatorId: number,
    address: string,
    userAgent: string | null = null,
  ): Promise<{ token: string; csrfToken: string }> {
    const token = newToken();
    const csrfToken = newToken();
    const now = this.now();
    await this.repo.insertSession({
      token_hash: sha256(token),
      operator_id: operatorId,
      csrf_token: csrfToken,
      created_at: now,
      last_seen_at: now,
      expires_at: now + this.config.lifetimeHours * 3_600_000,
      revoked_at: null,
      address,
      user_agent: userAgent === null ? null : userAgent.slice(0, USER_AGENT_MAX),
    });
    return { token, csrfToken };
  }

  /** The operator's sessions that still let them in (not revoked, expired or idle), newest first. */
  async liveOf(operatorId: number): Promise<LiveSession[]> {
    const now = this.now();
    const idle = this.config.idleMinutes * 60_000;
    return (await this.repo.openSessionsOf(operatorId, now))
      .filter((session) => Number(session.last_seen_at) + idle > now)
      .map((session) => ({
        id: sessionId(session.token_hash),
        tokenHash: session.token_hash,
        createdAt: Number(session.created_at),
        lastSeenAt: Number(session.last_seen_at),
        expiresAt: Number(session.expires_at),
        address: session.address,
        userAgent: session.user_agent,
      }));
  }

  /** The live session behind a cookie's token, its idle clock restarted; null for anything else. */
  async resolve(token: string): Promise<OperatorSession | null> {
    const tokenHash = sha256(token);
    const session = await this.repo.session(tokenHash);
    const now = this.now();
    if (
      !session ||
      session.revoked_at !== null ||
      Number(session.expires_at) <= now ||
      Number(session.last_seen_at) + this.config.idleMinutes * 60_000 <= now
    ) {
      return null;
    }
    const operator = await this.repo.byId(session.operator_id);
    if (!operator?.active) return null;
    await this.repo.touchSession(tokenHash, now);
    return { operator, tokenHash, csrfToken: session.csrf_token };
  }

  revoke(tokenHash: string) {
    return this.repo.revokeSession(tokenHash, this.now());
  }

  revokeAllOf(operatorId: number) {
    return this.repo.revokeSessionsOf(operatorId, this.now());
  }

  /** Deletes sessions that ended more than a day ago. */
  purgeEnded(now: number) {
    return this.repo.deleteEndedSessions(now - 86_400_000);
  }
}
