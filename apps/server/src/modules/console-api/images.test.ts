import { afterEach, describe, expect, it } from "vitest";
import { GIF_1X1, PNG_1X1, SVG_SQUARE } from "../../testing/images.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { consoleCall, type SignedInOperator, signedInOperator } from "./console-test-support.ts";

let t: TestApp;
afterEach(() => t?.close());

const entries = () => t.app.services.audit.all({});
const upload = (operator: SignedInOperator, bytes: Buffer, fileName: string) =>
  consoleCall(t, "POST", "/images", {
    cookie: operator.cookie,
    csrf: operator.csrf,
    body: { file_name: fileName, data_base64: bytes.toString("base64") },
  });
const read = (operator: SignedInOperator, token: string) =>
  consoleCall(t, "GET", `/images/${token}`, { cookie: operator.cookie });

describe("the console's image store (banners, brand logos, reward pictures)", () => {
  it("stores a PNG with one audit entry, answering its token and its /crm/media address", async () => {
    t = await createTestApp();
    const editor = await signedInOperator(t, "contentEditor");
    const before = (await entries()).length;
    const stored = await upload(editor, PNG_1X1, "dot.png");
    expect(stored.status, stored.text).toBe(200);
    const { token, image_url } = stored.body.payload;
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(image_url).toBe(`/crm/media/${token}`);
    const all = await entries();
    expect(all.length - before).toBe(1);
    expect(all[0]).toMatchObject({ action: "content.image.upload", target: `media:${token}` });
  });

  it("takes the programme manager's uploads too (their brand logos and reward pictures)", async () => {
    t = await createTestApp();
    const manager = await signedInOperator(t, "programmeManager");
    const stored = await upload(manager, PNG_1X1, "logo.png");
    expect(stored.status, stored.text).toBe(200);
    const preview = await read(manager, stored.body.payload.token);
    expect(preview.status).toBe(200);
  });

  it("refuses a wrong type, a misnamed file, an empty one and an oversized one, with no audit entry", async () => {
    t = await createTestApp({ env: { MEDIA_MAX_BYTES: "5000" } });
    const editor = await signedInOperator(t, "contentEditor");
    const before = (await entries()).length;
    const rule = async (bytes: Buffer, name: string) => {
      const answer = await upload(editor, bytes, name);
      expect(answer.status).toBe(400);
      return answer.body.payload.errors?.[0];
    };
    expect(await rule(Buffer.from("%PDF-1.4 not an image"), "flyer.pdf")).toEqual({
      field: "data_base64",
      rule: "imageType",
    });
    expect((await rule(GIF_1X1, "dot.png"))?.rule).toBe("imageType");
    expect((await rule(Buffer.concat([PNG_1X1, Buffer.alloc(5000)]), "big.png"))?.rule).toBe("imageTooLarge");
    expect((await rule(Buffer.alloc(0), "empty.png"))?.rule).toBe("required");
    expect((await entries()).length).toBe(before);
  });

  it("answers a 2.5 MB upload 413 in the envelope (4130) with the limit, in the operator's language", async () => {
    t = await createTestApp();
    const editor = await signedInOperator(t, "contentEditor");
    const before = (await entries()).length;
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(2.5 * 1024 * 1024)]);
    const answer = await consoleCall(t, "POST", "/images", {
      cookie: editor.cookie,
      csrf: editor.csrf,
      headers: { "accept-language": "en" },
      body: { file_name: "big.png", data_base64: big.toString("base64") },
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({
      code: 413,
      error_code: 4130,
      error_message: "The request is too large.",
      payload: { error_code: 4130, max_bytes: 2 * 1024 * 1024 },
    });
    // Just over the limit but within the body limit: the rule, with the same limit.
    const over = await upload(editor, Buffer.concat([PNG_1X1, Buffer.alloc(2 * 1024 * 1024)]), "over.png");
    expect(over.status).toBe(400);
    expect(over.body.payload).toMatchObject({
      errors: [{ field: "data_base64", rule: "imageTooLarge" }],
      max_bytes: 2 * 1024 * 1024,
    });
    expect((await entries()).length).toBe(before);
  });

  it("gives the bytes back with their type for the previews, sandboxed; 4040 for an unknown token", async () => {
    t = await createTestApp();
    const editor = await signedInOperator(t, "contentEditor");
    const png = (await upload(editor, PNG_1X1, "dot.png")).body.payload.token;
    const preview = await read(editor, png);
    expect(preview.status).toBe(200);
    expect(preview.headers["content-type"]).toBe("image/png");
    expect(Number(preview.headers["content-length"])).toBe(PNG_1X1.length);

    const svg = (await upload(editor, Buffer.from(SVG_SQUARE), "square.svg")).body.payload.token;
    const drawing = await read(editor, svg);
    expect(drawing.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(drawing.headers["content-security-policy"]).toContain("sandbox");

    const unknown = await read(editor, "0".repeat(64));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error_code).toBe(4040);
    expect((await read(editor, "logo.png")).status).toBe(400);
  });
});
