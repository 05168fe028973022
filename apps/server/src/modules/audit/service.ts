import type { AuditEntry } from "@hcoins/domain/api/console";
import type { TableViews } from "@hcoins/server-kit/database";
import { entryHash } from "./chain.ts";
import type { AuditFilter, AuditRepository } from "./repository.ts";

// The console's audit routes build the filter; they take its type from this service because only
// the audit module imports its repository.ts (biome.json's import rule).
export type { AuditFilter };

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

/** What verifyChain found. */
export interface AuditChainCheck {
  /** Entries found intact, oldest first, before the break if any. */
  checked: number;
  /** The head's hash (`audit-verify` prints it): a copy kept outside the database anchors the chain. */
  lastHash: string;
  /**
   * The first broken link: `changed` (the entry's fields no longer match its hash), `unlinked` (its
   * `prev_hash` is not the previous kept entry's hash: an entry deleted or inserted before it),
   * `truncated` (the chain ends before its head: entries after `id` deleted; `id` 0 when none is left).
   */
  broken: { id: number; reason: "changed" | "unlinked" | "truncated" } | null;
}

const CHAIN_PAGE = 1000;

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

  /**
   * One entry, chained to the one before (chain.ts); inside the caller's transaction when given, so
   * it lands with the change or not at all.
   */
  record(entry: AuditRecord, trx?: TableViews): Promise<void> {
    return this.repo.append(
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

  /**
   * Walks the whole chain, oldest first: the first entry whose hash does not match its fields
   * (changed), or whose `prev_hash` is not the previous entry's hash (one deleted or slipped in
   * before it), or a chain that stops short of its head (the newest deleted). Null `broken`: intact.
   */
  async verifyChain(): Promise<AuditChainCheck> {
    const head = await this.repo.head();
    let expected = head.anchor_hash;
    let checked = 0;
    let lastId = 0;
    for (;;) {
      const page = await this.repo.chainPage(lastId, CHAIN_PAGE);
      for (const row of page) {
        if (row.prev_hash !== expected)
          return { checked, lastHash: head.last_hash, broken: { id: row.id, reason: "unlinked" } };
        if (entryHash(row.prev_hash, row) !== row.hash)
          return { checked, lastHash: head.last_hash, broken: { id: row.id, reason: "changed" } };
        expected = row.hash;
        lastId = row.id;
        checked++;
      }
      if (page.length < CHAIN_PAGE) break;
    }
    if (expected !== head.last_hash)
      return { checked, lastHash: head.last_hash, broken: { id: lastId, reason: "truncated" } };
    return { checked, lastHash: head.last_hash, broken: null };
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

/** A broken chain in one line, for the job's failure and the CLI. */
export function auditChainProblem(check: AuditChainCheck): string {
  if (!check.broken) return `audit chain intact: ${check.checked} entries, head ${check.lastHash}`;
  return `audit chain broken at entry ${check.broken.id} (${check.broken.reason}): ${check.checked} entries intact before it`;
}
