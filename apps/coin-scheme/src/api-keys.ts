import { createHash, timingSafeEqual } from "node:crypto";

/**
 * The scheme's API clients, one key each: the member server, each POS.
 * `COIN_SCHEME_API_KEYS` = `client:key[:scope],client:key[:scope]`. Scope `till`
 * limits a key to earning, refunds and reading accounts; without a scope the key
 * may also create and link accounts and set stores and bonus days.
 */
export type ApiScope = "all" | "till";

export interface ApiClient {
  name: string;
  key: string;
  scope: ApiScope;
}

const CLIENT_NAME = /^[A-Za-z0-9._-]{1,64}$/;
const KEY = /^[\x21-\x2b\x2d-\x39\x3b-\x7e]{16,256}$/; // printable ASCII without space, comma and colon
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
    const [name = "", key = "", scope = "all", ...rest] = entry.split(":");
    const label = `entry "${name || entry}"`;
    if (rest.length > 0) problems.push(`${label}: expected client:key or client:key:till`);
    else if (!CLIENT_NAME.test(name))
      problems.push(`${label}: client name must be 1-64 letters, digits, . _ -`);
    else if (!KEY.test(key))
      problems.push(`${label}: key must be ${MIN_KEY_LENGTH}-256 printable characters`);
    else if (scope !== "all" && scope !== "till") problems.push(`${label}: scope must be "till" or left out`);
    else if (clients.some((client) => client.name === name)) problems.push(`${label}: client listed twice`);
    else if (clients.some((client) => client.key === key))
      problems.push(`${label}: key shared with another client`);
    else clients.push({ name, key, scope });
  }
  return problems.length > 0 ? { problems } : { clients };
}

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
