import type { Phone } from "../../lib/session.ts";

/**
 * The reset token between step 1 and step 2 lives in sessionStorage: it survives a
 * reload of step 2 but not the tab, and it is bound to the number it was issued for,
 * so step 2 opened for another number goes back to step 1.
 */
const KEY = "resetToken";

export function keepResetToken(phone: Phone, token: string) {
  sessionStorage.setItem(KEY, JSON.stringify({ phonePre: phone.phonePre, phone: phone.phone, token }));
}

export function resetTokenFor(phone: Phone): string | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as (Phone & { token?: unknown }) | null;
    if (stored?.phonePre !== phone.phonePre || stored.phone !== phone.phone) return null;
    return typeof stored.token === "string" && stored.token ? stored.token : null;
  } catch {
    return null;
  }
}

export function dropResetToken() {
  sessionStorage.removeItem(KEY);
}
