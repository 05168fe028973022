import { QueryClient } from "@tanstack/react-query";

export const queryClient = new QueryClient({
  defaultOptions: {
    // The api client already retries a request that got no answer.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
  },
});
