import { describe, expect, it } from "vitest";
import en from "../locales/en.json";
import sc from "../locales/sc.json";
import tc from "../locales/tc.json";
import { changeLanguage, initialLanguage, translator } from "./i18n.ts";

/** Every text's key, a plural's forms counted as one (Chinese has only `_other`). */
function keys(catalogue: object, prefix = ""): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === "object" && value !== null
      ? keys(value, `${prefix}${key}.`)
      : [`${prefix}${key.replace(/_(one|other)$/, "")}`],
  );
}

describe("the console's languages", () => {
  it("say the same things in English, Traditional and Simplified Chinese", () => {
    const english = [...new Set(keys(en))].sort();
    expect([...new Set(keys(tc))].sort()).toEqual(english);
    expect([...new Set(keys(sc))].sort()).toEqual(english);
  });

  it("start in the operator's last choice, else the browser's language, else Traditional Chinese", () => {
    localStorage.setItem("console-language", "sc");
    expect(initialLanguage()).toBe("sc");
    localStorage.clear();
    expect(initialLanguage()).toBe(navigator.language.startsWith("en") ? "en" : "tc");
  });

  it("switch with the page's lang", async () => {
    await changeLanguage("sc");
    expect(translator.t("signIn.title")).toBe("登录");
    expect(document.documentElement.lang).toBe("zh-CN");
    expect(localStorage.getItem("console-language")).toBe("sc");
  });
});
