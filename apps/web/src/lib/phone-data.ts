import type { Phone } from "./session.ts";

/**
 * The `data` query of the phone steps: base64url of JSON {phonePre, phone}.
 * Missing or undecodable data is null, and the screen goes back to its flow's first step.
 */
export function encodePhoneData(phone: Phone): string {
  const json = JSON.stringify({ phonePre: phone.phonePre, phone: phone.phone });
  return btoa(String.fromCharCode(...new TextEncoder().encode(json)))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

export function decodePhoneData(data: string | null): Phone | null {
  if (!data) return null;
  try {
    const binary = atob(data.replaceAll("-", "+").replaceAll("_", "/"));
    const value = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    if (typeof value?.phonePre !== "string" || typeof value?.phone !== "string") return null;
    if (!/^(852|853|86)$/.test(value.phonePre) || !/^\d{7,11}$/.test(value.phone)) return null;
    return { phonePre: value.phonePre, phone: value.phone };
  } catch {
    return null;
  }
}
