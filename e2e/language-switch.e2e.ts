import { expect, test } from "@playwright/test";
import { seriousViolations } from "./support/axe.ts";
import { openPage } from "./support/browser.ts";
import { startServer, type TestServer } from "./support/server.ts";
import { texts } from "./support/texts.ts";

/** Switching languages: each journey names the languages it goes between, so it runs in one project. */
let server: TestServer;

test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => {
  await server?.close();
});

test.describe("language", () => {
  test("a fresh browser shows Traditional Chinese, and ?lang=en-US switches to English and is remembered", async ({
    browser,
  }) => {
    const page = await browser.newPage({ baseURL: server.url });
    await page.goto("/maintenance");
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("zh-HK");
    await expect.poll(() => page.title()).toContain("系統維護中");

    await page.goto("/maintenance?lang=en-US");
    await expect.poll(() => page.title()).toContain("Under maintenance");
    expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe("en");

    await page.goto("/maintenance");
    await expect.poll(() => page.locator("html").getAttribute("lang")).toBe("en");
    await page.close();
  });

  for (const [from, button, lang, heading] of [
    ["en", "简", "zh-CN", "系统维护中"],
    ["sc", "EN", "en", "Under maintenance"],
  ] as const) {
    test(`switching from ${from} with the ${button} button changes the texts and <html lang>`, async ({
      browser,
    }) => {
      const page = await openPage(browser, server.url, from);
      await page.goto("/maintenance");
      await page.getByRole("button", { name: button === "简" ? "简体中文" : "English" }).click();
      await expect.poll(() => page.locator("html").getAttribute("lang")).toBe(lang);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(heading);
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    });
  }
});

for (const [from, to] of [
  ["en", "tc"],
  ["tc", "en"],
  ["sc", "tc"],
] as const) {
  test.describe(`switching an account screen from ${from} to ${to}`, () => {
    test("changes the labels at once, keeps what was typed, and is remembered after a reload", async ({
      browser,
    }) => {
      const page = await openPage(browser, server.url, from);
      const [source, target] = [texts(from), texts(to)];
      await page.goto("/login");
      await page.getByRole("heading", { level: 1, name: source("login:titles.login") }).waitFor();
      await page.getByRole("textbox", { name: source("common:mobile") }).fill("61234567");

      await page.getByRole("button", { name: target(`common:languages.${to}`) }).click();
      await page.getByRole("heading", { level: 1, name: target("login:titles.login") }).waitFor();
      const mobile = page.getByRole("textbox", { name: target("common:mobile") });
      expect(await mobile.inputValue()).toBe("61234567");
      expect(await page.getByRole("button", { name: target("common:next"), exact: true }).count()).toBe(1);
      expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe(to);
      expect(await page.title()).toBe(`${target("login:titles.login")} | H Coins`);

      await page.reload();
      await page.getByRole("heading", { level: 1, name: target("login:titles.login") }).waitFor();
      expect(await page.locator("html").getAttribute("lang")).toBe(
        { en: "en", tc: "zh-HK", sc: "zh-CN" }[to],
      );
      expect(await seriousViolations(page)).toEqual([]);
      await page.context().close();
    });
  });
}
