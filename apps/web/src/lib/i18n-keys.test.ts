import { describe, expect, it } from "vitest";
import { initI18n, type Key, loadLazyTexts, translator } from "./i18n.ts";

/*
 * The keys' type (lib/i18n.ts, from the English catalogues) is checked by `tsc -b`: each
 * @ts-expect-error below fails the type check as soon as a misspelt key would pass it.
 */
const known: Key[] = ["appName", "validation.invalid", "login:attemptsRemaining"];
const loginFirst: Key<"login">[] = ["attemptsRemaining", "common:appName"];
// A plural text by its key without the suffix, as `t("coinsCount", { count })` asks for it.
const plural: Key<"coins">[] = ["coinsCount", "coinsCount_one"];

// @ts-expect-error a misspelt key
const misspelt: Key = "appNmae";
// @ts-expect-error a key of another namespace without its prefix
const unprefixed: Key = "attemptsRemaining";
// @ts-expect-error a group of texts is not a text
const group: Key = "validation";
// @ts-expect-error an unknown namespace
const namespace: Key = "logn:attemptsRemaining";

describe("the typed keys", () => {
  it("name texts the English catalogue holds; those the type refuses, it does not", async () => {
    await initI18n("en");
    await loadLazyTexts("en");
    const exists = (key: string, first: string) =>
      translator.exists(key.includes(":") ? key : `${first}:${key}`);
    for (const key of known) expect(exists(key, "common"), key).toBe(true);
    for (const key of loginFirst) expect(exists(key, "login"), key).toBe(true);
    const coins = translator.fixed("coins");
    expect(coins(plural[0] as string, { count: 1, formatted: "1" })).toBe("1 H\u00a0Coin");
    expect(coins(plural[0] as string, { count: 2, formatted: "2" })).toBe("2 H\u00a0Coins");
    for (const key of [misspelt, unprefixed, group, namespace])
      expect(exists(key, "common"), key).toBe(false);
  });
});
