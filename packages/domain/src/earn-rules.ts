/*
 * How H Coins are earned at the till. Pure rules, shared by the coin scheme and
 * anything that explains them; amounts are integer cents so no float rounding
 * ever decides a coin.
 *
 *   base    = floor(net HKD) + (electronic extra ? floor(electronic HKD) : 0)
 *   bonus   = floor(base × (multiplier − 1)) for the birthday month and for a holiday, each on the base
 *   coins   = base + birthday bonus + holiday bonus
 *
 * Both bonuses are computed on the base and added (×2 birthday and ×3 holiday give
 * base + 1×base + 2×base = 4×base), so the order of the bonuses never matters. Whether the
 * electronic extra applies and the two multipliers are the programme rules' (campaign-rules.ts;
 * the extra at partner-property stores, by default): the coin scheme's campaigns decide them.
 */

/** Net spend above HKD 1,000,000 on one receipt is refused as absurd (a mistyped amount, not a purchase). */
export const MAX_AMOUNT_CENTS = 100_000_000;

/** A multiplier is 1 to 10 with at most two decimals (1.5 = +50 %). */
export const MAX_MULTIPLIER = 10;

/** The till's QR code is refused when older than this… */
export const QR_MAX_AGE_SECONDS = 180;
/** …or further than this in the future (a till clock slightly behind is tolerated). */
export const QR_MAX_FUTURE_SECONDS = 60;

/** Time zone of the programme: the birthday month and holidays are Hong Kong calendar dates. */
export const PROGRAMME_TIME_ZONE = "Asia/Hong_Kong";

export type AmountRule = "amountFormat" | "amountNegative" | "amountTooLarge";

const AMOUNT_TEXT = /^(\d{1,15})(?:\.(\d{1,2}))?$/;

/**
 * An amount in HKD ("123.45", "123", 123.4, 0) as integer cents, or the rule it breaks.
 * More than two decimals is a format error, never rounded: the till sends what the receipt says.
 */
export function parseAmountCents(value: unknown): { cents: number } | { rule: AmountRule } {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return { rule: "amountFormat" };
    if (value < 0) return { rule: "amountNegative" };
    if (value > MAX_AMOUNT_CENTS / 100) return { rule: "amountTooLarge" };
    // String(0.29) is "0.29": the shortest text that reads back as the same double.
    text = String(value);
  } else if (typeof value === "string") {
    text = value.trim();
    if (/^-\s*\d/.test(text)) return { rule: "amountNegative" };
  } else {
    return { rule: "amountFormat" };
  }
  const match = AMOUNT_TEXT.exec(text);
  if (!match) return { rule: "amountFormat" };
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? "").padEnd(2, "0"));
  if (whole > MAX_AMOUNT_CENTS / 100) return { rule: "amountTooLarge" };
  const cents = whole * 100 + fraction;
  if (cents > MAX_AMOUNT_CENTS) return { rule: "amountTooLarge" };
  return { cents };
}

/** Cents as the HKD text the receipt shows: 12345 → "123.45". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

export type PurchaseAmountRule = AmountRule | "electronicExceedsNet";

/** The rule a pair of amounts breaks, with the field it belongs to, or null. */
export function purchaseAmountsRule(
  netCents: number,
  electronicCents: number,
): { field: "net_amount" | "electronic_amount"; rule: PurchaseAmountRule } | null {
  for (const [field, cents] of [
    ["net_amount", netCents],
    ["electronic_amount", electronicCents],
  ] as const) {
    if (!Number.isSafeInteger(cents)) return { field, rule: "amountFormat" };
    if (cents < 0) return { field, rule: "amountNegative" };
    if (cents > MAX_AMOUNT_CENTS) return { field, rule: "amountTooLarge" };
  }
  // Electronic payment is part of what was paid for the net spend; more than it is a till error.
  if (electronicCents > netCents) return { field: "electronic_amount", rule: "electronicExceedsNet" };
  return null;
}

/** A multiplier as integer hundredths (2 → 200, 1.5 → 150), or null when it is not 1 to 10 with two decimals. */
export function multiplierHundredths(value: unknown): number | null {
  const text = typeof value === "number" && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== "string") return null;
  const match = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const hundredths = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return hundredths >= 100 && hundredths <= MAX_MULTIPLIER * 100 ? hundredths : null;
}

/** 200 → "2", 150 → "1.5", 125 → "1.25". */
export function formatMultiplier(hundredths: number): string {
  return String(hundredths / 100);
}

export interface EarnInput {
  netCents: number;
  electronicCents: number;
  /** The electronic-payment extra applies (the `electronic` programme rule matched: a partner-property store). */
  electronicExtra: boolean;
  /** In hundredths: 100 = no bonus, 200 = double. */
  birthdayMultiplier: number;
  holidayMultiplier: number;
}

export interface EarnResult {
  /** 1 coin per whole HKD of the net amount… */
  netCoins: number;
  /** …and of the electronic amount when the electronic extra applies; together the base. */
  electronicCoins: number;
  baseCoins: number;
  birthdayBonus: number;
  holidayBonus: number;
  coins: number;
}

const bonusOn = (base: number, hundredths: number) =>
  hundredths > 100 ? Math.floor((base * (hundredths - 100)) / 100) : 0;

/** The coins one purchase earns; amounts must already satisfy purchaseAmountsRule. */
export function earnCoins(input: EarnInput): EarnResult {
  const netCoins = Math.floor(input.netCents / 100);
  const electronicCoins = input.electronicExtra ? Math.floor(input.electronicCents / 100) : 0;
  const baseCoins = netCoins + electronicCoins;
  const birthdayBonus = bonusOn(baseCoins, input.birthdayMultiplier);
  const holidayBonus = bonusOn(baseCoins, input.holidayMultiplier);
  return {
    netCoins,
    electronicCoins,
    baseCoins,
    birthdayBonus,
    holidayBonus,
    coins: baseCoins + birthdayBonus + holidayBonus,
  };
}

export type QrTimeCheck = "fresh" | "stale" | "future";

/** Whether the QR code's time is within 3 minutes before and 1 minute after now. */
export function checkQrTime(qrUnixSeconds: number, nowMs: number): QrTimeCheck {
  const age = Math.floor(nowMs / 1000) - qrUnixSeconds;
  if (age > QR_MAX_AGE_SECONDS) return "stale";
  if (age < -QR_MAX_FUTURE_SECONDS) return "future";
  return "fresh";
}

const calendarDate = new Intl.DateTimeFormat("en-CA", {
  timeZone: PROGRAMME_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The Hong Kong calendar date of an instant, "YYYY-MM-DD". */
export function programmeDate(atMs: number): string {
  const parts = Object.fromEntries(calendarDate.formatToParts(atMs).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The Hong Kong calendar month (1-12) of an instant. */
export function programmeMonth(atMs: number): number {
  return Number(programmeDate(atMs).slice(5, 7));
}

/** A real calendar date written YYYY-MM-DD (2025-02-29 is not one). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}
