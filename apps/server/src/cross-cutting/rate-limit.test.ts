import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PNG_1X1 } from "../testing/images.ts";
import type { TestApp } from "../testing/test-app.ts";
import { deployments, turn } from "./abuse-support.ts";
import { expectFailure } from "./support.ts";

/**
 * The per-address request limit (RATE_LIMIT_PER_MINUTE) as a member meets it. An outside probe
 * found pages refused after about 40 loads a minute, because every asset and image of a page
 * counted too, and the refusal shown as raw English JSON in a Traditional Chinese page. Static
 * files never count; a refused page is a small HTML page in the page's language; an API call
 * keeps the envelope. Calls alternate between the instances where there are two.
 */

const LIMIT = 5;
let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), "web-dist-"));
  await mkdir(join(dist, "assets"));
  await writeFile(
    join(dist, "index.html"),
    '<!doctype html><html lang="zh-HK"><head><!--app-config--><script type="module" src="/assets/app-1a2b.js"></script></head><body></body></html>',
  );
  await writeFile(join(dist, "assets", "app-1a2b.js"), "console.log(1);");
  await writeFile(join(dist, "assets", "app-1a2b.css"), "body{margin:0}");
  await writeFile(join(dist, "favicon.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(dist, "site.webmanifest"), '{"name":"H Coins"}');
});

afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers });

/** Uses up the allowance with page loads (each answered as a page), then one more is refused. */
async function exhaust(instances: TestApp[]) {
  for (let i = 0; i < LIMIT; i++) {
    const page = await get(turn(instances, i), "/login");
    expect(page.statusCode, `page ${i + 1}`).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
  }
}

describe.each(deployments())("the request limit, $name", (deployment) => {
  const start = () => deployment.start({ WEB_DIST_DIR: dist, RATE_LIMIT_PER_MINUTE: String(LIMIT) });

  it("never counts static files: assets, favicon, manifest and media images load past it", async () => {
    const instances = await start();
    const image = await (instances[0] as TestApp).app.services.media.add(PNG_1X1, "dot.png");
    const files = [
      "/assets/app-1a2b.js",
      "/assets/app-1a2b.css",
      "/favicon.svg",
      "/site.webmanifest",
      `/crm/media/${image.token}?app_id=web`,
    ];
    // Six times the limit in files, as a dozen page loads would pull them.
    for (let i = 0; i < LIMIT * 6; i++) {
      const url = files[i % files.length] as string;
      expect((await get(turn(instances, i), url)).statusCode, url).toBe(200);
    }
    // The whole allowance is still there for pages, and the files load after it is spent.
    await exhaust(instances);
    expect((await get(turn(instances, LIMIT), "/login")).statusCode).toBe(429);
    for (const [i, url] of files.entries()) {
      expect((await get(turn(instances, i), url)).statusCode, url).toBe(200);
    }
  });

  it("answers a refused page with a small HTML page in the page's language, with when to retry", async () => {
    const instances = await start();
    await exhaust(instances);
    // The member chose Traditional Chinese (the app's cookie); the browser itself asks for English.
    const page = await get(turn(instances, LIMIT), "/login/step2?data=x", {
      cookie: "theme=x; lang=tc",
      "accept-language": "en-US,en;q=0.9",
    });
    expect(page.statusCode).toBe(429);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.headers["content-security-policy"]).toMatch(/^default-src 'none'; style-src 'unsafe-inline'/);
    const seconds = Number(page.headers["retry-after"]);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(page.body).toMatch(/^<!doctype html><html lang="zh-HK">/);
    expect(page.body).toContain("<h1>請求過於頻繁</h1>");
    expect(page.body).toContain(`請於${seconds}秒後再試。`);
    expect(page.body).toContain('<a href="">再試一次</a>');
    expect(page.body).not.toMatch(/<script|error_code|Too many/);

    // ?lang= wins over the cookie, as in the app; with neither, Traditional Chinese.
    const english = await get(turn(instances, LIMIT + 1), "/register?lang=en", { cookie: "lang=tc" });
    expect(english.statusCode).toBe(429);
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toMatch(
      /Too many requests came from your network in the last minute\. Please try again in \d+ seconds?\./,
    );
    const simplified = await get(turn(instances, LIMIT + 2), "/", { cookie: "lang=sc" });
    expect(simplified.body).toContain('<html lang="zh-CN">');
    expect(simplified.body).toContain("请求过于频繁");
    const plain = await get(turn(instances, LIMIT + 3), "/qrcode", { "accept-language": "en" });
    expect(plain.body).toContain('<html lang="zh-HK">');
  });

  it("keeps the JSON envelope for API calls, with retry_after_seconds", async () => {
    const instances = await start();
    await exhaust(instances);
    const res = await turn(instances, LIMIT).call("POST", "/custom-api/api/Member/CheckPhone", {
      body: { mobile_phone_prefix: "852", mobile_phone: "91234567" },
      lang: "zh-HK",
    });
    expectFailure(res, 429, 4299);
    expect(res.body.error_message).toBe("請求過於頻繁，請稍後再試。");
    expect(res.body.payload.retry_after_seconds).toBeGreaterThanOrEqual(1);
    expect(res.body.payload.retry_after_seconds).toBeLessThanOrEqual(60);
  });
});
