import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { FirstPaintManifest } from "@hcoins/web/app/first-paint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

/** A built web app as Vite leaves it: index.html with its config slot, an asset with .br and .gz copies. */
/** An inline script of index.html's own (the web app's early profile request, say). */
const INLINE = "window.early = 1;";
const script = `console.log(${JSON.stringify("H Coins ".repeat(200))});`;
const STYLES = ".page-intro{color:#555}";
const SERVICE_WORKER = "self.addEventListener('fetch', () => {});";
const MANIFEST = JSON.stringify({ name: "H Coins Membership", start_url: "/qrcode" });
let dist: string;
let t: TestApp;

/** What the web build writes for the server (apps/web/src/app/first-paint.ts): each screen's chunks, each language's catalogue. */
const firstPaint: FirstPaintManifest = {
  screens: [
    { path: "", files: ["/assets/welcome-page-1.js"] },
    {
      path: "/register",
      files: ["/assets/register-phone-page-1.js", "/assets/phone-field-1.js"],
      boot: {
        en: { title: "Register", intro: "Enter your number <then> the code & more." },
        tc: { title: "會員登記", intro: "請輸入手提電話號碼。" },
        sc: { title: "会员注册", intro: "请输入手机号码。" },
      },
    },
    { path: "*", files: ["/assets/open-or-download-page-1.js"] },
    { path: "/download", files: ["/assets/download-page-1.js"] },
    { path: "store-list/detail/:id", files: ["/assets/store-detail-page-1.js"] },
  ],
  catalogues: { en: ["/assets/en-1.js"], tc: ["/assets/tc-1.js"], sc: ["/assets/sc-1.js"] },
};
const modulepreloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((match) => match[1]);

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), "web-dist-"));
  await mkdir(join(dist, "assets"));
  await writeFile(
    join(dist, "index.html"),
    `<!doctype html><html lang="zh-HK"><head><!--app-config--><script>${INLINE}</script><script type="module" src="/assets/app-1a2b.js"></script><link rel="stylesheet" crossorigin href="/assets/app-1a2b.css"></head><body><div id="boot"><main><!--boot--></main></div></body></html>`,
  );
  await writeFile(join(dist, "assets", "app-1a2b.css"), STYLES);
  await writeFile(join(dist, "assets", "app-1a2b.js"), script);
  await writeFile(join(dist, "assets", "app-1a2b.js.br"), brotliCompressSync(script));
  await writeFile(join(dist, "assets", "app-1a2b.js.gz"), gzipSync(script));
  await writeFile(join(dist, "sw.js"), SERVICE_WORKER);
  await mkdir(join(dist, "manifest"));
  await writeFile(join(dist, "manifest", "en.webmanifest"), MANIFEST);
  await mkdir(join(dist, ".vite"));
  await writeFile(join(dist, ".vite", "first-paint.json"), JSON.stringify(firstPaint));
  t = await createTestApp({ env: { WEB_DIST_DIR: dist, WEB_SHOP_URL: "https://shop.example/" } });
});

afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers });

describe("the web app on the API's origin", () => {
  it("answers every screen path with index.html, its configuration injected and allowed by the CSP, never cached", async () => {
    for (const path of ["/", "/register/step3?data=x", "/pages/merchant/h-coins-partners", "/index.html"]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body).toContain('window.__APP_CONFIG__={"crmBase"');
      expect(res.body).toContain('"shopUrl":"https://shop.example/"');
      expect(res.body).not.toContain("<!--app-config-->");
      // The injected configuration's hash and the page's own inline script's, nothing else.
      const scriptSrc = /script-src ([^;]+)/.exec(String(res.headers["content-security-policy"]))?.[1];
      const inlineHash = createHash("sha256").update(INLINE).digest("base64");
      expect(scriptSrc).toMatch(
        new RegExp(`^'self' 'sha256-[A-Za-z0-9+/=]+' 'sha256-${inlineHash.replace(/[+/]/g, "\\$&")}'$`),
      );
    }
  });

  it("sends the build's brotli or gzip copy of an asset to a client that accepts it, the original otherwise", async () => {
    const br = await get("/assets/app-1a2b.js", { "accept-encoding": "gzip, deflate, br" });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gzip = await get("/assets/app-1a2b.js", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get("/assets/app-1a2b.js", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("answers a missing asset and a compressed copy's own path with 404, not with the page", async () => {
    for (const path of ["/assets/gone-9z9z.js", "/assets/app-1a2b.js.br", "/assets/app-1a2b.js.gz"]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers["content-type"]).not.toMatch(/text\/html/);
    }
  });

  it("sends the service worker uncached, for the whole app's scope; the manifest as a manifest", async () => {
    const worker = await get("/sw.js");
    expect(worker.statusCode).toBe(200);
    expect(worker.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    // A new version must reach a member's browser on their next visit, not after an HTTP cache's day.
    expect(worker.headers["cache-control"]).toBe("no-cache");
    expect(worker.headers["service-worker-allowed"]).toBe("/");
    expect(worker.body).toBe(SERVICE_WORKER);

    const manifest = await get("/manifest/en.webmanifest");
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(JSON.parse(manifest.body)).toMatchObject({ start_url: "/qrcode" });
  });

  it("lets the page start its workers and read its manifest from its own origin only", async () => {
    const csp = String((await get("/qrcode")).headers["content-security-policy"]);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it("compresses API answers too", async () => {
    const res = await get("/crm/store/?page_size=50", {
      authorization: "Bearer web:guest",
      "accept-encoding": "br",
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString()).code).toBe(200);
  });
});

describe("the page's preloads", () => {
  it("lists the screen's chunks and the catalogue of the page's language, so they load with the app", async () => {
    expect(modulepreloads((await get("/register")).body)).toEqual([
      "/assets/register-phone-page-1.js",
      "/assets/phone-field-1.js",
      "/assets/tc-1.js",
    ]);
    expect(modulepreloads((await get("/download?lang=en")).body)).toEqual([
      "/assets/download-page-1.js",
      "/assets/en-1.js",
    ]);
    const fromCookie = await get("/store-list/detail/42", { cookie: "theme=x; lang=sc" });
    expect(modulepreloads(fromCookie.body)).toEqual(["/assets/store-detail-page-1.js", "/assets/sc-1.js"]);
    // The catch-all takes what no other screen matches, wherever it stands in the list.
    expect(modulepreloads((await get("/reward/spring?lang=zh-CN")).body)).toEqual([
      "/assets/open-or-download-page-1.js",
      "/assets/sc-1.js",
    ]);
  });

  it("starts the first welcome banner's image with the page, phone and desktop image each for its widths", async () => {
    const banners = await t.call("GET", "/crm/cms/banner/?cms_location_code=welcome");
    const [first] = banners.body.payload;
    expect(first.image_mobile_media_token).toBeTruthy();
    const html = (await get("/")).body;
    const media = (token: string) => `/crm/media/${encodeURIComponent(token)}?app_id=web`;
    expect(html).toContain(
      `<link rel="preload" as="image" fetchpriority="high" href="${media(first.image_mobile_media_token).replace("&", "&amp;")}" media="(max-width: 767.98px)">`,
    );
    expect(html).toContain(
      `href="${media(first.image_desktop_media_token).replace("&", "&amp;")}" media="(min-width: 768px)">`,
    );
    expect(modulepreloads(html)).toEqual(["/assets/welcome-page-1.js", "/assets/tc-1.js"]);
    expect((await get("/register")).body).not.toContain('as="image"');
    // A ?state= may send the visitor on to the native app: no banner to fetch then.
    expect((await get("/?state=%2Fapp-payment%2Fresult")).body).not.toContain('as="image"');
  });
});

describe("the page's first paint", () => {
  const boot = (html: string) => /<main>([\s\S]*?)<\/main>/.exec(html)?.[1];

  it("draws the screen's heading and intro in the page's language, as text", async () => {
    expect(boot((await get("/register")).body)).toBe(
      '<section class="page"><h1 class="page-title">會員登記</h1><p class="page-intro">請輸入手提電話號碼。</p></section>',
    );
    expect(boot((await get("/register?lang=en")).body)).toBe(
      '<section class="page"><h1 class="page-title">Register</h1><p class="page-intro">Enter your number &lt;then&gt; the code &amp; more.</p></section>',
    );
    expect(boot((await get("/register", { cookie: "lang=sc" })).body)).toContain("请输入手机号码。");
    // Screens that open with data of their own draw only the header until the app runs.
    expect(boot((await get("/download")).body)).toBe("");
  });

  it("says the page's language in <html lang>", async () => {
    expect((await get("/register?lang=en")).body).toContain('<html lang="en">');
    expect((await get("/download", { cookie: "lang=sc" })).body).toContain('<html lang="zh-CN">');
    expect((await get("/download")).body).toContain('<html lang="zh-HK">');
  });

  it("carries the app's stylesheet inside the page instead of linking it", async () => {
    const html = (await get("/login")).body;
    expect(html).toContain(`<style>${STYLES}</style>`);
    expect(html).not.toContain('rel="stylesheet"');
  });
});
