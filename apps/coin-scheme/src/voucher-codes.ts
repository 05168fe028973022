import { randomBytes } from "node:crypto";

/*
 * Voucher codes: 80 random bits as 16 characters of Crockford's base 32 (digits and upper-case
 * letters without I, L, O and U), shown in groups of four. 2^80 codes leave nothing to guess
 * even for a till trying codes in bulk, and the alphabet survives being read aloud or typed:
 * lookups forgive case, spaces, hyphens and the letters people put for 0 and 1.
 */

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const CODE = /^[0-9A-HJKMNP-TV-Z]{16}$/;

/** A new code, normalised (no hyphens). */
export function newVoucherCode(): string {
  const bytes = randomBytes(10);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let code = "";
  for (let i = 15; i >= 0; i -= 1) code += ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  return code;
}

/** The stored form of a code as a person or a scanner gave it, or null when it cannot be one. */
export function normaliseVoucherCode(text: string): string | null {
  const code = text.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  return CODE.test(code) ? code : null;
}

/** XXXX-XXXX-XXXX-XXXX: how the code is shown, as text and in the QR code. */
export const formatVoucherCode = (code: string) => code.replace(/(.{4})(?=.)/g, "$1-");
