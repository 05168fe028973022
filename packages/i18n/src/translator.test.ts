import { describe, expect, it, vi } from "vitest";
import { Translator } from "./translator.ts";

const locales: Record<string, string> = { en: "en", tc: "zh-HK" };

function translator() {
  const translator = new Translator({
    language: "en",
    defaultNamespace: "common",
    locale: (l) => locales[l] ?? l,
  });
  translator.addCatalogue("en", "common", {
    ok: "OK",
    greeting: "Hello {{name}}, you have {{ coins }} coins",
    validation: { length: "Length should be {{n}} digits" },
    left_one: "{{count}} attempt left",
    left_other: "{{count}} attempts left",
  });
  translator.addCatalogue("en", "login", { title: "Log in" });
  translator.addCatalogue("tc", "common", { ok: "確定", left_other: "尚餘 {{count}} 次" });
  return translator;
}

describe("Translator", () => {
  it("reads the default namespace, another by its prefix, and nested keys", () => {
    const t = translator();
    expect(t.t("ok")).toBe("OK");
    expect(t.t("login:title")).toBe("Log in");
    expect(t.t("validation.length", { n: 8 })).toBe("Length should be 8 digits");
    expect(t.fixed("login")("title")).toBe("Log in");
    expect(t.fixed("login")("common:ok")).toBe("OK");
  });

  it("fills placeholders, with or without spaces, and leaves an unknown one as written", () => {
    const t = translator();
    expect(t.t("greeting", { name: "Mei", coins: 0 })).toBe("Hello Mei, you have 0 coins");
    expect(t.t("greeting", { name: "Mei" })).toBe("Hello Mei, you have {{ coins }} coins");
  });

  it("picks the plural form by the language's rules", () => {
    const t = translator();
    expect(t.t("left", { count: 1 })).toBe("1 attempt left");
    expect(t.t("left", { count: 0 })).toBe("0 attempts left");
    expect(t.t("left", { count: 4 })).toBe("4 attempts left");
    t.changeLanguage("tc");
    expect(t.t("left", { count: 1 })).toBe("尚餘 1 次");
  });

  it("shows a missing text's key, and says whether a text exists", () => {
    const t = translator();
    expect(t.t("login:nothing")).toBe("nothing");
    expect(t.t("validation")).toBe("validation");
    expect(t.t("validation.width", { defaultValue: "Check {{n}}", n: 3 })).toBe("Check 3");
    expect(t.t("validation.length", { defaultValue: "Check", n: 3 })).toBe("Length should be 3 digits");
    expect(t.exists("validation.length")).toBe(true);
    expect(t.exists("validation.width")).toBe(false);
    expect(t.exists("login:title")).toBe(true);
  });

  it("tells its listeners of a language change and of texts added in the current language", () => {
    const t = translator();
    const listener = vi.fn();
    const stop = t.subscribe(listener);
    t.changeLanguage("tc");
    expect(t.language).toBe("tc");
    expect(t.t("ok")).toBe("確定");
    t.changeLanguage("tc");
    t.addCatalogue("en", "more", {});
    expect(listener).toHaveBeenCalledTimes(1);
    t.addCatalogue("tc", "more", {});
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    t.changeLanguage("en");
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
