import type { Generated } from "kysely";

/** The audit log: times unix milliseconds, `before` / `after` JSON text. */
export type AuditTables = {
  audit_log: AuditLogTable;
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
};
