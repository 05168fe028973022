import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

/** A built console as Vite leaves it (base /console/): index.html and a hashed asset with its compressed copies. */
const INDEX =
  '<!doctype html><html lang="en"><head><title>H Coins console</title><script type="module" crossorigin src="/console/assets/index-1a2b.js"></script><link rel="stylesheet" crossorigin href="/console/assets/index-1a2b.css"></head><body><div id="root"></div></body></html>';
const script = `console.log(${JSON.stringify("console ".repeat(200))});`;
let consoleDist: string;
let webDist: string;
let t: TestApp;

beforeAll(async () => {
  consoleDist = await mkdtemp(join(tmpdir(), "console-dist-"));
  await mkdir(join(consoleDist, "assets"));
  await writeFile(join(consoleDist, "index.html"), INDEX);
  await writeFile(join(consoleDist, "assets", "index-1a2b.js"), script);
  await writeFile(join(consoleDist, "assets", "index-1a2b.js.br"), brotliCompressSync(script));
  await writeFile(join(consoleDist, "assets", "index-1a2b.js.gz"), gzipSync(script));
  await writeFile(join(consoleDist, "assets", "index-1a2b.css"), "body{margin:0}");
  // The member app beside it, to show that neither serves the other's page.
  webDist = await mkdtemp(join(tmpdir(), "web-dist-"));
  await writeFile(
    join(webDist, "index.html"),
    '<!doctype html><html lang="zh-HK"><head><!--app-config--><script type="module" src="/assets/app-1.js"></script></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ env: { CONSOLE_DIST_DIR: consoleDist, WEB_DIST_DIR: webDist } });
});

afterAll(async () => {
  await t.close();
  await rm(consoleDist, { recursive: true, force: true });
  await rm(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers });

describe("the console at /console", () => {
  it("answers every screen path with its own index.html, its own CSP, never cached", async () => {
    for (const path of [
      "/console",
      "/console/",
      "/console/sign-in?next=%2Fmembers",
      "/console/members/42",
      "/console/invitation",
    ]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body).toBe(INDEX);
      const csp = String(res.headers["content-security-policy"]);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain("unsafe");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
    }
  });

  it("sends its assets with a year of caching, compressed as the build wrote them", async () => {
    const br = await get("/console/assets/index-1a2b.js", { "accept-encoding": "br" });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const css = await get("/console/assets/index-1a2b.css");
    expect(css.statusCode).toBe(200);
    expect(css.body).toBe("body{margin:0}");
  });

  it("answers a missing asset and a compressed copy's own path with 404, not with the page", async () => {
    for (const path of ["/console/assets/gone-9z9z.js", "/console/assets/index-1a2b.js.br"]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).not.toContain("<!doctype html>");
    }
  });

  it("leaves /console/api to the API: a path no route takes is the JSON envelope's 404", async () => {
    for (const path of ["/console/api", "/console/api/no-such-call", "/console/api/members/1/nothing"]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers["content-type"]).toMatch(/application\/json/);
      expect(res.json()).toMatchObject({ code: 404, error_code: 4040 });
    }
  });

  it("is no part of the member app's pages, and the member app's page is not the console's", async () => {
    const member = await get("/");
    expect(member.statusCode).toBe(200);
    expect(member.body).not.toContain("/console");
    expect((await get("/console/members")).body).not.toContain("/assets/app-1.js");
  });
});

describe("a deployment whose console is not built", () => {
  it("answers the console's paths with 404, not with the member app's page", async () => {
    const empty = await mkdtemp(join(tmpdir(), "console-none-"));
    const bare = await createTestApp({ env: { CONSOLE_DIST_DIR: empty, WEB_DIST_DIR: webDist } });
    try {
      for (const path of ["/console", "/console/members/42", "/console/api/nothing"]) {
        const res = await bare.app.inject({ method: "GET", url: path });
        expect(res.statusCode, path).toBe(404);
        expect(res.json()).toMatchObject({ error_code: 4040 });
      }
      expect((await bare.app.inject({ method: "GET", url: "/" })).statusCode).toBe(200);
    } finally {
      await bare.close();
      await rm(empty, { recursive: true, force: true });
    }
  });
});
