import type { Generated } from "kysely";

/** The audit log: times unix milliseconds, `before` / `after` JSON text. */
export type AuditTables = {
  audit_log: AuditLogTable;
  audit_chain: AuditChainTable;
};

export type AuditLogTable = {
  id: Generated<number>;
  at: number;
  actor: string;
  action: string;
  target: string | null;
  before: string | null;
  after: string | null;
  address: string | null;
  /** The previous entry's `hash` (chain.ts); the first entry's is the chain's anchor. */
  prev_hash: string;
  /** SHA-256 over `prev_hash` and the fields above (chain.ts entryHash). */
  hash: string;
};

/**
 * The chain's one row (id 1): the head every writer locks before appending, and what the check
 * compares against. `anchor_hash`: the `prev_hash` the oldest kept entry must carry (the genesis
 * hash, or the last purged entry's hash); `last_hash`: the newest entry's hash.
 */
export type AuditChainTable = {
  id: number;
  anchor_hash: string;
  last_hash: string;
};
