import { MutationCache, QueryClient } from "@tanstack/react-query";
import { mutationFailed } from "./mutation-failure.ts";

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
