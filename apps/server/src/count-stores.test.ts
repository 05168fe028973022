import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CountStore, FallbackCountStore, MemoryCountStore, RedisCountStore } from "./count-stores.ts";
import { useRedis } from "./cross-cutting/support.ts";

/*
 * The counts' windows follow the clock they are given, not the wall clock (in memory) nor Redis's
 * TTL: these tests move a clock by minutes and hours, and never wait.
 */

function clock() {
  let at = Date.now();
  return {
    now: () => at,
    advance: (ms: number) => {
      at += ms;
    },
  };
}

const redis = useRedis ? new Redis(process.env.REDIS_URL as string) : undefined;
// The store refuses calls until the client is ready (the counters fail closed then).
beforeAll(async () => {
  await redis?.ping();
});
afterAll(() => redis?.disconnect());

const stores: [string, (now: () => number) => CountStore][] = [
  ["memory", (now) => new MemoryCountStore(now)],
  ...(redis
    ? [
        [
          "Redis",
          (now: () => number) =>
            new RedisCountStore(redis, `test:counts:${randomBytes(6).toString("hex")}:`, now),
        ] as [string, (now: () => number) => CountStore],
      ]
    : []),
];

describe.each(stores)("counts in %s", (_name, open) => {
  it("open a window at the first point and close it when the given clock passes its end", async () => {
    const time = clock();
    const store = open(time.now);
    expect(await store.add("k", 1, 60_000)).toEqual({ consumed: 1, msLeft: 60_000 });
    time.advance(59_000);
    expect(await store.add("k", 1, 60_000)).toEqual({ consumed: 2, msLeft: 1_000 });
    expect(await store.get("k")).toEqual({ consumed: 2, msLeft: 1_000 });
    time.advance(1_000);
    expect(await store.get("k")).toBeNull();
    expect(await store.add("k", 1, 60_000)).toEqual({ consumed: 1, msLeft: 60_000 });
    expect(await store.get("other")).toBeNull();
  });

  it("give points back within the window, and a point given back with no window opens one", async () => {
    const time = clock();
    const store = open(time.now);
    await store.add("k", 1, 3_600_000);
    time.advance(600_000);
    expect(await store.add("k", -1, 3_600_000)).toEqual({ consumed: 0, msLeft: 3_000_000 });
    expect(await store.add("fresh", -1, 1_000)).toEqual({ consumed: -1, msLeft: 1_000 });
  });

  it("set a count for a window of its own from now, and delete it", async () => {
    const time = clock();
    const store = open(time.now);
    await store.add("k", 1, 60_000);
    await store.set("k", 6, 900_000);
    time.advance(300_000);
    expect(await store.get("k")).toEqual({ consumed: 6, msLeft: 600_000 });
    await store.delete("k");
    expect(await store.get("k")).toBeNull();
  });
});

describe("counts in Redis with a fallback", () => {
  it("count in the fallback for each call that Redis cannot answer", async () => {
    const time = clock();
    // Never connected: each call fails at once, as while Redis is unreachable.
    const offline = new Redis({ lazyConnect: true, enableOfflineQueue: false });
    const fallback = new MemoryCountStore(time.now);
    const store = new FallbackCountStore(new RedisCountStore(offline, "test:", time.now), fallback);
    await store.add("k", 1, 60_000);
    expect(await store.add("k", 1, 60_000)).toEqual({ consumed: 2, msLeft: 60_000 });
    expect(await fallback.get("k")).toEqual({ consumed: 2, msLeft: 60_000 });
    await expect(new RedisCountStore(offline, "test:", time.now).get("k")).rejects.toThrow(/redis/);
  });
});
