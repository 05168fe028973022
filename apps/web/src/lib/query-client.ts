import { MutationCache, QueryClient } from "@tanstack/react-query";

type FailureHandler = (error: unknown) => Promise<void> | void;
let mutationFailed: FailureHandler = () => {};

/**
 * Who tells the member about a failed mutation by default (the AlertProvider, which knows how
 * to show a message). Returns the function that takes the handler back.
 */
export function setMutationFailureHandler(handler: FailureHandler): () => void {
  mutationFailed = handler;
  return () => {
    if (mutationFailed === handler) mutationFailed = () => {};
  };
}

/** The app's query client; tests make their own with the same defaults. */
export function createQueryClient() {
  return new QueryClient({
    mutationCache: new MutationCache({
      // The default for a failed mutation: the member is told what it means. A mutation with an
      // onError of its own decides for itself. TanStack awaits this before the mutation settles,
      // so isPending lasts, and mutateAsync rejects, only once the member has closed the message.
      onError: (error, _variables, _context, mutation) =>
        mutation.options.onError ? undefined : mutationFailed(error),
    }),
    defaultOptions: {
      queries: {
        // The api client already retries a request that got no answer.
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: 60_000,
        // A failure a route's loader met stays for the screen to show (with its retry button);
        // the screen mounting must not send the same failing request again.
        retryOnMount: false,
      },
    },
  });
}

export const queryClient = createQueryClient();

/**
 * How long a screen's loader waits for its data. Lookups answer in tens of milliseconds, and
 * the screen then draws complete; a call that is slower than this lets the screen appear with
 * its loading line and fill in, as it did before it had a loader (the first load shows the
 * server's #boot paint meanwhile, and a navigation the screen being left).
 */
export const LOADER_PATIENCE_MS = 300;

/**
 * For route loaders: waits for the queries a screen reads (started by the caller, e.g. with
 * ensureQueryData), at most LOADER_PATIENCE_MS. Failures are not thrown: they stay in the
 * cache, and the screen shows them as it would its own.
 */
export async function waitForData(...loads: Promise<unknown>[]): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const patience = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, LOADER_PATIENCE_MS);
  });
  await Promise.race([Promise.allSettled(loads), patience]);
  clearTimeout(timer);
}
