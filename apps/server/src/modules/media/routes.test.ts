import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { GIF_1X1, JPEG_TINY, PNG_1X1, SVG_SQUARE, WEBP_1X1 } from "../../testing/images.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { MediaRejected } from "./service.ts";

let t: TestApp;
afterEach(() => t?.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: path, headers });

describe("MediaService.add", () => {
  it("stores an image under the SHA-256 of its bytes, once", async () => {
    t = await createTestApp({ env: { SEED_CONTENT: "false" } });
    const first = await t.app.services.media.add(PNG_1X1, "dot.png");
    expect(first).toEqual({
      token: createHash("sha256").update(PNG_1X1).digest("hex"),
      contentType: "image/png",
      byteSize: PNG_1X1.length,
      created: true,
    });
    const again = await t.app.services.media.add(PNG_1X1, "copy-of-dot.png");
    expect(again).toMatchObject({ token: first.token, created: false });
    expect(await t.app.services.media.list()).toHaveLength(1);
  });

  it.each([
    ["dot.gif", GIF_1X1, "image/gif"],
    ["dot.webp", WEBP_1X1, "image/webp"],
    ["photo.jpg", JPEG_TINY, "image/jpeg"],
    ["photo.jpeg", JPEG_TINY, "image/jpeg"],
    ["no-extension", PNG_1X1, "image/png"],
  ])("accepts %s as %s", async (name, bytes, type) => {
    t = await createTestApp({ env: { SEED_CONTENT: "false" } });
    expect((await t.app.services.media.add(bytes, name)).contentType).toBe(type);
  });

  it.each([
    [
      "a text file named .png",
      "fake.png",
      Buffer.from("this is not a PNG at all"),
      /named \.png but its bytes are not a PNG/,
    ],
    [
      "HTML named .svg",
      "page.svg",
      Buffer.from("<html><script>alert(1)</script></html>"),
      /named \.svg but its bytes are not an SVG image/,
    ],
    ["a JPEG named .png", "photo.png", JPEG_TINY, /named \.png but its bytes are a JPEG image/],
    ["a PNG named .txt", "dot.txt", PNG_1X1, /extension \.txt; a PNG image should end in \.png/],
    ["an empty file", "empty.png", Buffer.alloc(0), /is empty/],
    [
      "an executable",
      "tool.exe",
      Buffer.from("MZ\x90\x00\x03\x00\x00\x00"),
      /not a PNG, JPEG, GIF, WebP or SVG image/,
    ],
  ])("refuses %s, storing nothing", async (_label, name, bytes, message) => {
    t = await createTestApp({ env: { SEED_CONTENT: "false" } });
    const error = await t.app.services.media.add(bytes, name).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaRejected);
    expect((error as Error).message).toMatch(message);
    expect(await t.app.services.media.list()).toEqual([]);
  });

  it("refuses a file over MEDIA_MAX_BYTES and accepts one at the limit", async () => {
    t = await createTestApp({ env: { SEED_CONTENT: "false", MEDIA_MAX_BYTES: String(PNG_1X1.length) } });
    await expect(t.app.services.media.add(PNG_1X1, "dot.png")).resolves.toMatchObject({ created: true });
    const padded = Buffer.concat([PNG_1X1, Buffer.alloc(1)]);
    await expect(t.app.services.media.add(padded, "big.png")).rejects.toThrow(
      `big.png is ${PNG_1X1.length + 1} bytes; at most ${PNG_1X1.length} are accepted (MEDIA_MAX_BYTES)`,
    );
  });

  it("stores an SVG sanitised, under the token of the sanitised bytes", async () => {
    t = await createTestApp({ env: { SEED_CONTENT: "false" } });
    const hostile = SVG_SQUARE.replace(
      "<rect",
      '<script>alert(document.cookie)</script><a href="javascript:alert(1)"><text>x</text></a><rect onload="alert(2)"',
    );
    const stored = await t.app.services.media.add(Buffer.from(hostile), "hostile.svg");
    const row = await t.app.services.media.find(stored.token);
    const text = Buffer.from(row?.bytes ?? []).toString("utf8");
    expect(text).not.toMatch(/script|javascript|onload|alert/);
    expect(text).toContain('<rect width="10" height="10" fill="#f60">');
    expect(stored.token).toBe(createHash("sha256").update(text).digest("hex"));
  });
});

describe("GET /crm/media/{token}", () => {
  async function stored(bytes: Buffer, name: string) {
    t = await createTestApp({ env: { SEED_CONTENT: "false" } });
    return (await t.app.services.media.add(bytes, name)).token;
  }

  it("answers the bytes with the type detected from them, the token as ETag and a year of caching", async () => {
    const token = await stored(PNG_1X1, "dot.png");
    const res = await get(`/crm/media/${token}?app_id=web`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers.etag).toBe(`"${token}"`);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(res.rawPayload.equals(PNG_1X1)).toBe(true);
  });

  it("serves an SVG as image/svg+xml inside a sandboxing Content-Security-Policy", async () => {
    const token = await stored(Buffer.from(SVG_SQUARE), "square.svg");
    const res = await get(`/crm/media/${token}/?app_id=web`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(res.headers["content-security-policy"]).toMatch(/default-src 'none'.*sandbox/);
    expect(res.body).toContain("<rect");
  });

  it("answers 304 with no body to If-None-Match with the ETag (also in a list, also weak)", async () => {
    const token = await stored(GIF_1X1, "dot.gif");
    for (const header of [`"${token}"`, `"other", W/"${token}"`, "*"]) {
      const res = await get(`/crm/media/${token}?app_id=web`, { "if-none-match": header });
      expect(res.statusCode, header).toBe(304);
      expect(res.body).toBe("");
      expect(res.headers.etag).toBe(`"${token}"`);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
    const stale = await get(`/crm/media/${token}?app_id=web`, { "if-none-match": '"not-this-one"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(GIF_1X1)).toBe(true);
  });

  it("needs a known app_id in the query (401/4010) and no Authorization header", async () => {
    const token = await stored(PNG_1X1, "dot.png");
    for (const query of ["", "?app_id=", "?app_id=unknown-app"]) {
      const res = await get(`/crm/media/${token}${query}`);
      expect(res.statusCode, query).toBe(401);
      expect(res.json()).toMatchObject({ code: 401, error_code: 4010 });
    }
    const other = await createTestApp({ env: { APP_IDS: "web,kiosk", SEED_CONTENT: "false" } });
    try {
      const kioskToken = (await other.app.services.media.add(PNG_1X1, "dot.png")).token;
      const res = await other.app.inject({ method: "GET", url: `/crm/media/${kioskToken}?app_id=kiosk` });
      expect(res.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it("answers 404/4040 for an unknown or malformed token", async () => {
    await stored(PNG_1X1, "dot.png");
    for (const token of ["0".repeat(64), "not-a-token", "A".repeat(64), `${"a".repeat(64)}x`]) {
      const res = await get(`/crm/media/${token}?app_id=web`);
      expect(res.statusCode, token).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, error_code: 4040 });
    }
  });
});
