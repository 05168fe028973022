import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { type ApiClient, newApiKey, parseApiClients } from "./api-keys.ts";
import type { CoinSchemeConfig } from "./config.ts";

/*
 * Development keys without a key anyone could read in the README: when COIN_SCHEME_API_KEYS is
 * not set (never in production, which refuses to start without it), the first start generates
 * keys, keeps them in COIN_SCHEME_KEYS_FILE (./data/coin-scheme-api-keys, readable by its owner
 * only) and prints them once; later starts read them back. The embedded scheme (`npm start`) and
 * the standalone one (`npm run coin-scheme`) of one checkout share the file, so they agree.
 */

const HEADER = [
  "# H Coins scheme API keys, generated on first start (development only).",
  "# The value of COIN_SCHEME_API_KEYS: set that variable to use keys of your own instead.",
];

export interface GeneratedKeys {
  clients: readonly ApiClient[];
  /** Set when this call generated them: the text to print once. */
  announcement: string | null;
}

/**
 * The clients of `config`, or those of the keys file, generated when there is none: a
 * `member-server` key of full scope and, when `tillStores` are given, a `till-1` key for them.
 */
export function resolveApiClients(
  config: CoinSchemeConfig,
  tillStores: readonly string[] = [],
): GeneratedKeys {
  if (config.clients) return { clients: config.clients, announcement: null };
  const file = resolve(config.keysFile);
  const kept = readKeysFile(file);
  if (kept) {
    if ("problems" in kept) throw new Error(`${file}: ${kept.problems.join("; ")}`);
    return { clients: kept.clients, announcement: null };
  }
  const entries = [`member-server:${newApiKey()}`];
  if (tillStores.length > 0) entries.push(`till-1:${newApiKey()}:till:${tillStores.join("|")}`);
  const value = entries.join(",");
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${[...HEADER, value].join("\n")}\n`, { mode: 0o600, flag: "wx" });
  chmodSync(file, 0o600);
  const parsed = parseApiClients(value) as { clients: ApiClient[] };
  const lines = parsed.clients.map((client) =>
    client.scope === "till"
      ? `  ${client.name} (till at ${client.stores.join(", ")}): ${client.key}`
      : `  ${client.name} (full scope; the member server's COIN_SCHEME_API_KEY): ${client.key}`,
  );
  return {
    clients: parsed.clients,
    announcement: [
      `H Coins scheme API keys generated (shown once; kept in ${file}):`,
      ...lines,
      "Set COIN_SCHEME_API_KEYS to use your own; production requires it.",
    ].join("\n"),
  };
}

/** The member-server key of the keys file, for a member server in development that calls the scheme over HTTP. */
export function memberServerKeyFromFile(keysFile: string): string | undefined {
  const kept = readKeysFile(resolve(keysFile));
  if (!kept || "problems" in kept) return undefined;
  return kept.clients.find((client) => client.name === "member-server" && client.scope === "all")?.key;
}

function readKeysFile(file: string) {
  if (!existsSync(file)) return null;
  const line = readFileSync(file, "utf8")
    .split("\n")
    .map((text) => text.trim())
    .find((text) => text && !text.startsWith("#"));
  return parseApiClients(line ?? "");
}
