import type { Language } from "@hcoins/domain/languages";
import { expect } from "@playwright/test";
import type { Page } from "playwright-core";
import enAppOpen from "../apps/web/src/locales/en/appOpen.json" with { type: "json" };
import enCmsPages from "../apps/web/src/locales/en/cmsPages.json" with { type: "json" };
import enDownload from "../apps/web/src/locales/en/download.json" with { type: "json" };
import enStores from "../apps/web/src/locales/en/stores.json" with { type: "json" };
import enWelcome from "../apps/web/src/locales/en/welcome.json" with { type: "json" };
import scAppOpen from "../apps/web/src/locales/sc/appOpen.json" with { type: "json" };
import scCmsPages from "../apps/web/src/locales/sc/cmsPages.json" with { type: "json" };
import scDownload from "../apps/web/src/locales/sc/download.json" with { type: "json" };
import scStores from "../apps/web/src/locales/sc/stores.json" with { type: "json" };
import scWelcome from "../apps/web/src/locales/sc/welcome.json" with { type: "json" };
import tcAppOpen from "../apps/web/src/locales/tc/appOpen.json" with { type: "json" };
import tcCmsPages from "../apps/web/src/locales/tc/cmsPages.json" with { type: "json" };
import tcDownload from "../apps/web/src/locales/tc/download.json" with { type: "json" };
import tcStores from "../apps/web/src/locales/tc/stores.json" with { type: "json" };
import tcWelcome from "../apps/web/src/locales/tc/welcome.json" with { type: "json" };
import { cspViolations, imagesSettled } from "./support/browser.ts";
import { expectHeading, textOf, waitUntil } from "./support/journeys.ts";
import { journeySuite, test } from "./support/suite.ts";
import { escapeRegExp, texts } from "./support/texts.ts";

/**
 * The public screens in Chromium against the real server and its first-start content:
 * welcome (banner, state, pay-channel hand-over), open-app and the store pages,
 * download, store list and detail, CMS pages (and the browser's own sanitising).
 */
const suite = journeySuite(64_000_000);

/** The public screens' catalogues (support/texts.ts covers the account screens). */
const PUBLIC = {
  en: {
    appOpen: enAppOpen,
    cmsPages: enCmsPages,
    download: enDownload,
    stores: enStores,
    welcome: enWelcome,
  },
  tc: {
    appOpen: tcAppOpen,
    cmsPages: tcCmsPages,
    download: tcDownload,
    stores: tcStores,
    welcome: tcWelcome,
  },
  sc: {
    appOpen: scAppOpen,
    cmsPages: scCmsPages,
    download: scDownload,
    stores: scStores,
    welcome: scWelcome,
  },
} as const;

function publicTexts(language: Language) {
  return (key: string, values: Record<string, string | number> = {}) => {
    const [namespace, path] = key.split(":") as [keyof (typeof PUBLIC)["en"], string];
    let node: unknown = PUBLIC[language][namespace];
    for (const part of path.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
    if (typeof node !== "string") throw new Error(`no ${language} text for ${key}`);
    // As a browser names things: no-break spaces read as spaces.
    return node
      .replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""))
      .replaceAll("\u00a0", " ");
  };
}

/** A whole name, any run of spaces (the catalogues keep "H Coins" together with no-break spaces). */
const named = (text: string) => new RegExp(`^\\s*${escapeRegExp(text).replace(/\s+/g, "\\s+")}\\s*$`);

const STORE_SITES = /^https:\/\/(apps\.apple\.com|play\.google\.com)\//;

/** The app stores answer with a stub page, so a journey sees where it was sent without leaving the machine. */
async function stubStores(page: Page) {
  await page
    .context()
    .route(STORE_SITES, (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Store</title><h1>Store</h1>" }),
    );
}

/** Sets the device before the first page loads (navigator.userAgent included). */
async function useDevice(page: Page, userAgent: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setUserAgentOverride", { userAgent });
}

/** The texts the server answers in a language (seeded CMS titles and such). */
async function serverGet<T>(url: string, path: string, language: Language): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    headers: {
      authorization: "Bearer web:guest",
      "accept-language": { en: "en", tc: "zh-HK", sc: "zh-CN" }[language],
    },
  });
  return ((await response.json()) as { payload: T }).payload;
}

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const DESKTOP =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

test.describe("public screens", () => {
  const open = async (language: Language) => {
    const journey = await suite.open(language);
    return { ...journey, p: publicTexts(language) };
  };

  test("welcome: the banner fits its box from the first paint, Register and Login lead on", async ({
    language,
  }) => {
    const { page, t, p } = await open(language);
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
          shifts.push(entry.value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto("/");
    await expectHeading(page, p("welcome:heading"));
    const banner = page.locator(".welcome-banner img").first();
    await waitUntil(
      () => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      "banner loaded",
    );
    // The seeded banner's words are text in the page's language, over a wordless, decorative picture.
    expect(await textOf(page.locator(".welcome-banner-title").first())).toBe(
      { en: "Welcome to H Coins", tc: "歡迎加入 H Coins 會員", sc: "欢迎加入 H Coins 会员" }[language],
    );
    expect(await banner.getAttribute("alt")).toBe("");
    // Phones get the mobile picture; nothing moved while it loaded.
    expect(await banner.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain("/crm/media/");
    expect(await banner.getAttribute("fetchpriority")).toBe("high");
    const shift = await page.evaluate(() =>
      (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0),
    );
    expect(shift).toBeLessThan(0.05);
    const mobileSrc = await banner.evaluate((img: HTMLImageElement) => img.currentSrc);
    await page.setViewportSize({ width: 1280, height: 800 });
    await waitUntil(
      async () => (await banner.evaluate((img: HTMLImageElement) => img.currentSrc)) !== mobileSrc,
      "the desktop banner at 1280 px",
    );
    const box = await banner.boundingBox();
    expect(Math.round(((box?.width ?? 0) / (box?.height ?? 1)) * 10) / 10).toBe(3.2);
    expect(await cspViolations(page)).toEqual([]);

    // The welcome page's own buttons (the header has Register and Login too).
    const main = page.getByRole("main");
    await main.getByRole("link", { name: named(t("common:register")) }).click();
    await page.waitForURL("**/register");
    await page.goBack();
    await main.getByRole("link", { name: named(t("common:login")) }).click();
    await page.waitForURL("**/login");
  });

  test("welcome: the state query is kept; a pay-channel state opens the native app", async ({ language }) => {
    const { page, t, p } = await open(language);
    await page.goto("/?state=%2Fqrcode");
    await page
      .getByRole("main")
      .getByRole("link", { name: named(t("common:register")) })
      .waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem("stateUrl"))).toBe("/qrcode");

    // The page hands over to the native app at once; its load event may never come (Chromium
    // holds it while the app's scheme is tried), so the wait is for the page's own status.
    await page.goto(`/?state=${encodeURIComponent("/app-payment/result?order=7")}`, { waitUntil: "commit" });
    await page
      .getByRole("status")
      .filter({ hasText: p("welcome:openingApp") })
      .waitFor();
    const returnUrl = encodeURIComponent(`${suite.server.url}/app-payment/return-payme`);
    expect(await page.getByRole("link", { name: named(p("welcome:openApp")) }).getAttribute("href")).toBe(
      `hcoins://app-payment/result?order=7&return_url=${returnUrl}`,
    );
    expect(await page.evaluate(() => sessionStorage.getItem("stateUrl"))).toBe("/app-payment/result?order=7");
  });

  for (const [device, userAgent, host] of [
    ["an Android phone", ANDROID, "play.google.com"],
    ["an iPhone", IPHONE, "apps.apple.com"],
    ["a computer", DESKTOP, "apps.apple.com"],
  ] as const) {
    test(`open-cu-app sends ${device} to its store`, async ({ language }) => {
      const { page } = await open(language);
      await stubStores(page);
      await useDevice(page, userAgent);
      await page.goto("/open-cu-app");
      await page.waitForURL((url) => url.host === host);
      // Back does not bounce the visitor to the store again: the redirect page replaced itself.
      expect(await page.evaluate(() => history.length)).toBeLessThanOrEqual(2);
    });
  }

  for (const path of ["/reward", "/offer", "/egift", "/no/such/page"]) {
    test(`${path} offers to open or download the app, with badges in the language`, async ({ language }) => {
      const { page, p } = await open(language);
      await stubStores(page);
      await useDevice(page, ANDROID);
      await page.goto(path);
      await expectHeading(page, p("appOpen:titles.openApp"));
      // Each badge is named by exactly what it shows (WCAG 2.5.3).
      await page.getByRole("link", { name: named(`${p("appOpen:appStore.caption")} App Store`) }).waitFor();
      await page.getByRole("link", { name: named(`${p("appOpen:googlePlay.caption")} Google Play`) }).click();
      await page.waitForURL((url) => url.host === "play.google.com");
    });
  }

  test("app-payment/return-payme is blank", async ({ language }) => {
    const { page } = await open(language);
    await page.goto("/app-payment/return-payme");
    await page.locator("#main").waitFor();
    expect((await page.locator("#main").textContent())?.trim()).toBe("");
  });

  test("download: EN / 中 switches and is remembered; login goes to the store list; nothing comes from elsewhere", async ({
    language,
  }) => {
    const { page, t, p } = await open(language);
    const foreign: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.protocol.startsWith("http") && url.origin !== suite.server.url) foreign.push(request.url());
    });
    await page.goto("/download");
    await expectHeading(page, p("download:heading"));
    const other = language === "en" ? "中" : "EN";
    await page.getByRole("button", { name: other, exact: true }).click();
    const switched: Language = language === "en" ? "tc" : "en";
    await expectHeading(page, publicTexts(switched)("download:heading"));
    expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe(switched);
    await page.reload();
    await expectHeading(page, publicTexts(switched)("download:heading"));
    await page.getByRole("button", { name: language === "en" ? "EN" : "中", exact: true }).click();
    await expectHeading(
      page,
      language === "sc" ? publicTexts("tc")("download:heading") : p("download:heading"),
    );

    const t2 = language === "sc" ? publicTexts("tc") : p;
    await page.getByRole("link", { name: named(`${t2("download:appStore.caption")} App Store`) }).waitFor();
    await page.getByRole("img", { name: named(t2("download:phoneAlt")) }).waitFor();
    expect(
      await page
        .getByRole("region", { name: named(t2("download:benefitsHeading")) })
        .locator("li")
        .count(),
    ).toBe(6);
    // The seeded brands, from the server: each logo (a stored image) beside its name.
    await page.locator(".chain-logos li").nth(3).waitFor();
    expect(await page.locator(".chain-logos li").count()).toBe(4);
    expect(
      await page
        .locator(".chain-logos img")
        .evaluateAll((images) => images.every((image) => (image as HTMLImageElement).alt === "")),
    ).toBe(true);
    const shop = page.getByRole("link", { name: new RegExp(escapeRegExp(t2("download:shop"))) });
    expect(await shop.getAttribute("target")).toBe("_blank");
    const codes = page.locator(".download-qr img");
    // The codes' encoder loads after the page's first render.
    await codes.nth(1).waitFor();
    expect(
      await codes.evaluateAll((images) => images.map((image) => image.getAttribute("data-qr-text"))),
    ).toEqual([`${suite.server.url}/open-cu-app`, "https://app.example.com/download"]);
    expect(
      await codes.evaluateAll((images) =>
        images.every((image) => (image as HTMLImageElement).naturalWidth > 0),
      ),
    ).toBe(true);

    // EN back to English, 中 to Traditional Chinese (also from Simplified).
    await page
      .getByRole("main")
      .getByRole("link", { name: named((language === "en" ? t : texts("tc"))("common:login")) })
      .click();
    await page.waitForURL("**/index");
    expect(foreign).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
  });

  test("store list: district waits for a region, a new region clears it; pages; the detail leads back", async ({
    language,
  }) => {
    const { page, t, p } = await open(language);
    await page.goto("/index");
    await expectHeading(page, p("stores:titles.stores"));
    const region = page.getByLabel(p("stores:region"), { exact: true });
    const district = page.getByLabel(p("stores:district"), { exact: true });
    const brand = page.getByLabel(p("stores:brand"), { exact: true });
    await waitUntil(async () => (await region.locator("option").count()) > 1, "regions loaded");
    expect(await district.isDisabled()).toBe(true);
    const all = await page.locator(".store-results-heading").textContent();

    await region.selectOption("3005");
    await waitUntil(() => district.isEnabled(), "district enabled by the region");
    await district.selectOption("5050");
    await waitUntil(
      async () =>
        (await page.locator(".store-card-meta").allTextContents()).every((meta) =>
          meta.includes(t.place("3005", "5050")),
        ),
      "only Yau Tsim Mong stores",
    );
    expect(page.url()).toContain("district=5050");

    await region.selectOption("3001");
    await waitUntil(async () => (await district.inputValue()) === "", "district cleared by the new region");
    expect(page.url()).not.toContain("district=");
    await region.selectOption("");
    await waitUntil(() => district.isDisabled(), "district disabled without a region");
    await waitUntil(
      async () => (await page.locator(".store-results-heading").textContent()) === all,
      "all stores again",
    );

    // Brand: every store shown is of that brand.
    // The name is read from the option itself: the controlled select shows the new choice only
    // once the address has changed, which on a busy machine is after selectOption returns.
    const brandName = (await brand.locator('option[value="golden-crust"]').textContent()) ?? "";
    expect(brandName).not.toBe("");
    await brand.selectOption("golden-crust");
    await waitUntil(
      async () =>
        (await page.locator(".store-card-meta").allTextContents()).every((meta) =>
          meta.startsWith(brandName),
        ),
      "only that brand",
    );
    await brand.selectOption("");

    // Paging through the 28 first-start stores, 12 a page.
    await page.getByText(p("stores:pageOf", { page: 1, pages: 3 })).waitFor();
    const firstPage = await page.locator(".store-card-name").allTextContents();
    await page.getByRole("button", { name: named(p("stores:next")) }).click();
    await page.getByText(p("stores:pageOf", { page: 2, pages: 3 })).waitFor();
    await page.locator(".store-results:not([aria-busy])").waitFor();
    const secondPage = await page.locator(".store-card-name").allTextContents();
    expect(secondPage.some((name) => firstPage.includes(name))).toBe(false);

    // The detail, and back to the same page of the list.
    const name = secondPage[0] ?? "";
    await page.getByRole("link", { name: named(name) }).click();
    await expectHeading(page, name);
    for (const label of ["stores:address", "stores:businessHours", "stores:introduction"])
      await page.getByText(p(label), { exact: true }).waitFor();
    const picture = page.locator(".store-detail-image");
    await waitUntil(
      () => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      "store picture",
    );
    await page.getByRole("link", { name: new RegExp(escapeRegExp(p("stores:backToList"))) }).click();
    await page.getByText(p("stores:pageOf", { page: 2, pages: 3 })).waitFor();

    await page.goto("/store-list/detail/999999");
    await expectHeading(page, p("stores:notFoundTitle"));
  });

  test("CMS pages: merchant page, privacy policy, not found", async ({ language }) => {
    const { page, p } = await open(language);
    const merchant = await serverGet<{ title: string }>(
      suite.server.url,
      "/crm/cms/page/?url_slug=h-coins-partners&cms_location_code=merchant",
      language,
    );
    await page.goto("/pages/merchant/h-coins-partners");
    await expectHeading(page, merchant.title);
    expect(await page.title()).toContain(merchant.title);
    // A link inside the content to this app stays in the app.
    await page.locator(".cms-content a[href='/store-list']").first().click();
    await page.waitForURL("**/store-list");

    await page.goto("/pages/privacy-policy");
    await expectHeading(page, { en: "Privacy Policy", tc: "私隱政策", sc: "隐私政策" }[language]);
    await page.goto("/pages/merchant/no-such-page");
    await expectHeading(page, p("cmsPages:notFoundTitle"));
  });

  test("CMS pages: the browser sanitises again, so a script in the content never runs", async ({
    language,
  }) => {
    const { page } = await open(language);
    // A compromised CMS (or anything between it and the browser) answering with hostile HTML.
    await page.route(
      (url) => url.pathname.replace(/\/$/, "") === "/crm/cms/page",
      (route) =>
        route.fulfill({
          contentType: "application/json",
          body: JSON.stringify({
            code: 200,
            payload: {
              title: "Hostile",
              // The image has its text alternative: the journey is about scripts, and axe checks the screen.
              content:
                '<p id="kept">Kept text</p><script>window.ran = "script"</script><img src="/missing.png" alt="Missing" onerror="window.ran = \'onerror\'"><a id="js" href="javascript:window.ran=\'link\'">link</a><p onclick="window.ran = \'click\'" id="clicky">Click</p><iframe src="javascript:parent.ran=\'frame\'"></iframe><svg><script>window.ran = "svg"</script></svg>',
              status: "active",
            },
          }),
        }),
    );
    await page.goto("/pages/merchant/hostile");
    await page.locator("#kept").waitFor();
    await page.locator("#clicky").click();
    await page.locator("#js").click();
    // The missing image's error (its onerror, had it kept one) is the last thing the page does on its own.
    await imagesSettled(page);
    expect(await page.evaluate(() => (window as unknown as { ran?: string }).ran)).toBeUndefined();
    const content = page.locator(".cms-content");
    expect(await content.locator("script, iframe, [onerror], [onclick]").count()).toBe(0);
    expect(await page.locator("#js").getAttribute("href")).toBeNull();
  });
});
