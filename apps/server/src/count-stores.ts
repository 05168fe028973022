import type { Redis } from "ioredis";

/**
 * Where the limits' counts live (counters.ts): in this process or in Redis. A count belongs to a
 * fixed window that opens with its first point and closes `windowMs` later, read on the app's
 * clock (`now`), never the wall clock or Redis's: the tests move that clock past a resend wait or
 * an hour's limit instead of sleeping, and every other expiry of the app (codes, sessions, TOTP)
 * already compares instances' clocks. Written here rather than with rate-limiter-flexible, which
 * reads Date.now() in memory and lets Redis's TTL close the window (docs/decisions/211-counter-clock.md).
 */
export interface Count {
  /** Points in the window, those just added included. */
  consumed: number;
  /** Milliseconds until the window closes. */
  msLeft: number;
}

export interface CountStore {
  /** Adds `points` (negative gives them back) to the key's count, opening a window of `windowMs` when none is open. */
  add(key: string, points: number, windowMs: number): Promise<Count>;
  /** The key's count in its open window, null when there is none. */
  get(key: string): Promise<Count | null>;
  /** Replaces the key's count by `points` in a window of `windowMs` from now (a lock). */
  set(key: string, points: number, windowMs: number): Promise<void>;
  delete(key: string): Promise<void>;
}

/** Counts in this process's memory. */
export class MemoryCountStore implements CountStore {
  private readonly counts = new Map<string, { consumed: number; ends: number; timer: NodeJS.Timeout }>();

  constructor(private readonly now: () => number) {}

  async add(key: string, points: number, windowMs: number): Promise<Count> {
    const at = this.now();
    const open = this.open(key, at);
    if (!open) return this.write(key, points, at, windowMs);
    open.consumed += points;
    return { consumed: open.consumed, msLeft: open.ends - at };
  }

  async get(key: string): Promise<Count | null> {
    const at = this.now();
    const open = this.open(key, at);
    return open ? { consumed: open.consumed, msLeft: open.ends - at } : null;
  }

  async set(key: string, points: number, windowMs: number): Promise<void> {
    this.write(key, points, this.now(), windowMs);
  }

  async delete(key: string): Promise<void> {
    clearTimeout(this.counts.get(key)?.timer);
    this.counts.delete(key);
  }

  private open(key: string, at: number) {
    const entry = this.counts.get(key);
    return entry && entry.ends > at ? entry : undefined;
  }

  private write(key: string, consumed: number, at: number, windowMs: number): Count {
    clearTimeout(this.counts.get(key)?.timer);
    this.counts.set(key, { consumed, ends: at + windowMs, timer: this.forget(key, windowMs) });
    return { consumed, msLeft: windowMs };
  }

  /**
   * Drops the key once its window has closed, so that keys cannot pile up. The timer runs on the
   * wall clock; a test's clock only runs ahead of it, so the window has closed on the app's clock
   * too by then, and a window still open (a clock behind) is looked at again when it ends.
   */
  private forget(key: string, afterMs: number): NodeJS.Timeout {
    const timer = setTimeout(() => {
      const entry = this.counts.get(key);
      if (entry?.timer !== timer) return;
      const left = entry.ends - this.now();
      if (left > 0) entry.timer = this.forget(key, left);
      else this.counts.delete(key);
    }, afterMs);
    timer.unref();
    return timer;
  }
}

/**
 * One count as a hash: its points (`c`) and when its window ends (`e`, unix ms on the app's clock).
 * A key's TTL is the window's rest as `now` sees it, so Redis drops it once it is over; the test's
 * clock only runs ahead of the wall clock, so a key is never dropped before its window ends.
 */
const ADD = `
local now, points, window = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local count = redis.call('hmget', KEYS[1], 'c', 'e')
local consumed, ends = tonumber(count[1]), tonumber(count[2])
if not ends or ends <= now then
  consumed, ends = 0, now + window
end
consumed = consumed + points
redis.call('hset', KEYS[1], 'c', consumed, 'e', ends)
redis.call('pexpire', KEYS[1], ends - now)
return {consumed, ends - now}`;

const GET = `
local now = tonumber(ARGV[1])
local count = redis.call('hmget', KEYS[1], 'c', 'e')
local consumed, ends = tonumber(count[1]), tonumber(count[2])
if not ends or ends <= now then return false end
return {consumed, ends - now}`;

const SET = `
local now, points, window = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('hset', KEYS[1], 'c', points, 'e', now + window)
redis.call('pexpire', KEYS[1], window)
return 1`;

type Script = (key: string, now: number, ...args: number[]) => Promise<[number, number] | null>;

interface CountScripts {
  hcoinsCountAdd: Script;
  hcoinsCountGet: Script;
  hcoinsCountSet: Script;
}

/**
 * Counts in Redis, shared by every instance, each change one script (atomic). While the client
 * is not connected a call fails at once, as the counters' fail-closed and fallback rules expect.
 */
export class RedisCountStore implements CountStore {
  private readonly scripts: CountScripts;

  constructor(
    private readonly redis: Redis,
    /** Keys are `<keyPrefix><key>`. */
    private readonly keyPrefix: string,
    private readonly now: () => number,
  ) {
    // defineCommand sends each script's hash (EVALSHA) and the script only when Redis lacks it.
    redis.defineCommand("hcoinsCountAdd", { numberOfKeys: 1, lua: ADD });
    redis.defineCommand("hcoinsCountGet", { numberOfKeys: 1, lua: GET });
    redis.defineCommand("hcoinsCountSet", { numberOfKeys: 1, lua: SET });
    this.scripts = redis as unknown as CountScripts;
  }

  async add(key: string, points: number, windowMs: number): Promise<Count> {
    const [consumed, msLeft] = (await this.ready().hcoinsCountAdd(
      this.keyPrefix + key,
      this.now(),
      points,
      windowMs,
    )) as [number, number];
    return { consumed, msLeft };
  }

  async get(key: string): Promise<Count | null> {
    const count = await this.ready().hcoinsCountGet(this.keyPrefix + key, this.now());
    return count ? { consumed: count[0], msLeft: count[1] } : null;
  }

  async set(key: string, points: number, windowMs: number): Promise<void> {
    await this.ready().hcoinsCountSet(this.keyPrefix + key, this.now(), points, windowMs);
  }

  async delete(key: string): Promise<void> {
    this.ready();
    await this.redis.del(this.keyPrefix + key);
  }

  private ready(): CountScripts {
    if (this.redis.status !== "ready") throw new Error(`redis ${this.redis.status}`);
    return this.scripts;
  }
}

/** Counts in `primary` (Redis), and in `fallback` (this process) for each call that `primary` cannot answer. */
export class FallbackCountStore implements CountStore {
  constructor(
    private readonly primary: CountStore,
    private readonly fallback: CountStore,
  ) {}

  add(key: string, points: number, windowMs: number) {
    return this.primary.add(key, points, windowMs).catch(() => this.fallback.add(key, points, windowMs));
  }

  get(key: string) {
    return this.primary.get(key).catch(() => this.fallback.get(key));
  }

  set(key: string, points: number, windowMs: number) {
    return this.primary.set(key, points, windowMs).catch(() => this.fallback.set(key, points, windowMs));
  }

  delete(key: string) {
    return this.primary.delete(key).catch(() => this.fallback.delete(key));
  }
}
