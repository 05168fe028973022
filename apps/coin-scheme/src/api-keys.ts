import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The scheme's API clients, one key each: the member server, each till.
 * `COIN_SCHEME_API_KEYS` = comma-separated `client:key` (full scope: the member server, a back
 * office) or `client:key:till:STORE-A|STORE-B` (a till: earns and refunds only at the stores
 * named, and reads only the account behind a QR code it scanned).
 */
export type ApiScope = "all" | "till";

export type ApiClient =
  | { name: string; key: string; scope: "all" }
  | { name: string; key: string; scope: "till"; stores: readonly string[] };

const CLIENT_NAME = /^[A-Za-z0-9._-]{1,64}$/;
const KEY = /^[\x21-\x2b\x2d-\x39\x3b-\x7e]{16,256}$/; // printable ASCII without space, comma and colon
const STORE_CODE = /^[A-Za-z0-9_-]{1,32}$/;
export const MIN_KEY_LENGTH = 16;

/** Parses the variable; returns the clients or the problems, each naming the bad entry. */
export function parseApiClients(text: string): { clients: ApiClient[] } | { problems: string[] } {
  const clients: ApiClient[] = [];
  const problems: string[] = [];
  const entries = text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [name = "", key = "", scope, stores, ...rest] = entry.split(":");
    const label = `entry "${name || entry}"`;
    const storeCodes = (stores ?? "")
      .split("|")
      .map((code) => code.trim())
      .filter(Boolean);
    if (rest.length > 0 || (scope === undefined && stores !== undefined))
      problems.push(`${label}: expected client:key or client:key:till:STORE-A|STORE-B`);
    else if (!CLIENT_NAME.test(name))
      problems.push(`${label}: client name must be 1-64 letters, digits, . _ -`);
    else if (!KEY.test(key))
      problems.push(`${label}: key must be ${MIN_KEY_LENGTH}-256 printable characters`);
    else if (scope !== undefined && scope !== "till")
      problems.push(`${label}: scope must be "till" or left out`);
    else if (scope === "till" && storeCodes.length === 0)
      problems.push(`${label}: a till key names its stores: client:key:till:STORE-A|STORE-B`);
    else if (storeCodes.some((code) => !STORE_CODE.test(code)))
      problems.push(`${label}: store codes must be 1-32 letters, digits, _ or -`);
    else if (clients.some((client) => client.name === name)) problems.push(`${label}: client listed twice`);
    else if (clients.some((client) => client.key === key))
      problems.push(`${label}: key shared with another client`);
    else
      clients.push(
        scope === "till"
          ? { name, key, scope: "till", stores: [...new Set(storeCodes)] }
          : { name, key, scope: "all" },
      );
  }
  return problems.length > 0 ? { problems } : { clients };
}

/** A new key: 32 random bytes, base64url (no comma or colon). */
export const newApiKey = () => randomBytes(32).toString("base64url");

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * The client a presented key belongs to, or null. Every configured key is compared,
 * in constant time over equal-length digests, so neither the match nor its position leaks.
 */
export function authenticateApiKey(
  clients: readonly ApiClient[],
  presented: string | undefined,
): ApiClient | null {
  if (!presented) return null;
  const given = digest(presented);
  let found: ApiClient | null = null;
  for (const client of clients) {
    if (timingSafeEqual(digest(client.key), given) && found === null) found = client;
  }
  return found;
}
