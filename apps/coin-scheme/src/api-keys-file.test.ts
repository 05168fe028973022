import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { memberServerKeyFromFile, resolveApiClients } from "./api-keys-file.ts";
import { loadCoinSchemeConfig } from "./config.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const keysFile = () => {
  const dir = mkdtempSync(join(tmpdir(), "coin-keys-"));
  dirs.push(dir);
  return join(dir, "data", "coin-scheme-api-keys");
};

describe("keys generated on the first start outside production", () => {
  it("generates random keys once, owner-readable, prints them once, and reads them back silently", () => {
    const file = keysFile();
    const config = loadCoinSchemeConfig({ COIN_SCHEME_KEYS_FILE: file });
    const first = resolveApiClients(config, ["HF-S01", "HF-CW01"]);
    expect(first.clients.map((client) => [client.name, client.scope])).toEqual([
      ["member-server", "all"],
      ["till-1", "till"],
    ]);
    expect(first.clients[1]).toMatchObject({ stores: ["HF-S01", "HF-CW01"] });
    for (const client of first.clients) {
      expect(client.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(first.announcement).toContain(client.key);
    }
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const again = resolveApiClients(config, ["HF-S01"]);
    expect(again).toEqual({ clients: first.clients, announcement: null });
    expect(memberServerKeyFromFile(file)).toBe(first.clients[0]?.key);
    // Another checkout draws other keys.
    const other = resolveApiClients(loadCoinSchemeConfig({ COIN_SCHEME_KEYS_FILE: keysFile() }));
    expect(other.clients[0]?.key).not.toBe(first.clients[0]?.key);
  });

  it("uses COIN_SCHEME_API_KEYS when set, and writes nothing", () => {
    const file = keysFile();
    const config = loadCoinSchemeConfig({
      COIN_SCHEME_KEYS_FILE: file,
      COIN_SCHEME_API_KEYS: "a:aaaaaaaaaaaaaaaa",
    });
    expect(resolveApiClients(config).announcement).toBeNull();
    expect(memberServerKeyFromFile(file)).toBeUndefined();
  });

  it("refuses a keys file that was edited into a bad list, naming it", () => {
    const file = keysFile();
    const config = loadCoinSchemeConfig({ COIN_SCHEME_KEYS_FILE: file });
    resolveApiClients(config);
    writeFileSync(file, "# edited\npos:short\n");
    expect(() => resolveApiClients(config)).toThrow(/coin-scheme-api-keys: entry "pos": key must be/);
  });
});
