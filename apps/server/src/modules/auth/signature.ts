import { createHmac } from "node:crypto";
import { safeEqual } from "../../secrets.ts";

export interface SignedLogin {
  mobile_phone_prefix: string;
  mobile_phone: string;
  issued_at: number;
  nonce: string;
}

export const signMessage = (message: string, secret: string) =>
  createHmac("sha256", secret).update(message).digest("hex");

/** Checks the HMAC in constant time before anything of the message is parsed. */
export function signatureValid(message: string, signature: string, secret: string): boolean {
  return safeEqual(signMessage(message, secret), signature.toLowerCase());
}

/** Decodes the base64url JSON message; null for anything malformed. */
export function parseSignedMessage(message: string): SignedLogin | null {
  try {
    const value = JSON.parse(Buffer.from(message, "base64url").toString("utf8")) as Record<string, unknown>;
    const { mobile_phone_prefix, mobile_phone, issued_at, nonce } = value;
    if (
      (typeof mobile_phone_prefix !== "string" && typeof mobile_phone_prefix !== "number") ||
      typeof mobile_phone !== "string" ||
      typeof issued_at !== "number" ||
      !Number.isFinite(issued_at) ||
      typeof nonce !== "string" ||
      nonce.length === 0 ||
      nonce.length > 128
    ) {
      return null;
    }
    return { mobile_phone_prefix: String(mobile_phone_prefix), mobile_phone, issued_at, nonce };
  } catch {
    return null;
  }
}
