import type { OperatorRole } from "@hcoins/domain/api/console";
import type { KeyGroup } from "@hcoins/i18n/translator";
import { describe, expect, it } from "vitest";
import { initI18n, type Key, translator } from "./i18n.ts";
import { ruleText } from "./rule-text.ts";

/*
 * The keys' type (lib/i18n.ts, from the English catalogue) is checked by `tsc -b`: each
 * @ts-expect-error below fails the type check as soon as a misspelt key would pass it.
 */
const known: Key[] = ["app.name", "rules.invalid", "memberRecords.limits.resend"];
// A plural text by its key without the suffix, as `t("errors.rateLimitedFor", { count })` asks for it.
const plural: Key[] = ["errors.rateLimitedFor", "errors.rateLimitedFor_one"];
// A key built from a literal union is checked member by member.
const roleKey = (role: OperatorRole): Key => `roles.${role}`;

// @ts-expect-error a misspelt key
const misspelt: Key = "app.nmae";
// @ts-expect-error a group of texts is not a text
const group: Key = "rules";
// @ts-expect-error a union with a member the catalogue has no text for
const unknownRole = (role: OperatorRole | "cashier"): Key => `roles.${role}`;
// @ts-expect-error a group the catalogue does not have (textIn's and ruleText's groups are checked)
const unknownGroup: KeyGroup<Key> = "memberRecords.rulez";

describe("the console's typed keys", () => {
  it("name texts the English catalogue holds; those the type refuses, it does not", async () => {
    await initI18n("en");
    for (const key of [...known, roleKey("auditor")]) expect(translator.exists(key), key).toBe(true);
    const [base, one] = plural as [string, string];
    expect(translator.t(base, { count: 1 })).toBe(translator.t(one, { count: 1 }));
    expect(translator.t(base, { count: 2 })).not.toBe(base);
    for (const key of [misspelt, group, unknownRole("cashier")])
      expect(translator.exists(key), key).toBe(false);
    expect(translator.exists(`${unknownGroup}.tooLong`)).toBe(false);
  });

  it("say a rule in the feature's words, else the shared ones, else 'not valid'", async () => {
    await initI18n("en");
    const t = translator.t;
    expect(ruleText(t, "tooLong", "memberSearch.rules")).toBe(t("memberSearch.rules.tooLong"));
    expect(ruleText(t, "emailFormat", "memberSearch.rules")).toBe(t("rules.emailFormat"));
    expect(ruleText(t, "noSuchRule", "memberSearch.rules")).toBe(t("rules.invalid"));
  });
});
