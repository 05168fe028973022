import { QueryClient } from "@tanstack/react-query";

/** The console's query client; tests make their own with the same defaults. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // A member's page is read when opened: an operator acts on what is there now.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
      mutations: { retry: false },
    },
  });
}
