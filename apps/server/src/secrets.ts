import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** 256-bit random token, base64url (43 characters). */
export const newToken = () => randomBytes(32).toString("base64url");

/** Six digits from the CSPRNG, leading zeros kept. */
export const newSmsCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

/**
 * SHA-256 is enough for high-entropy tokens; SMS codes are bound to number and
 * purpose in the hash and protected by the attempt limit, not by hash cost.
 */
export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
