import { consoleExpiry } from "@hcoins/domain/api/console-programme";
import { queryOptions } from "@tanstack/react-query";
import { call } from "./client.ts";

/** The expiry dry run for a Hong Kong day (YYYY-MM-DD): what is due by its end. */
export const expiryPreviewQuery = (date: string) =>
  queryOptions({
    queryKey: ["programme", "expiry", "preview", date],
    queryFn: () => call(consoleExpiry.preview, { query: { date } }),
    retry: false,
  });
