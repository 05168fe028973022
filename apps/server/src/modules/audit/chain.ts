import { createHash } from "node:crypto";
import type { AuditLogTable } from "./tables.ts";

/**
 * The audit log's hash chain: each entry carries the previous entry's hash (`prev_hash`) and its
 * own (`hash`), SHA-256 over the previous hash and the entry's fields as written. An entry changed
 * by hand no longer matches its hash; one deleted or slipped in breaks the link of the next; the
 * newest ones deleted leave the chain short of its head (audit_chain.last_hash). Anyone with write
 * access to the database can still recompute the whole chain: `audit-verify` prints the head's hash,
 * and a copy of it kept elsewhere is what such a rewrite would contradict.
 */
export const GENESIS_HASH = "0".repeat(64);

/** The fields an entry's hash covers, as the row holds them (PostgreSQL reads `at`, a bigint, as text). */
export type ChainedFields = Omit<AuditLogTable, "id" | "at" | "prev_hash" | "hash"> & { at: number | string };

/** The entry's hash: fixed order, JSON for unambiguous separation, `at` as a number on both databases. */
export function entryHash(prevHash: string, entry: ChainedFields): string {
  const canonical = JSON.stringify([
    prevHash,
    Number(entry.at),
    entry.actor,
    entry.action,
    entry.target,
    entry.before,
    entry.after,
    entry.address,
  ]);
  return createHash("sha256").update(canonical).digest("hex");
}
