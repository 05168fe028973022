import { QueryClientContext, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useContext } from "react";
import { queryClient } from "./query-client.ts";

/**
 * The app's query client for what it wraps. Not at the app's root: TanStack Query would then
 * join every first load, and the landing screens (welcome, login, register step 1, download)
 * draw without it. The router wraps every other screen (router.tsx), and a lazy part of a landing
 * screen that queries (download's brand list) wraps itself. A client
 * given above (a test's own) is kept.
 */
export function WithQueryClient({ children }: { children: ReactNode }) {
  const given = useContext(QueryClientContext);
  return given ? children : <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
