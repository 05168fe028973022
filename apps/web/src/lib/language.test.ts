import { afterEach, describe, expect, it } from "vitest";
import { initialLanguage, storeLanguage } from "./language.ts";

// An expired cookie may linger as "lang=" in the test DOM: an empty value is no language.
const cookieLang = () => /(?:^|;\s*)lang=([^;]*)/.exec(document.cookie)?.[1] || undefined;

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: clearing the cookie the code under test sets
  document.cookie = "lang=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT";
});

describe("the page's language", () => {
  it("takes ?lang= first, stores it, and tells the server through the lang cookie", () => {
    localStorage.setItem("lang", "sc");
    expect(initialLanguage("?lang=en-US")).toBe("en");
    expect(localStorage.getItem("lang")).toBe("en");
    expect(cookieLang()).toBe("en");
  });

  it("takes the stored choice next and copies it into the cookie", () => {
    localStorage.setItem("lang", "sc");
    expect(initialLanguage("")).toBe("sc");
    expect(cookieLang()).toBe("sc");
  });

  it("falls back to Traditional Chinese without storing anything", () => {
    expect(initialLanguage("?lang=fr")).toBe("tc");
    expect(localStorage.getItem("lang")).toBeNull();
    expect(cookieLang()).toBeUndefined();
  });

  it("stores a switch in both places", () => {
    storeLanguage("tc");
    expect(localStorage.getItem("lang")).toBe("tc");
    expect(cookieLang()).toBe("tc");
  });
});
