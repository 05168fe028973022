import { describe, expect, it, vi } from "vitest";
import { translator } from "./i18n.ts";

// Each language loads on its own (no fallback language is loaded beside it), so every
// catalogue must hold every key the others hold.
const catalogues = import.meta.glob<Record<string, unknown>>(
  ["../locales/*/*.json", "../locales/*/lazy/*.json"],
  {
    eager: true,
    import: "default",
  },
);

function keys(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

const byNamespace = new Map<string, Map<string, string[]>>();
for (const [file, catalogue] of Object.entries(catalogues)) {
  const [, language = "", namespace = ""] = /locales\/(\w+)\/(?:lazy\/)?(\w+)\.json$/.exec(file) ?? [];
  if (!byNamespace.has(namespace)) byNamespace.set(namespace, new Map());
  byNamespace.get(namespace)?.set(language, keys(catalogue).sort());
}

describe("the catalogues", () => {
  it.each([...byNamespace.keys()])("%s has the same keys in en, tc and sc", (namespace) => {
    const languages = byNamespace.get(namespace);
    expect([...(languages?.keys() ?? [])].sort()).toEqual(["en", "sc", "tc"]);
    expect(languages?.get("tc")).toEqual(languages?.get("en"));
    expect(languages?.get("sc")).toEqual(languages?.get("en"));
  });

  it("are loaded into the translator per language, each namespace whole", () => {
    for (const language of ["en", "tc", "sc"]) {
      for (const [namespace, languages] of byNamespace) {
        const bundle = translator.catalogue(language, namespace);
        expect(keys(bundle).sort(), `${language}/${namespace}`).toEqual(languages.get(language));
      }
    }
  });
});

describe("the lazy texts", () => {
  it("load only when a screen asks, and follow a language switch from then on", async () => {
    // A fresh translator without the test set-up's preloading.
    vi.resetModules();
    const fresh = await import("./i18n.ts");
    await fresh.initI18n("en");
    expect(fresh.translator.hasCatalogue("en", "coins")).toBe(false);
    await fresh.loadLazyTexts();
    expect(fresh.translator.hasCatalogue("en", "coins")).toBe(true);
    expect(fresh.translator.hasCatalogue("tc", "rewards")).toBe(false);
    await fresh.changeLanguage("tc");
    expect(fresh.translator.t("rewards:redeem")).toBe("換領");
    expect(fresh.translator.t("menu:vouchers")).toBe("我的禮券");
  });
});
