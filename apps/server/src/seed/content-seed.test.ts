import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sanitizeCmsHtmlReporting } from "../modules/cms/sanitize-html.ts";
import type { Services } from "../services.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { CONTENT_SEED_KEY, seedContent } from "./content-seed.ts";
import { SEED_STORES } from "./stores.ts";

const apps: TestApp[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function start(env: Record<string, string> = {}): Promise<TestApp> {
  const app = await createTestApp({ env });
  apps.push(app);
  return app;
}

/** How many rows each content table holds, through the services. */
async function counts(services: Services) {
  return {
    pages: (await services.cms.listPages()).length,
    banners: (await services.cms.listBanners()).length,
    brands: (await services.stores.listBrandRows()).length,
    stores: (await services.stores.listAllStores()).length,
    media: (await services.media.list()).length,
  };
}

const marker = (services: Services) => services.settings.valueOf(CONTENT_SEED_KEY);

const silentLog = { info: () => {} } as unknown as Parameters<typeof seedContent>[1];

describe("the first-start content", () => {
  it("shows the welcome banners, with mobile and desktop images the server serves", async () => {
    const t = await start();
    const res = await t.call("GET", "/crm/cms/banner/?cms_location_code=welcome", { lang: "en" });
    expect(res.status).toBe(200);
    const banners = res.body.payload as {
      title: string;
      image_mobile_media_token: string;
      image_desktop_media_token: string;
    }[];
    expect(banners.length).toBeGreaterThanOrEqual(1);
    expect(banners[0]?.title).toBe("Welcome to H Coins");
    for (const banner of banners) {
      expect(banner.image_mobile_media_token).not.toBe(banner.image_desktop_media_token);
      for (const token of [banner.image_mobile_media_token, banner.image_desktop_media_token]) {
        const image = await t.app.inject({ method: "GET", url: `/crm/media/${token}?app_id=web` });
        expect(image.statusCode).toBe(200);
        expect(image.headers["content-type"]).toMatch(/^image\/svg\+xml/);
        expect(image.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="(750|1920)"/);
      }
    }
    const tc = await t.call("GET", "/crm/cms/banner/?cms_location_code=welcome");
    expect(tc.body.payload[0].title).toBe("歡迎加入 H Coins 會員");
  });

  it.each([
    [
      "terms-and-conditions",
      "general",
      ["H Coins Membership Terms and Conditions", "H Coins 會員條款及細則", "H Coins 会员条款及细则"],
    ],
    ["privacy-policy", "general", ["Privacy Policy", "私隱政策", "隐私政策"]],
    [
      "h-coins-partners",
      "merchant",
      ["Earn H Coins with our partner brands", "於合作品牌賺取 H Coins", "在合作品牌赚取 H Coins"],
    ],
  ])(
    "has the page %s at %s in English, Traditional and Simplified Chinese",
    async (slug, location, titles) => {
      const t = await start();
      const contents: string[] = [];
      for (const [index, lang] of ["en", "zh-HK", "zh-CN"].entries()) {
        const res = await t.call("GET", `/crm/cms/page/?url_slug=${slug}&cms_location_code=${location}`, {
          lang,
        });
        expect(res.status).toBe(200);
        expect(res.body.payload.title).toBe(titles[index]);
        expect(res.body.payload.status).toBe("active");
        expect(res.body.payload.content.length).toBeGreaterThan(500);
        // Written within the allowlist: the sanitiser had nothing to take out.
        expect(sanitizeCmsHtmlReporting(res.body.payload.content).removedSomething).toBe(false);
        contents.push(res.body.payload.content);
      }
      expect(new Set(contents).size).toBe(3);
      expect(contents[2]).not.toBe(contents[1]);
    },
  );

  it("writes the privacy policy for Hong Kong's PDPO, direct marketing and data access included", async () => {
    const t = await start();
    const res = await t.call("GET", "/crm/cms/page/?url_slug=privacy-policy&cms_location_code=general", {
      lang: "en",
    });
    const content = res.body.payload.content as string;
    expect(content).toContain("Personal Data (Privacy) Ordinance (Cap. 486)");
    expect(content).toMatch(/direct marketing/i);
    expect(content).toMatch(/data access request/i);
    const tc = await t.call("GET", "/crm/cms/page/?url_slug=privacy-policy&cms_location_code=general");
    expect(tc.body.payload.content).toContain("《個人資料（私隱）條例》（第486章）");
  });
});

describe("applying the seed once", () => {
  it("does not seed again on a restart, and the operator's edits survive it", async () => {
    const dir = await mkdtemp(join(tmpdir(), "content-seed-"));
    dirs.push(dir);
    const env = { DATABASE_URL: `sqlite:${join(dir, "members.db")}`, REDIS_URL: "" };

    const first = await createTestApp({ env });
    const seeded = await counts(first.app.services);
    expect(seeded.stores).toBeGreaterThanOrEqual(24);
    expect(seeded.brands).toBeGreaterThanOrEqual(3);
    expect(seeded.pages).toBeGreaterThanOrEqual(3);
    expect(seeded.banners).toBeGreaterThanOrEqual(1);
    expect(JSON.parse((await marker(first.app.services)) ?? "{}")).toMatchObject({ state: "seeded" });

    const { cms, stores } = first.app.services;
    await cms.savePage({
      locationCode: "general",
      slug: "terms-and-conditions",
      title: { en: "Terms (edited)" },
    });
    const [welcome] = await cms.listBanners("welcome");
    await cms.setBannerStatus(welcome?.id as number, "inactive");
    await stores.saveBrand({ code: "harbour-fresh", name: { en: "Harbour Fresh Market" } });
    await stores.saveStores([{ label: "edit", input: { code: "HF-CW01", status: "inactive" } }]);
    await first.close();

    const second = await createTestApp({ env });
    apps.push(second);
    expect(await counts(second.app.services)).toEqual(seeded);
    const terms = await second.call(
      "GET",
      "/crm/cms/page/?url_slug=terms-and-conditions&cms_location_code=general",
      {
        lang: "en",
      },
    );
    expect(terms.body.payload.title).toBe("Terms (edited)");
    const banners = await second.call("GET", "/crm/cms/banner/?cms_location_code=welcome");
    expect(banners.body.payload.map((banner: { id: number }) => banner.id)).not.toContain(welcome?.id);
    const brands = await second.call("GET", "/crm/tag/?type=brand", { lang: "en" });
    expect(brands.body.payload.map((brand: { name: string }) => brand.name)).toContain(
      "Harbour Fresh Market",
    );
    const list = await second.call("GET", "/crm/store/?page_size=100");
    expect(list.body.payload.total).toBe(seeded.stores - 1);
    expect(list.body.payload.items.map((item: { code: string }) => item.code)).not.toContain("HF-CW01");
  });

  it("seeds once when two starts race for it", async () => {
    const t = await start({ SEED_CONTENT: "false" });
    const services = { ...t.app.services, config: { ...t.app.services.config, SEED_CONTENT: true } };
    const other = await createTestApp({ shareWith: t });
    apps.push(other);
    const otherServices = {
      ...other.app.services,
      config: { ...other.app.services.config, SEED_CONTENT: true },
    };
    const outcomes = await Promise.all([
      seedContent(services, silentLog),
      seedContent(services, silentLog),
      seedContent(otherServices, silentLog),
    ]);
    expect(outcomes.filter((outcome) => outcome === "seeded").length).toBeGreaterThanOrEqual(1);
    expect(outcomes.filter((outcome) => outcome === "already-seeded").length).toBeGreaterThanOrEqual(1);
    const { stores } = await counts(t.app.services);
    expect(stores).toBe(SEED_STORES.length);
    expect(await seedContent(services, silentLog)).toBe("already-seeded");
  });

  it("leaves a database alone when SEED_CONTENT=false", async () => {
    const t = await start({ SEED_CONTENT: "false" });
    expect(await counts(t.app.services)).toEqual({ pages: 0, banners: 0, brands: 0, stores: 0, media: 0 });
    expect(await marker(t.app.services)).toBeUndefined();
    const page = await t.call("GET", "/crm/cms/page/?url_slug=privacy-policy&cms_location_code=general");
    expect(page.status).toBe(404);
  });

  it("does not seed a database that already has content, and records that it did not", async () => {
    const t = await start({ SEED_CONTENT: "false" });
    await t.app.services.stores.saveBrand({ code: "own-brand", name: { tc: "自家品牌" } });
    const services = { ...t.app.services, config: { ...t.app.services.config, SEED_CONTENT: true } };
    expect(await seedContent(services, silentLog)).toBe("skipped-content-present");
    expect(await counts(t.app.services)).toEqual({ pages: 0, banners: 0, brands: 1, stores: 0, media: 0 });
    expect(JSON.parse((await marker(t.app.services)) ?? "{}")).toMatchObject({ state: "skipped" });
    expect(await seedContent(services, silentLog)).toBe("already-seeded");
  });
});
