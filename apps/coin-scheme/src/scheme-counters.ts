/**
 * Counts the scheme's limits keep per till key and minute (till-limits.ts, velocity.ts). Embedded,
 * the member server passes counts in its Redis when it has REDIS_URL, so that every instance sees
 * one count (create-coin-services.ts); otherwise, and in the standalone scheme, they are this
 * process's (inProcessCounters). Each key names its minute, so a count outlives it by a minute and
 * no more.
 */
export interface SchemeCounters {
  /** Adds one to the count of `key` and answers the count with it. */
  add(key: string): Promise<number>;
  /** The count of `key`, 0 when there is none. */
  read(key: string): Promise<number>;
  /** A limit refused a call (`limit` names it): the embedding's metrics count it. */
  refused?(limit: string): void;
}

/** How long a count is kept: its minute and the next. */
export const COUNT_TTL_SECONDS = 120;

/** Counts in this process, on the scheme's clock. */
export function inProcessCounters(now: () => number): SchemeCounters {
  const counts = new Map<string, { count: number; until: number }>();
  const live = (key: string) => {
    const entry = counts.get(key);
    if (entry && entry.until <= now()) counts.delete(key);
    return counts.get(key);
  };
  return {
    async add(key) {
      const at = now();
      // Forget what has expired now and then, so that a key per till and minute cannot pile up.
      if (counts.size > 1000) for (const [old, entry] of counts) if (entry.until <= at) counts.delete(old);
      const entry = live(key) ?? { count: 0, until: at + COUNT_TTL_SECONDS * 1000 };
      entry.count += 1;
      counts.set(key, entry);
      return entry.count;
    },
    async read(key) {
      return live(key)?.count ?? 0;
    },
  };
}

const MINUTE_MS = 60_000;

/** The key of `name`'s count for `client` in the minute of `at`. */
export const minuteKey = (name: string, client: string, at: number) =>
  `${name}:${client}:${Math.floor(at / MINUTE_MS)}`;

/** Seconds until the minute of `at` ends: when a count of that minute stops mattering. */
export const secondsLeftInMinute = (at: number) =>
  Math.max(1, Math.ceil((MINUTE_MS - (at % MINUTE_MS)) / 1000));
