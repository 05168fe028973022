/*
 * The operators think in Hong Kong time: a datetime-local field's value is read as +08:00 and an
 * API time shown in it as Hong Kong's wall clock (Hong Kong has no daylight saving).
 */

/** A datetime-local value as ISO 8601 with +08:00; null when empty. */
export function isoOfHongKongLocal(value: string): string | null {
  return value === "" ? null : `${value.length === 16 ? `${value}:00` : value}+08:00`;
}

/** An ISO 8601 time as a datetime-local value in Hong Kong time; "" for none. */
export function hongKongLocalOfIso(iso: string | null): string {
  if (iso === null) return "";
  return new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 16);
}
