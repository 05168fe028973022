/** True for a unique-constraint violation on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return (
    e?.code === "SQLITE_CONSTRAINT_UNIQUE" ||
    e?.code === "SQLITE_CONSTRAINT_PRIMARYKEY" ||
    e?.code === "23505"
  );
}

/** True when the database itself, or the Redis holding the shared counters, is unreachable (answered as 5030). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  if (!e) return false;
  return (
    [
      "ECONNREFUSED",
      "ECONNRESET",
      "ETIMEDOUT",
      "57P01",
      "57P03",
      "08006",
      "08001",
      "SQLITE_BUSY",
      "SQLITE_CANTOPEN",
    ].includes(e.code ?? "") ||
    /connection terminated|timeout exceeded when trying to connect|database connection is not open|driver has already been destroyed/i.test(
      e.message ?? "",
    ) ||
    // pg, on a client whose connection broke mid-transaction (the rollback then fails with this, not the cause).
    /is not queryable/i.test(e.message ?? "") ||
    // ioredis, offline (enableOfflineQueue is off) or giving up on a command.
    /stream isn't writeable|connection is closed|reached the max retries per request/i.test(e.message ?? "")
  );
}
