import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PNG_1X1, SVG_SQUARE } from "../testing/images.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { CliError } from "./command.ts";
import {
  bannerAdd,
  bannerList,
  bannerSetStatus,
  mediaAdd,
  mediaList,
  pageList,
  pageSet,
  parseTimeArgument,
} from "./content.ts";

let t: TestApp;
let dir: string;
beforeEach(async () => {
  t = await createTestApp({ env: { SEED_CONTENT: "false" } });
  dir = await mkdtemp(join(tmpdir(), "content-cli-"));
});
afterEach(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const file = async (name: string, content: string | Buffer) => {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
};

/** The CliError of a refused command; fails the test if the command went through. */
async function refusal(run: Promise<string>): Promise<CliError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CliError);
  return error as CliError;
}

const page = (slug: string, location: string, lang = "en") =>
  t.call("GET", `/crm/cms/page/?url_slug=${slug}&cms_location_code=${location}`, { lang });

describe("media-add", () => {
  it("adds an image and prints its token and address", async () => {
    const output = await mediaAdd(t.app.services, [await file("dot.png", PNG_1X1)]);
    const token = /Token: ([0-9a-f]{64})/.exec(output)?.[1];
    expect(output).toContain(`Added dot.png: image/png, ${PNG_1X1.length} bytes.`);
    expect(output).toContain(`URL: /crm/media/${token}?app_id=web`);
    const served = await t.app.inject({ method: "GET", url: `/crm/media/${token}?app_id=web` });
    expect(served.statusCode).toBe(200);
    expect(await mediaAdd(t.app.services, [await file("again.png", PNG_1X1)])).toContain(
      "again.png is already in the media store; nothing changed.",
    );
  });

  it("refuses a file named .png that is not a PNG, a missing file, and no argument", async () => {
    const fake = await refusal(mediaAdd(t.app.services, [await file("fake.png", "GIF? no, plain text")]));
    expect(fake.message).toBe("fake.png is named .png but its bytes are not a PNG image; nothing changed");
    const missing = await refusal(mediaAdd(t.app.services, [join(dir, "nope.png")]));
    expect(missing.message).toMatch(/cannot read .*nope\.png: no such file/);
    expect((await refusal(mediaAdd(t.app.services, []))).exitCode).toBe(2);
    expect(await mediaList(t.app.services, [])).toBe("The media store is empty.");
  });
});

describe("page-set and page-list", () => {
  it("creates a page from HTML files, sanitised, and says what the sanitiser removed", async () => {
    const tc = await file("tc.html", "<h2>條款</h2><p>內容</p>");
    const en = await file("en.html", '<h2>Terms</h2><p onclick="x()">Body</p><script>alert(1)</script>');
    const output = await pageSet(t.app.services, [
      "general",
      "house-rules",
      "--title-tc",
      "守則",
      "--title-en",
      "House rules",
      "--html-tc",
      tc,
      "--html-en",
      en,
    ]);
    expect(output).toMatch(/^Created page general\/house-rules \(id \d+, active\)\./);
    expect(output).toContain("Note: the en HTML lost markup");
    expect(output).not.toContain("the tc HTML");
    expect((await page("house-rules", "general")).body.payload).toMatchObject({
      title: "House rules",
      content: "<h2>Terms</h2><p>Body</p>",
    });
    expect((await page("house-rules", "general", "zh-CN")).body.payload.title).toBe("守則");
  });

  it("takes HTML from --content flags too, sanitised the same way", async () => {
    const output = await pageSet(t.app.services, [
      "merchant",
      "flash-sale",
      "--title-tc",
      "快閃優惠",
      "--content-tc",
      '<p>今日限定</p><img src="x" onerror="alert(1)">',
    ]);
    expect(output).toContain("Note: the tc HTML lost markup");
    expect((await page("flash-sale", "merchant", "zh-HK")).body.payload.content).toBe("<p>今日限定</p>");
    const both = await refusal(
      pageSet(t.app.services, ["merchant", "x", "--html-tc", "a.html", "--content-tc", "<p>b</p>"]),
    );
    expect(both.exitCode).toBe(2);
  });

  it("updates the fields given, says which changed, and says when nothing did", async () => {
    const tc = await file("tc.html", "<p>內容</p>");
    await pageSet(t.app.services, ["merchant", "offers", "--title-tc", "優惠", "--html-tc", tc]);
    const updated = await pageSet(t.app.services, [
      "merchant",
      "offers",
      "--title-sc",
      "优惠",
      "--status",
      "inactive",
    ]);
    expect(updated).toMatch(/^Updated page merchant\/offers \(id \d+\): title_sc, status\./);
    expect((await page("offers", "merchant")).status).toBe(404);
    const same = await pageSet(t.app.services, ["merchant", "offers", "--title-sc", "优惠"]);
    expect(same).toMatch(/already says that; nothing changed\./);
    const listed = await pageList(t.app.services, ["--location", "merchant"]);
    expect(listed).toMatch(/merchant\/offers {2}inactive/);
    expect(listed).toContain("no en, no sc");
  });

  it("reads times without a zone as Hong Kong time", async () => {
    const tc = await file("tc.html", "<p>x</p>");
    await pageSet(t.app.services, [
      "general",
      "sale",
      "--title-tc",
      "減價",
      "--html-tc",
      tc,
      "--from",
      "2026-12-01",
      "--until",
      "2026-12-31 18:00",
    ]);
    const [row] = await t.app.services.cms.listPages("general");
    expect(row?.publish_from).toBe(Date.parse("2026-11-30T16:00:00Z"));
    expect(row?.publish_until).toBe(Date.parse("2026-12-31T10:00:00Z"));
    expect(parseTimeArgument("from", "2026-12-01T09:00:00Z")).toBe(Date.parse("2026-12-01T09:00:00Z"));
    expect(parseTimeArgument("from", "none")).toBeNull();
  });

  it("refuses bad input and changes nothing", async () => {
    const tc = await file("tc.html", "<p>x</p>");
    const cases: [string[], RegExp][] = [
      [["general", "no-tc", "--title-en", "Only English"], /needs a Traditional Chinese title and content/],
      [["general", "Bad Slug", "--title-tc", "t", "--html-tc", tc], /slug "Bad Slug" must be lower-case/],
      [
        ["general", "x", "--title-tc", "t", "--html-tc", tc, "--status", "live"],
        /status "live" must be one of/,
      ],
      [
        ["general", "x", "--title-tc", "t", "--html-tc", tc, "--from", "next week"],
        /--from "next week" is not a time/,
      ],
      [
        ["general", "x", "--title-tc", "t", "--html-tc", join(dir, "missing.html")],
        /cannot read .*no such file/,
      ],
      [
        ["general", "x", "--title-tc", "t", "--html-tc", tc, "--from", "2026-12-02", "--until", "2026-12-01"],
        /publish window ends before it starts/,
      ],
    ];
    for (const [args, message] of cases) {
      expect((await refusal(pageSet(t.app.services, args))).message, args.join(" ")).toMatch(message);
    }
    expect((await refusal(pageSet(t.app.services, ["general"]))).exitCode).toBe(2);
    expect((await refusal(pageSet(t.app.services, ["general", "x", "--colour", "red"]))).exitCode).toBe(2);
    expect(await pageList(t.app.services, [])).toBe("No pages.");
  });
});

describe("banner-add, banner-list and banner-set-status", () => {
  it("adds a banner from image files and shows it on its location", async () => {
    const output = await bannerAdd(t.app.services, [
      "welcome",
      "--mobile",
      await file("m.png", PNG_1X1),
      "--desktop",
      await file("d.svg", SVG_SQUARE),
      "--title-tc",
      "歡迎",
      "--link",
      "/register",
      "--order",
      "5",
    ]);
    expect(output).toMatch(/^Added banner \d+ at location welcome \(active, order 5, no schedule\)\./);
    expect(output).toContain("mobile image: m.png →");
    const res = await t.call("GET", "/crm/cms/banner/?cms_location_code=welcome");
    expect(res.body.payload).toMatchObject([{ title: "歡迎", link_url: "/register", sort_order: 5 }]);
    expect(await bannerList(t.app.services, [])).toMatch(/welcome {2}5 {2}active/);
  });

  it("takes tokens of stored images too", async () => {
    const token = (await t.app.services.media.add(PNG_1X1, "dot.png")).token;
    const output = await bannerAdd(t.app.services, ["promo", "--mobile", token, "--desktop", token]);
    expect(output).toContain(`mobile image: existing image ${token}`);
    expect((await t.call("GET", "/crm/cms/banner/?cms_location_code=promo")).body.payload).toHaveLength(1);
  });

  it("refuses bad input without storing the images it was given", async () => {
    const mobile = await file("m.png", PNG_1X1);
    const desktop = await file("d.svg", SVG_SQUARE);
    const unsafe = await refusal(
      bannerAdd(t.app.services, [
        "welcome",
        "--mobile",
        mobile,
        "--desktop",
        desktop,
        "--link",
        "javascript:alert(1)",
      ]),
    );
    expect(unsafe.message).toMatch(/link "javascript:alert\(1\)" must be an http\(s\) address/);
    const notImage = await refusal(
      bannerAdd(t.app.services, [
        "welcome",
        "--mobile",
        mobile,
        "--desktop",
        await file("d.png", "not a png"),
      ]),
    );
    expect(notImage.message).toMatch(
      /^desktop image: d\.png is named \.png but its bytes are not a PNG image/,
    );
    expect((await refusal(bannerAdd(t.app.services, ["welcome", "--mobile", mobile]))).exitCode).toBe(2);
    expect(await mediaList(t.app.services, [])).toBe("The media store is empty.");
    expect(await bannerList(t.app.services, [])).toBe("No banners.");
  });

  it("hides and shows a banner, and says when nothing changed", async () => {
    const token = (await t.app.services.media.add(PNG_1X1, "dot.png")).token;
    const id = await t.app.services.cms.addBanner({
      locationCode: "welcome",
      mobileToken: token,
      desktopToken: token,
    });
    expect(await bannerSetStatus(t.app.services, [String(id), "inactive"])).toBe(
      `Banner ${id} (welcome) is now inactive (was active).`,
    );
    expect((await t.call("GET", "/crm/cms/banner/?cms_location_code=welcome")).body.payload).toEqual([]);
    expect(await bannerSetStatus(t.app.services, [String(id), "inactive"])).toMatch(
      /already inactive; nothing changed/,
    );
    await bannerSetStatus(t.app.services, [String(id), "active"]);
    expect((await t.call("GET", "/crm/cms/banner/?cms_location_code=welcome")).body.payload).toHaveLength(1);
    expect((await refusal(bannerSetStatus(t.app.services, ["999", "active"]))).message).toMatch(
      /no banner has id 999/,
    );
    expect((await refusal(bannerSetStatus(t.app.services, [String(id), "gone"]))).message).toMatch(
      /status "gone"/,
    );
  });
});
