import { expect } from "@playwright/test";
import type { Page } from "playwright-core";
import { SVG_SQUARE } from "../apps/server/src/testing/images.ts";
import { cspViolations, imagesSettled } from "./support/browser.ts";
import {
  createMember,
  enterPhone,
  expectHeading,
  SHOP_HOST,
  signIn,
  submitPassword,
  textOf,
} from "./support/journeys.ts";
import { journeySuite, test } from "./support/suite.ts";
import { exactly, type TextKey } from "./support/texts.ts";

/**
 * Abuse in Chromium: hostile `redirect` targets after a login, and script smuggled in
 * through CMS content, banners, profile names and query parameters. Every payload that
 * could run sets `window.__xss` or opens a dialog; neither may happen, and the CSP must
 * have had nothing to refuse (the app, not the CSP, kept the markup inert). Language
 * plays no part here, so this runs in English only.
 */
const suite = journeySuite(65_000_000);
const LANGUAGE = "en";

/** Dialogs opened, requests made (with any token they carry) and the hosts they went to. */
async function watch(page: Page) {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const requests: { url: URL; authorization: string }[] = [];
  page
    .context()
    .on("request", (request) =>
      requests.push({ url: new URL(request.url()), authorization: request.headers().authorization ?? "" }),
    );
  // Were the browser sent there, it would find a page rather than a DNS error, and say so.
  await page.context().route(
    (url) => url.hostname.endsWith("evil.example"),
    (route) => route.fulfill({ contentType: "text/html", body: "<h1>Evil</h1>" }),
  );
  return { dialogs, requests };
}

const ran = (page: Page) => page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);

/** The inline scripts the server puts in every page itself: its configuration, the early profile request. */
async function ownInlineScripts(page: Page): Promise<string[]> {
  const html = await (await page.request.get(new URL("/", page.url()).href)).text();
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? "");
}

/** Elements of the document that carry an event handler attribute, or inline script (but the app's own). */
const liveMarkup = async (page: Page) => {
  const own = await ownInlineScripts(page);
  return page.evaluate((ownScripts) => {
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll("*"))) {
      for (const attribute of Array.from(element.attributes)) {
        if (/^on/i.test(attribute.name)) found.push(`${element.tagName} ${attribute.name}`);
        if (/^\s*(javascript:|vbscript:|data:text\/html)/i.test(attribute.value))
          found.push(`${element.tagName} ${attribute.name}=${attribute.value}`);
      }
    }
    for (const script of Array.from(document.querySelectorAll("script:not([src])")))
      if (!ownScripts.includes(script.textContent ?? "")) found.push(`inline script`);
    for (const frame of Array.from(
      document.querySelectorAll("iframe, object, embed, base, meta[http-equiv]"),
    ))
      found.push(frame.tagName);
    return found;
  }, own);
};

async function expectInert(page: Page, dialogs: string[], what: string) {
  // What fires on its own (a failed image's onerror, above all) has fired once the images have settled.
  await imagesSettled(page);
  expect(await ran(page), what).toBeUndefined();
  expect(dialogs, what).toEqual([]);
  expect(await liveMarkup(page), what).toEqual([]);
  expect(await cspViolations(page), what).toEqual([]);
}

// --- Redirect targets ----------------------------------------------------------------------------

/** Each goes to the shop (with the token) or stays on an in-app path; never elsewhere. */
const HOSTILE_REDIRECTS = [
  "//evil.example",
  "https:evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/%2F%2Fevil.example",
  "%2F%2Fevil.example",
  "https://evil.example",
  "HTTPS://EVIL.EXAMPLE/x",
  "https://shop.example.com.evil.example",
  "https://evil.example@shop.example.com",
  "/\t/evil.example",
  "/\n/evil.example",
  "/.//evil.example",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
];

/** Where the member landed, checked: the app or the shop, and no request anywhere else, no token to the shop but in its address. */
function judgeLanding(page: Page, requests: { url: URL; authorization: string }[], target: string) {
  const app = new URL(suite.server.url);
  const landed = new URL(page.url());
  const what = `${JSON.stringify(target)} → ${landed}`;
  expect([app.host, SHOP_HOST], what).toContain(landed.host);
  for (const { url, authorization } of requests.splice(0)) {
    expect([app.host, SHOP_HOST], `${what}: a request to ${url}`).toContain(url.host);
    if (url.host === SHOP_HOST) expect(authorization, what).toBe("");
  }
  return landed.host === SHOP_HOST ? "shop" : "app";
}

test.describe("redirect targets", () => {
  test("after a login through the screens: //evil.example, /<tab>/evil.example and javascript: go to the shop", async () => {
    const member = await createMember(suite.server, suite.nextPhone());
    for (const target of ["//evil.example", "/\t/evil.example", "javascript:alert(1)"]) {
      const { page, t } = await suite.open(LANGUAGE);
      const { dialogs, requests } = await watch(page);
      await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
      await enterPhone(page, t, member.phone);
      await page.waitForURL("**/login/step2?**");
      await submitPassword(page, t, member.password);
      await page.waitForURL((url) => url.host === SHOP_HOST);
      expect(judgeLanding(page, requests, target)).toBe("shop");
      expect(new URL(page.url()).searchParams.get("access_token")?.length).toBeGreaterThan(20);
      expect(dialogs).toEqual([]);
      await page.context().close();
    }
  });

  test(`${HOSTILE_REDIRECTS.length} hostile targets at the profile's Continue: the app or the shop, never elsewhere`, async () => {
    const member = await createMember(suite.server, suite.nextPhone());
    const { page, t } = await suite.open(LANGUAGE);
    const { dialogs, requests } = await watch(page);
    await signIn(page, member.token);
    const outcomes: Record<string, number> = {};
    for (const target of HOSTILE_REDIRECTS) {
      await page.goto(`/update-user/success?redirect=${encodeURIComponent(target)}`);
      await page.getByRole("button", { name: exactly(t("profile:continue")) }).click();
      await page.waitForURL((url) => url.pathname !== "/update-user/success");
      await page.waitForLoadState();
      const outcome = judgeLanding(page, requests, target);
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
    expect(dialogs).toEqual([]);
    // The encoded slashes stay an in-app path (a not-found screen); the rest leave for the shop.
    expect(outcomes).toEqual({ shop: HOSTILE_REDIRECTS.length - 2, app: 2 });
  });
});

// --- Script through content, names and addresses -------------------------------------------------

/** Hostile CMS markup: each piece would set window.__xss (or alert) if it ran. */
const HOSTILE_HTML = [
  '<p id="kept">Kept text</p>',
  "<script>window.__xss = 'script'</script>",
  '<img src="x" onerror="window.__xss = \'img\'">',
  '<svg onload="window.__xss = \'svg\'"><circle r="5"/></svg>',
  '<a id="js-link" href="javascript:window.__xss=\'link\'">a link</a>',
  '<a id="js-entity" href="jav&#x09;ascript:alert(1)">an encoded link</a>',
  "<iframe srcdoc=\"<script>parent.__xss = 'srcdoc'</script>\"></iframe>",
  "<div style=\"background:url(javascript:window.__xss='css')\">styled</div>",
  "<p style=\"width: expression(window.__xss='expression')\">expression</p>",
  "<details open ontoggle=\"window.__xss = 'toggle'\"><summary>more</summary></details>",
  "<input autofocus onfocus=\"window.__xss = 'focus'\">",
  '<form action="javascript:alert(1)"><button id="form-button">Send</button></form>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="https://evil.example/">',
  "<math><mtext><table><mglyph><style><img src=x onerror=\"window.__xss = 'mxss'\">",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
].join("\n");

const HOSTILE_TITLE = "<img src=x onerror=\"window.__xss='title'\">Offers";

test.describe("script smuggled in", () => {
  test("a CMS page whose HTML and title hold 17 kinds of script: shown inertly, nothing runs", async () => {
    await suite.server.services.cms.savePage({
      locationCode: "merchant",
      slug: "hostile",
      title: { en: HOSTILE_TITLE, tc: HOSTILE_TITLE, sc: HOSTILE_TITLE },
      content: { en: HOSTILE_HTML, tc: HOSTILE_HTML, sc: HOSTILE_HTML },
      status: "active",
    });
    const { page } = await suite.open(LANGUAGE);
    const { dialogs } = await watch(page);
    await page.goto("/pages/merchant/hostile");
    await expectHeading(page, HOSTILE_TITLE); // the title's markup is text on the screen
    await page.getByText("Kept text").waitFor();
    // Whatever links and buttons survived are followed and pressed.
    for (const control of await page.locator(".cms-content a, .cms-content button").all())
      await control.click();
    expect(new URL(page.url()).pathname).toBe("/pages/merchant/hostile");
    await expectInert(page, dialogs, "CMS page");
  });

  test("a banner with a scripted SVG image and markup in its title: shown inertly, nothing runs", async () => {
    const svg = SVG_SQUARE.replace(
      "<rect",
      "<script>window.__xss='svg-script'</script><rect onclick=\"window.__xss='svg-click'\"",
    ).replace("<svg ", "<svg onload=\"window.__xss='svg-onload'\" ");
    const { services } = suite.server;
    const image = await services.media.add(Buffer.from(svg), "hostile.svg");
    await services.cms.addBanner({
      locationCode: "welcome",
      title: { en: HOSTILE_TITLE, tc: HOSTILE_TITLE, sc: HOSTILE_TITLE },
      mobileToken: image.token,
      desktopToken: image.token,
      linkUrl: "/store-list",
      sortOrder: -1,
    });
    const { page } = await suite.open(LANGUAGE);
    const { dialogs } = await watch(page);
    await page.goto("/");
    const banner = page.locator(`img[src*="${image.token}"]`).first();
    await banner.waitFor();
    await expectInert(page, dialogs, "welcome banner");
    // The image opened on its own, as a document: its scripts were taken out, and its CSP sandboxes the rest.
    // goto waits for the document's load event: its scripts and its onload would have run by then.
    await page.goto(`/crm/media/${image.token}?app_id=web`);
    expect(await ran(page)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });

  test("a member whose names hold markup sees them as text on the profile and QR code screens", async () => {
    const firstName = "<img src=x onerror=\"window.__xss='first'\">";
    const lastName = "\"><script>window.__xss='last'</script>";
    const member = await createMember(suite.server, suite.nextPhone(), {
      first_name: firstName,
      last_name: lastName,
      name: `${lastName} ${firstName}`,
    });
    const { page, t } = await suite.open(LANGUAGE);
    const { dialogs } = await watch(page);
    await signIn(page, member.token);
    await page.goto("/renew");
    await expectHeading(page, t("profile:titles.memberInfo"));
    const field = (label: TextKey) => page.getByRole("textbox", { name: exactly(t(label)) });
    expect(await field("common:profile.firstName").inputValue()).toBe(firstName);
    expect(await field("common:profile.lastName").inputValue()).toBe(lastName);
    await expectInert(page, dialogs, "/renew");
    await page.goto("/qrcode");
    await page.getByText(member.memberNo, { exact: true }).waitFor();
    await expectInert(page, dialogs, "/qrcode");
  });

  const HOSTILE_ADDRESSES = [
    "/?lang=<script>window.__xss='lang'</script>",
    '/?lang=en"><img src=x onerror=alert(1)>',
    "/#<img src=x onerror=alert(1)>",
    "/?message=<img src=x onerror=alert(1)>&signature=<svg onload=alert(1)>",
    "/login?redirect=javascript:alert(1)",
    "/login/step2?data=<img src=x onerror=alert(1)>&redirect=javascript:alert(1)",
    '/register/step2?data="><script>alert(1)</script>',
    "/reset-pw/step1?data=<svg onload=alert(1)>",
    '/store-list?region=<img src=x onerror=alert(1)>&district=<script>alert(1)</script>&brand="><svg onload=alert(1)>&page=<b>2</b>',
    "/store-list/detail/<img src=x onerror=alert(1)>",
    "/pages/merchant/<img src=x onerror=alert(1)>",
    "/pages/<script>alert(1)</script>/x",
    "/subscription-preferences?token=<img src=x onerror=alert(1)>",
  ];

  test(`${HOSTILE_ADDRESSES.length} addresses with markup in the query, path or hash: nothing runs`, async () => {
    const { page } = await suite.open(LANGUAGE);
    const { dialogs } = await watch(page);
    for (const address of HOSTILE_ADDRESSES) {
      await page.goto(address);
      // The app drew a screen (a heading), whatever it made of the address.
      await page.locator("h1").first().waitFor({ state: "attached" });
      expect(await textOf(page.locator("h1").first()), address).not.toBe("");
      expect(new URL(page.url()).origin, address).toBe(suite.server.url);
      await expectInert(page, dialogs, address);
    }
  });
});
