import { afterEach, describe, expect, it } from "vitest";
import { PNG_1X1, SVG_SQUARE } from "../../testing/images.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { CmsInputError } from "./service.ts";

let t: TestApp;
afterEach(() => t?.close());

const HOUR = 60 * 60 * 1000;

/** An app without the first-start content, and two images for banners. */
async function emptyApp() {
  t = await createTestApp({ env: { SEED_CONTENT: "false" } });
  const media = t.app.services.media;
  const mobile = (await media.add(PNG_1X1, "mobile.png")).token;
  const desktop = (await media.add(Buffer.from(SVG_SQUARE), "desktop.svg")).token;
  return { cms: t.app.services.cms, mobile, desktop };
}

const banners = async (location: string, lang?: string) => {
  const res = await t.call("GET", `/crm/cms/banner/?cms_location_code=${location}`, lang ? { lang } : {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.payload as { id: number; title: string; sort_order: number }[];
};

describe("GET /crm/cms/banner/", () => {
  it("lists the location's active banners in display order, with the contract's fields", async () => {
    const { cms, mobile, desktop } = await emptyApp();
    const third = await cms.addBanner({
      locationCode: "welcome",
      title: { en: "Third", tc: "第三" },
      mobileToken: mobile,
      desktopToken: desktop,
      sortOrder: 30,
    });
    const first = await cms.addBanner({
      locationCode: "welcome",
      title: { en: "First", tc: "第一" },
      mobileToken: mobile,
      desktopToken: desktop,
      linkUrl: "/register",
      sortOrder: 10,
    });
    await cms.addBanner({
      locationCode: "welcome",
      title: { en: "Hidden", tc: "隱藏" },
      mobileToken: mobile,
      desktopToken: desktop,
      sortOrder: 20,
      status: "inactive",
    });
    await cms.addBanner({
      locationCode: "elsewhere",
      title: { tc: "別處" },
      mobileToken: mobile,
      desktopToken: desktop,
    });

    const res = await t.call("GET", "/crm/cms/banner?cms_location_code=welcome", { lang: "en" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: 200,
      payload: [
        {
          id: first,
          title: "First",
          image_mobile_media_token: mobile,
          image_desktop_media_token: desktop,
          link_url: "/register",
          status: "active",
          sort_order: 10,
        },
        {
          id: third,
          title: "Third",
          image_mobile_media_token: mobile,
          image_desktop_media_token: desktop,
          link_url: "",
          status: "active",
          sort_order: 30,
        },
      ],
    });
    expect(await banners("nowhere")).toEqual([]);
  });

  it("shows a banner only within its schedule", async () => {
    const { cms, mobile, desktop } = await emptyApp();
    const now = t.clock.now();
    await cms.addBanner({
      locationCode: "welcome",
      title: { tc: "將來" },
      mobileToken: mobile,
      desktopToken: desktop,
      startsAt: now + HOUR,
      endsAt: now + 3 * HOUR,
    });
    expect(await banners("welcome")).toEqual([]);
    t.clock.advance(HOUR);
    expect((await banners("welcome")).map((b) => b.title)).toEqual(["將來"]);
    t.clock.advance(2 * HOUR);
    expect(await banners("welcome")).toEqual([]);
  });

  it("gives titles in the request's language, falling back to Traditional Chinese", async () => {
    const { cms, mobile, desktop } = await emptyApp();
    await cms.addBanner({
      locationCode: "welcome",
      title: { en: "Welcome", tc: "歡迎", sc: "" },
      mobileToken: mobile,
      desktopToken: desktop,
    });
    expect((await banners("welcome", "en"))[0]?.title).toBe("Welcome");
    expect((await banners("welcome", "zh-HK"))[0]?.title).toBe("歡迎");
    expect((await banners("welcome", "zh-CN"))[0]?.title).toBe("歡迎");
    expect((await banners("welcome"))[0]?.title).toBe("歡迎");
  });

  it("answers 4000 without cms_location_code, and 401 without an app id", async () => {
    await emptyApp();
    const missing = await t.call("GET", "/crm/cms/banner/");
    expect(missing.status).toBe(400);
    expect(missing.body.payload.errors).toEqual([{ field: "cms_location_code", rule: "required" }]);
    const anonymous = await t.call("GET", "/crm/cms/banner/?cms_location_code=welcome", { token: null });
    expect(anonymous.status).toBe(401);
  });

  it("refuses a banner whose image is not in the media store or whose link is unsafe", async () => {
    const { cms, mobile, desktop } = await emptyApp();
    await expect(
      cms.addBanner({ locationCode: "welcome", mobileToken: "f".repeat(64), desktopToken: desktop }),
    ).rejects.toThrow(CmsInputError);
    for (const linkUrl of ["javascript:alert(1)", "//evil.example", "ftp://files.example/x", "not a link"]) {
      await expect(
        cms.addBanner({ locationCode: "welcome", mobileToken: mobile, desktopToken: desktop, linkUrl }),
        linkUrl,
      ).rejects.toThrow(/must be an http\(s\) address or a path/);
    }
    expect(await banners("welcome")).toEqual([]);
  });
});

describe("GET /crm/cms/page/", () => {
  const page = (query: string, lang?: string) =>
    t.call("GET", `/crm/cms/page/?${query}`, lang ? { lang } : {});

  it("finds a page by slug with the location's code or id", async () => {
    const { cms } = await emptyApp();
    const saved = await cms.savePage({
      locationCode: "merchant",
      slug: "autumn-offers",
      title: { en: "Autumn offers", tc: "秋季優惠", sc: "秋季优惠" },
      content: { en: "<p>Offers</p>", tc: "<p>優惠</p>", sc: "<p>优惠</p>" },
    });
    const byCode = await page("url_slug=autumn-offers&cms_location_code=merchant", "en");
    expect(byCode.status).toBe(200);
    expect(byCode.body.payload).toMatchObject({
      id: saved.id,
      url_slug: "autumn-offers",
      cms_location_code: "merchant",
      title: "Autumn offers",
      content: "<p>Offers</p>",
      status: "active",
    });
    const locationId = byCode.body.payload.cms_location_id;
    const byId = await page(`url_slug=autumn-offers&cms_location_id=${locationId}`, "zh-CN");
    expect(byId.body.payload).toMatchObject({ id: saved.id, title: "秋季优惠", content: "<p>优惠</p>" });

    expect((await page("url_slug=autumn-offers&cms_location_code=general")).status).toBe(404);
    expect((await page(`url_slug=autumn-offers&cms_location_id=${locationId + 100}`)).status).toBe(404);
    const mismatch = await page(
      `url_slug=autumn-offers&cms_location_code=nowhere&cms_location_id=${locationId}`,
    );
    expect(mismatch.status).toBe(404);
    const unknown = await page("url_slug=no-such-page&cms_location_code=merchant");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 404, error_code: 4040 });
  });

  it("without a location, looks the slug up at general first", async () => {
    const { cms } = await emptyApp();
    await cms.savePage({
      locationCode: "merchant",
      slug: "faq",
      title: { tc: "商戶問答" },
      content: { tc: "<p>m</p>" },
    });
    await cms.savePage({
      locationCode: "general",
      slug: "faq",
      title: { tc: "常見問題" },
      content: { tc: "<p>g</p>" },
    });
    expect((await page("url_slug=faq")).body.payload.title).toBe("常見問題");
  });

  it("falls back to Traditional Chinese for a language whose title or content is empty", async () => {
    const { cms } = await emptyApp();
    await cms.savePage({
      locationCode: "general",
      slug: "notice",
      title: { en: "Notice", tc: "通告" },
      content: { tc: "<p>只有中文</p>" },
    });
    const en = await page("url_slug=notice&cms_location_code=general", "en");
    expect(en.body.payload).toMatchObject({ title: "Notice", content: "<p>只有中文</p>" });
    const sc = await page("url_slug=notice&cms_location_code=general", "zh-CN");
    expect(sc.body.payload).toMatchObject({ title: "通告", content: "<p>只有中文</p>" });
  });

  it("hides inactive pages and pages outside their publish window", async () => {
    const { cms } = await emptyApp();
    const now = t.clock.now();
    await cms.savePage({
      locationCode: "general",
      slug: "draft",
      title: { tc: "草稿" },
      content: { tc: "<p>x</p>" },
      status: "inactive",
    });
    await cms.savePage({
      locationCode: "general",
      slug: "soon",
      title: { tc: "即將推出" },
      content: { tc: "<p>x</p>" },
      publishFrom: now + HOUR,
      publishUntil: now + 2 * HOUR,
    });
    expect((await page("url_slug=draft&cms_location_code=general")).status).toBe(404);
    expect((await page("url_slug=soon&cms_location_code=general")).status).toBe(404);
    t.clock.advance(HOUR);
    expect((await page("url_slug=soon&cms_location_code=general")).status).toBe(200);
    t.clock.advance(HOUR);
    expect((await page("url_slug=soon&cms_location_code=general")).status).toBe(404);
    await cms.savePage({ locationCode: "general", slug: "draft", status: "active" });
    expect((await page("url_slug=draft&cms_location_code=general")).status).toBe(200);
  });

  it("stores page HTML sanitised, so the API never hands out scripts", async () => {
    const { cms } = await emptyApp();
    const saved = await cms.savePage({
      locationCode: "general",
      slug: "hostile",
      title: { tc: "測試" },
      content: {
        tc: '<p onmouseover="steal()">文字</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">連結</a><svg><script>alert(4)</script></svg>',
      },
    });
    expect(saved.sanitised).toEqual(["tc"]);
    const res = await page("url_slug=hostile&cms_location_code=general");
    expect(res.body.payload.content).toBe("<p>文字</p><a>連結</a>");
  });

  it("answers 4000 for a missing slug or a bad location id", async () => {
    await emptyApp();
    const missing = await page("cms_location_code=general");
    expect(missing.status).toBe(400);
    expect(missing.body.payload.errors).toEqual([{ field: "url_slug", rule: "required" }]);
    const badId = await page("url_slug=x&cms_location_id=abc");
    expect(badId.status).toBe(400);
    expect(badId.body.payload.errors[0].field).toBe("cms_location_id");
  });
});

describe("CmsService.savePage", () => {
  it("updates only the fields given and says which changed", async () => {
    const { cms } = await emptyApp();
    const created = await cms.savePage({
      locationCode: "general",
      slug: "about",
      title: { en: "About", tc: "關於", sc: "关于" },
      content: { en: "<p>a</p>", tc: "<p>甲</p>", sc: "<p>甲</p>" },
    });
    expect(created.created).toBe(true);
    const updated = await cms.savePage({
      locationCode: "general",
      slug: "about",
      title: { en: "About us" },
      content: { tc: "<p>甲</p>" },
    });
    expect(updated).toEqual({ id: created.id, created: false, changed: ["title_en"], sanitised: [] });
    const res = await t.call("GET", "/crm/cms/page/?url_slug=about&cms_location_code=general", {
      lang: "en",
    });
    expect(res.body.payload.title).toBe("About us");
  });

  it("refuses bad input and a new page without Traditional Chinese", async () => {
    const { cms } = await emptyApp();
    const bad = [
      { locationCode: "General Pages", slug: "x", title: { tc: "t" }, content: { tc: "c" } },
      { locationCode: "general", slug: "Bad Slug!", title: { tc: "t" }, content: { tc: "c" } },
      { locationCode: "general", slug: "no-tc", title: { en: "English only" }, content: { en: "<p>x</p>" } },
      {
        locationCode: "general",
        slug: "only-script",
        title: { tc: "t" },
        content: { tc: "<script>x</script>" },
      },
      { locationCode: "general", slug: "x", title: { tc: "t".repeat(201) }, content: { tc: "c" } },
      {
        locationCode: "general",
        slug: "window",
        title: { tc: "t" },
        content: { tc: "c" },
        publishFrom: 2000,
        publishUntil: 1000,
      },
    ];
    for (const input of bad) await expect(cms.savePage(input), input.slug).rejects.toThrow(CmsInputError);
    expect(await cms.listPages()).toEqual([]);
  });
});
