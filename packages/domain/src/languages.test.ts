import { describe, expect, it } from "vitest";
import { languageFromAcceptLanguage, resolveLanguage } from "./languages.ts";

describe("resolveLanguage", () => {
  it.each([
    ["en", "en"],
    ["en-US", "en"],
    ["EN-gb", "en"],
    ["tc", "tc"],
    ["TC", "tc"],
    ["sc", "sc"],
    ["zh", "tc"],
    ["zh-HK", "tc"],
    ["zh_hk", "tc"],
    ["zh-TW", "tc"],
    ["zh-MO", "tc"],
    ["zh-Hant", "tc"],
    ["zh-Hant-CN", "tc"],
    ["zh-CN", "sc"],
    ["zh-SG", "sc"],
    ["zh-Hans", "sc"],
    ["zh-Hans-HK", "sc"],
    ["fr", null],
    ["fr-CA", null],
    ["", null],
    [undefined, null],
    [null, null],
  ])("%j -> %j", (value, language) => {
    expect(resolveLanguage(value)).toBe(language);
  });
});

describe("languageFromAcceptLanguage", () => {
  it.each([
    [undefined, "tc"],
    ["", "tc"],
    ["*", "tc"],
    ["en-US,en;q=0.9", "en"],
    ["zh-CN,zh;q=0.9,en;q=0.8", "sc"],
    ["zh-HK", "tc"],
    ["zh", "tc"],
    ["fr-FR, de;q=0.8, en;q=0.5", "en"],
    ["fr-FR, de", "tc"],
    ["en;q=0.5, zh-CN;q=0.9", "sc"],
    ["zh-CN;q=0, en", "en"],
    ["en;q=abc, zh-TW", "tc"],
  ])("%j -> %s", (header, language) => {
    expect(languageFromAcceptLanguage(header)).toBe(language);
  });
});
