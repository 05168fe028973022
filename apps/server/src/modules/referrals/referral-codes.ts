import { randomInt } from "node:crypto";

/**
 * Letters and digits no one misreads for another when reading a code aloud or off a screen:
 * no 0/O, 1/I/L, 5/S, 2/Z, 8/B.
 */
const ALPHABET = "34679ACDEFGHJKMNPQRTUVWXY";
export const REFERRAL_CODE_LENGTH = 8;

/** A new random code: 25^8 ≈ 1.5 × 10^11 of them, so a guess finds a member's code rarely. */
export function newReferralCode(): string {
  let code = "";
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** What a member typed, as codes are stored: upper case, without spaces or dashes. */
export const normaliseReferralCode = (typed: string) => typed.toUpperCase().replace(/[\s-]/g, "");
