import { newToken, sha256 } from "../../secrets.ts";
import type { OperatorRepository, OperatorRow } from "./repository.ts";

export interface SessionConfig {
  idleMinutes: number;
  lifetimeHours: number;
}

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

  async open(operatorId: number, address: string): Promise<{ token: string; csrfToken: string }> {
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
    });
    return { token, csrfToken };
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
