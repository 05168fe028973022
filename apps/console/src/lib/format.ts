import { HTML_LANG } from "@hcoins/domain/languages";
import { currentLanguage } from "./i18n.ts";

/** A time of the API (ISO 8601) in the operator's language and Hong Kong's time zone. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(HTML_LANG[currentLanguage()], {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Asia/Hong_Kong",
  }).format(date);
}

export const formatNumber = (value: number) =>
  new Intl.NumberFormat(HTML_LANG[currentLanguage()]).format(value);

/** Names in a list in the operator's language ("A, B and C", "A、B及C"); `or` for a choice of them. */
export const formatList = (items: readonly string[], type: "and" | "or" = "and") =>
  new Intl.ListFormat(HTML_LANG[currentLanguage()], {
    type: type === "and" ? "conjunction" : "disjunction",
  }).format(items);
