import { afterEach, describe, expect, it, vi } from "vitest";
import { Bulkhead } from "./bulkhead.ts";
import { SchemeError } from "./errors.ts";

/** Work that runs until the test lets it finish: `finish(value)`. */
function heldWork<T>() {
  let finish!: (value: T) => void;
  const done = new Promise<T>((resolve) => {
    finish = resolve;
  });
  return { work: () => done, finish };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(SchemeError);
  return error as SchemeError;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the redemptions' bulkhead", () => {
  it("runs `concurrency` at once, queues `queue` more, and refuses the next at once: 5030 busy with Retry-After", async () => {
    const bulkhead = new Bulkhead({ concurrency: 1, queue: 1, waitMs: 1500 });
    const order: string[] = [];
    const held = heldWork<number>();
    const first = bulkhead.run(async () => {
      order.push("first");
      return held.work();
    });
    const second = bulkhead.run(async () => {
      order.push("second");
      return 2;
    });
    const third = await refusal(bulkhead.run(async () => 3));
    expect(third.httpStatus).toBe(503);
    expect(third.details).toEqual({ reason: "busy", retry_after_seconds: 2 });
    expect(order).toEqual(["first"]);
    held.finish(1);
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(order).toEqual(["first", "second"]);
    // Room again once they are done.
    expect(await bulkhead.run(async () => 4)).toBe(4);
  });

  it("refuses one that waited past `waitMs`, and its work never runs", async () => {
    vi.useFakeTimers();
    const bulkhead = new Bulkhead({ concurrency: 1, queue: 5, waitMs: 30 });
    let ran = false;
    const held = heldWork<string>();
    const slow = bulkhead.run(held.work);
    let answered = false;
    const waiting = refusal(
      bulkhead.run(async () => {
        ran = true;
      }),
    ).finally(() => {
      answered = true;
    });
    await vi.advanceTimersByTimeAsync(29);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await waiting).details).toMatchObject({ reason: "busy", retry_after_seconds: 1 });
    held.finish("slow");
    expect(await slow).toBe("slow");
    // The queue keeps its order: once the next in line has run, the refused one's turn has passed.
    expect(await bulkhead.run(async () => "next")).toBe("next");
    expect(ran).toBe(false);
  });
});
