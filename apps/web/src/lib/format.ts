import type { Language } from "@hcoins/domain/languages";
import { currentLanguage } from "./i18n.ts";

/**
 * Numbers, dates and the server's three-language texts as the member reads them: in their
 * language, dates on Hong Kong's clock (the programme's), whatever the device's time zone.
 */

const TIME_ZONE = "Asia/Hong_Kong";
/** Hong Kong English writes 27 Nov 2026, not Nov 27. */
const LOCALES: Record<Language, string> = { en: "en-HK", tc: "zh-HK", sc: "zh-CN" };
const locale = () => LOCALES[currentLanguage()];

/** 12,345 (H Coins are whole). */
export const formatNumber = (value: number) => new Intl.NumberFormat(locale()).format(value);

/** HKD text of the contract ("100.00") as HK$100 (cents only when there are some). */
export function formatHkd(amount: string): string {
  const value = Number(amount);
  return new Intl.NumberFormat(locale(), {
    style: "currency",
    currency: "HKD",
    currencyDisplay: "symbol",
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
  }).format(value);
}

/** 30 Nov 2024 / 2024年11月30日. */
export const formatDate = (iso: string) =>
  new Intl.DateTimeFormat(locale(), { dateStyle: "medium", timeZone: TIME_ZONE }).format(new Date(iso));

/**
 * The last Hong Kong day before an end: coins whose `expires_at` is 00:00 on 29 Nov (the instant
 * they are gone) can be spent through 28 Nov, and that is the date a member reads.
 */
export const formatLastDay = (endIso: string) => formatDate(new Date(Date.parse(endIso) - 1).toISOString());

/** 30 Nov 2024, 18:05 / 2024年11月30日 18:05. */
export const formatDateTime = (iso: string) =>
  new Intl.DateTimeFormat(locale(), {
    dateStyle: "medium",
    timeStyle: "short",
    hourCycle: "h23",
    timeZone: TIME_ZONE,
  }).format(new Date(iso));

/** One of the server's texts in the three languages, in the member's. */
export const localized = (text: { en: string; tc: string; sc: string }) => text[currentLanguage()];
