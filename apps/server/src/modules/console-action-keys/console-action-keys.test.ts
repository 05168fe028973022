import { ErrorCode } from "@hcoins/domain/codes";
import { afterEach, describe, expect, it } from "vitest";
import { AppError } from "../../errors.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { ConsoleActionKeys } from "./console-action-keys.ts";

let t: TestApp;
afterEach(() => t?.close());

const codeOf = async (work: Promise<unknown>) => {
  try {
    await work;
    return null;
  } catch (error) {
    return error instanceof AppError ? error.errorCode : error;
  }
};

describe("the console's one idempotency-key store", () => {
  it("runs once per key, answers the first result, refuses the key with another request, and gives a failed key back", async () => {
    t = await createTestApp();
    const keys = new ConsoleActionKeys(t.app.services.database, () => t.clock.now());
    let runs = 0;
    const run = async () => {
      runs += 1;
      return { approval_id: runs };
    };
    expect(await keys.once("bulk-request:1:k", { list: "abc" }, run)).toEqual({ approval_id: 1 });
    expect(await keys.once("bulk-request:1:k", { list: "abc" }, run)).toEqual({ approval_id: 1 });
    expect(runs).toBe(1);
    expect(await codeOf(keys.once("bulk-request:1:k", { list: "other" }, run))).toBe(
      ErrorCode.idempotencyKeyReused,
    );
    // Two calls at once: one runs, the other waits and answers its result. The second starts
    // once the first runs, so once it holds the key.
    let release: () => void = () => {};
    let claimed: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      claimed = resolve;
    });
    const slow = () =>
      new Promise<{ approval_id: number }>((resolve) => {
        release = () => resolve({ approval_id: 42 });
        claimed();
      });
    const first = keys.once("cancel:7:k", { voucherId: 3 }, slow);
    await running;
    const second = keys.once("cancel:7:k", { voucherId: 3 }, run);
    release();
    expect(await Promise.all([first, second])).toEqual([{ approval_id: 42 }, { approval_id: 42 }]);
    expect(runs).toBe(1);
    // A refusal gives the key back: the retry runs.
    expect(
      await codeOf(
        keys.once("goodwill:7:k", {}, async () => {
          throw new AppError(ErrorCode.serviceUnavailable);
        }),
      ),
    ).toBe(ErrorCode.serviceUnavailable);
    expect(await keys.once("goodwill:7:k", {}, run)).toEqual({ approval_id: 2 });
  });
});
