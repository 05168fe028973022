import { act, renderHook, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { setMutationFailureHandler } from "./mutation-failure.ts";
import { useDeferredMutation } from "./use-deferred-mutation.ts";

describe("useDeferredMutation", () => {
  it("loads the call at the first submit, is pending until the callbacks have run, and passes the answer on", async () => {
    let finish: ((answer: string) => void) | undefined;
    const load = vi.fn(
      async () => (name: string) =>
        new Promise<string>((resolve) => (finish = resolve)).then((a) => `${a} ${name}`),
    );
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useDeferredMutation(load, { onSuccess }));
    expect(load).not.toHaveBeenCalled();

    act(() => result.current.mutate("Ann"));
    expect(result.current.isPending).toBe(true);
    // The call runs once the query library and the call's code have loaded.
    await waitFor(() => expect(finish).toBeDefined());
    act(() => finish?.("hello"));
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(onSuccess).toHaveBeenCalledWith("hello Ann", "Ann", undefined, expect.anything());
  });

  it("starts loading at the member's first key on the page", async () => {
    const load = vi.fn(async () => async () => "done");
    renderHook(() => useDeferredMutation(load));
    expect(load).not.toHaveBeenCalled();
    document.body.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
  });

  it("a failed call goes to the default alert, as any mutation's", async () => {
    const failed = vi.fn();
    const restore = setMutationFailureHandler(failed);
    const failure = new Error("no answer");
    const { result } = renderHook(() =>
      useDeferredMutation(async () => async () => {
        throw failure;
      }),
    );
    act(() => result.current.mutate(undefined));
    await waitFor(() => expect(failed).toHaveBeenCalledWith(failure));
    await waitFor(() => expect(result.current.isPending).toBe(false));
    restore();
  });

  it("code that cannot load (the connection has gone) is told as a failed call, and the form is free again", async () => {
    const failed = vi.fn();
    const restore = setMutationFailureHandler(failed);
    const gone = new TypeError("Failed to fetch dynamically imported module");
    const { result } = renderHook(() => useDeferredMutation<unknown, undefined>(() => Promise.reject(gone)));
    act(() => result.current.mutate(undefined));
    await waitFor(() => expect(failed).toHaveBeenCalledWith(gone));
    await waitFor(() => expect(result.current.isPending).toBe(false));
    restore();
  });
});
