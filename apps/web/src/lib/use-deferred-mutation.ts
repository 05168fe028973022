import type { MutateOptions, MutationObserver, UseMutationOptions } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { mutationFailed } from "./mutation-failure.ts";

type Options<Data, Variables> = Omit<UseMutationOptions<Data, Error, Variables>, "mutationFn">;

const queryLibrary = () => Promise.all([import("@tanstack/react-query"), import("./query-client.ts")]);

/**
 * Runs a callback at the member's first interaction with the page (a key, a tap, typing):
 * filling in a number leaves ample time for the code to arrive, and nothing loads or runs
 * while the screen is still starting (Lighthouse counts that as blocking time).
 */
function onFirstInteraction(run: () => void): () => void {
  const events = ["keydown", "pointerdown", "input"] as const;
  const once = () => {
    stop();
    run();
  };
  const stop = () => {
    for (const event of events) document.removeEventListener(event, once, true);
  };
  for (const event of events) document.addEventListener(event, once, true);
  return stop;
}

/**
 * A TanStack Query mutation for a landing screen's form (login and register step 1), whose
 * code loads after the screen has drawn: the query library, the app's query client and the
 * call's own module (`loadMutationFn`) stay out of the screen's first load and are fetched
 * at the member's first interaction with the page, or at the first submit. The mutation is TanStack's own
 * (MutationObserver, the app's client): the same callbacks, the same default alert for a
 * failure (lib/query-client.ts), `isPending` until the callbacks have run. Should the code
 * itself fail to load (the connection has gone), the member is told as of a failed call.
 */
export function useDeferredMutation<Data, Variables>(
  loadMutationFn: () => Promise<(variables: Variables) => Promise<Data>>,
  options: Options<Data, Variables> = {},
) {
  const [isPending, setPending] = useState(false);
  const latest = useRef({ loadMutationFn, options });
  useEffect(() => {
    latest.current = { loadMutationFn, options };
  });
  const observer = useRef<MutationObserver<Data, Error, Variables> | null>(null);
  const unsubscribe = useRef<(() => void) | null>(null);

  const load = useCallback(() => Promise.all([queryLibrary(), latest.current.loadMutationFn()] as const), []);

  useEffect(() => {
    const cancel = onFirstInteraction(() => void load().catch(() => undefined));
    return () => {
      cancel();
      unsubscribe.current?.();
    };
  }, [load]);

  const mutate = useCallback(
    (variables: Variables, callbacks?: MutateOptions<Data, Error, Variables>) => {
      setPending(true);
      load().then(
        ([[{ MutationObserver }, { queryClient }], mutationFn]) => {
          const options = { ...latest.current.options, mutationFn };
          if (!observer.current) {
            observer.current = new MutationObserver<Data, Error, Variables>(queryClient, options);
            unsubscribe.current = observer.current.subscribe((result) => setPending(result.isPending));
          } else observer.current.setOptions(options);
          // A failure is the callbacks' and the cache's to tell, as with useMutation's mutate.
          observer.current.mutate(variables, callbacks).catch(() => undefined);
        },
        async (error: unknown) => {
          await mutationFailed(error);
          setPending(false);
        },
      );
    },
    [load],
  );

  return { mutate, isPending };
}
