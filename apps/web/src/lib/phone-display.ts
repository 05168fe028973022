import type { Phone } from "./session.ts";

/**
 * A number as the member reads it on a screen: "+852 9123 4567", "+86 138 0013 8000".
 * Only for display; the API always gets the bare digits.
 */
export function displayPhone(phone: Phone): string {
  const digits = phone.phone;
  const grouped =
    digits.length === 8
      ? `${digits.slice(0, 4)} ${digits.slice(4)}`
      : digits.length === 11
        ? `${digits.slice(0, 3)} ${digits.slice(3, 7)} ${digits.slice(7)}`
        : digits;
  return `+${phone.phonePre} ${grouped}`;
}
