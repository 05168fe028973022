import type { Generated } from "kysely";

export interface SchemeOutboxTable {
  id: Generated<number>;
  kind: string;
  subject: string;
  /** JSON: what the step's kind needs to call the scheme and, refused, to compensate. */
  payload: string;
  created_at: number;
  attempts: Generated<number>;
  next_attempt_at: number;
  /** A delivery in flight holds the step until then (a crashed one lets it go). */
  locked_until: number | null;
  failed_at: number | null;
  last_error: string | null;
}

export type SchemeOutboxTables = { scheme_outbox: SchemeOutboxTable };
