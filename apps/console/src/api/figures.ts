import { consoleFigures } from "@hcoins/domain/api/console-figures";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { call } from "./client.ts";

/** The figures of the days from `from` to `to` (Hong Kong dates, both included). */
export const figuresQuery = (range: { from: string; to: string }) =>
  queryOptions({
    queryKey: ["figures", range.from, range.to],
    queryFn: () => call(consoleFigures.show, { query: range }),
    placeholderData: keepPreviousData,
  });
