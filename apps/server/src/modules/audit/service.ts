import type { AuditEntry } from "@hcoins/domain/api/console";
import type { TableViews } from "@hcoins/server-kit/database";
import type { AuditRepository } from "./repository.ts";

export interface AuditFilter {
  actor?: string | undefined;
  action?: string | undefined;
  target?: string | undefined;
  /** Unix ms, inclusive. */
  from?: number | undefined;
  to?: number | undefined;
}

type Snapshot = Record<string, unknown> | null;

/** Who acts and from where: `operator:<email>` or `cli:<os user>`, and the client address (null on the CLI). */
export interface Actor {
  actor: string;
  address: string | null;
}

export interface AuditRecord {
  /** `operator:<email>`, `cli:<os user>`, `member:<id>` or `system`. */
  actor: string;
  action: string;
  target?: string | null;
  before?: Snapshot;
  after?: Snapshot;
  address?: string | null;
}

export interface AuditConfig {
  retentionDays: number;
}

/**
 * Who changed what: every state-changing console call, the CLI's operator commands, operator
 * sign-ins and the members' security events each record one entry. Entries older than
 * AUDIT_RETENTION_DAYS are purged by a scheduled job.
 */
export class AuditService {
  constructor(
    private readonly repo: AuditRepository,
    private readonly config: AuditConfig,
    private readonly now: () => number,
  ) {}

  /** One entry; inside the caller's transaction when given, so it lands with the change or not at all. */
  record(entry: AuditRecord, trx?: TableViews): Promise<void> {
    return this.repo.insert(
      {
        at: this.now(),
        actor: entry.actor,
        action: entry.action,
        target: entry.target ?? null,
        before: entry.before ? JSON.stringify(entry.before) : null,
        after: entry.after ? JSON.stringify(entry.after) : null,
        address: entry.address ?? null,
      },
      trx,
    );
  }

  async search(filter: AuditFilter, page: number, pageSize: number) {
    const [rows, total] = await Promise.all([
      this.repo.find(filter, { limit: pageSize, offset: (page - 1) * pageSize }),
      this.repo.count(filter),
    ]);
    return { entries: rows.map(toEntry), total };
  }

  async all(filter: AuditFilter): Promise<AuditEntry[]> {
    return (await this.repo.find(filter, { limit: null, offset: 0 })).map(toEntry);
  }

  /** Deletes the entries older than AUDIT_RETENTION_DAYS; returns how many. */
  purgeExpired(now: number): Promise<number> {
    return this.repo.deleteBefore(now - this.config.retentionDays * 86_400_000);
  }
}

function toEntry(row: Awaited<ReturnType<AuditRepository["find"]>>[number]): AuditEntry {
  return {
    id: row.id,
    at: new Date(Number(row.at)).toISOString(),
    actor: row.actor,
    action: row.action,
    target: row.target,
    before: row.before ? JSON.parse(row.before) : null,
    after: row.after ? JSON.parse(row.after) : null,
    address: row.address,
  };
}
