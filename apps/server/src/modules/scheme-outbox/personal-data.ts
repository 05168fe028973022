import type { ColumnPolicy } from "@hcoins/server-kit/column-policy";
import type { SchemeOutboxTable } from "./tables.ts";

const inFlight = {
  withheld:
    "a step on its way to the coin scheme, deleted once the scheme has it (seconds, or while the scheme cannot be reached); the scheme's own data is exported with it",
};

/**
 * A pending step names a member by row id and may carry their number, member reference or profile
 * facts (a number change, an erasure, a profile change) until the scheme has it: not a record
 * about the member, so withheld.
 */
export const SCHEME_OUTBOX_DATA_COLUMNS: { scheme_outbox: Record<keyof SchemeOutboxTable, ColumnPolicy> } = {
  scheme_outbox: {
    id: inFlight,
    kind: inFlight,
    subject: inFlight,
    payload: inFlight,
    created_at: inFlight,
    attempts: inFlight,
    next_attempt_at: inFlight,
    locked_until: inFlight,
    failed_at: inFlight,
    last_error: inFlight,
  },
};
