import { describe, expect, it } from "vitest";
import { Bulkhead } from "./bulkhead.ts";
import { SchemeError } from "./errors.ts";

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(SchemeError);
  return error as SchemeError;
}

describe("the redemptions' bulkhead", () => {
  it("runs `concurrency` at once, queues `queue` more, and refuses the next at once: 5030 busy with Retry-After", async () => {
    const bulkhead = new Bulkhead({ concurrency: 1, queue: 1, waitMs: 1500 });
    const order: string[] = [];
    const first = bulkhead.run(async () => {
      order.push("first");
      await later(50);
      return 1;
    });
    const second = bulkhead.run(async () => {
      order.push("second");
      return 2;
    });
    const third = await refusal(bulkhead.run(async () => 3));
    expect(third.httpStatus).toBe(503);
    expect(third.details).toEqual({ reason: "busy", retry_after_seconds: 2 });
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(order).toEqual(["first", "second"]);
    // Room again once they are done.
    expect(await bulkhead.run(async () => 4)).toBe(4);
  });

  it("refuses one that waited past `waitMs`, and its work never runs", async () => {
    const bulkhead = new Bulkhead({ concurrency: 1, queue: 5, waitMs: 30 });
    let ran = false;
    const slow = bulkhead.run(() => later(120).then(() => "slow"));
    const waiting = refusal(
      bulkhead.run(async () => {
        ran = true;
      }),
    );
    expect((await waiting).details).toMatchObject({ reason: "busy", retry_after_seconds: 1 });
    expect(await slow).toBe("slow");
    await later(10);
    expect(ran).toBe(false);
  });
});
