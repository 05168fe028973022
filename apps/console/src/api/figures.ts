import { consoleFigures } from "@hcoins/domain/api/console-figures";
import type { Language } from "@hcoins/domain/languages";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { call } from "./client.ts";

/** The figures of the days from `from` to `to` (Hong Kong dates, both included). */
export const figuresQuery = (range: { from: string; to: string }) =>
  queryOptions({
    queryKey: ["figures", range.from, range.to],
    queryFn: () => call(consoleFigures.show, { query: range }),
    placeholderData: keepPreviousData,
  });

/** The same range's coins per store, brand and reward, named in the console's language. */
export const figuresBreakdownQuery = (range: { from: string; to: string }, lang: Language) =>
  queryOptions({
    queryKey: ["figures", "breakdown", range.from, range.to, lang],
    queryFn: () => call(consoleFigures.breakdown, { query: { ...range, lang } }),
    placeholderData: keepPreviousData,
  });
