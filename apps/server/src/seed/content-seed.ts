import type { TableViews } from "@hcoins/server-kit/database";
import type { FastifyBaseLogger } from "fastify";
import type { Services } from "../services.ts";
import { type BannerLayout, birthdayBanner, brandLogo, storeCard, welcomeBanner } from "./banner-art.ts";
import { SEED_BRANDS } from "./brands.ts";
import { SEED_MERCHANT_PAGES } from "./merchant-pages.ts";
import { PRIVACY_CONTENT, PRIVACY_TITLE } from "./privacy-policy.ts";
import { HOURS, PARTNER_PROPERTY_NOTE, SEED_STORES } from "./stores.ts";
import { TERMS_CONTENT, TERMS_TITLE } from "./terms.ts";

/** The settings key that records the seed: present means "never seed again". */
export const CONTENT_SEED_KEY = "content_seeded";

export type SeedOutcome = "seeded" | "already-seeded" | "skipped-content-present" | "disabled";

/**
 * Fills an empty database with the content a first start should show: banners
 * of the welcome page, the terms and the privacy policy, a merchant page, brands
 * and stores in every district. It runs once per database: the marker in
 * `settings` is claimed in the same transaction that writes the content, so a
 * restart, or a second instance starting at the same moment, finds the marker
 * and leaves everything (the operator's edits included) alone. A database that
 * already has content (an operator imported before the first start) is marked
 * and not seeded. `SEED_CONTENT=false` turns the seed off. The transaction spans the
 * settings, media, CMS and stores modules, so the seed opens it and hands it to each.
 */
export async function seedContent(services: Services, log: FastifyBaseLogger): Promise<SeedOutcome> {
  if (!services.config.SEED_CONTENT) return "disabled";
  const { settings } = services;
  if ((await settings.valueOf(CONTENT_SEED_KEY)) !== undefined) return "already-seeded";

  const outcome = await services.database.transaction(async (trx): Promise<SeedOutcome> => {
    const claimed = await settings.claim(CONTENT_SEED_KEY, JSON.stringify({ state: "seeding" }), trx);
    if (!claimed) return "already-seeded";
    const marker = (value: Record<string, unknown>) =>
      settings.set(CONTENT_SEED_KEY, JSON.stringify(value), trx);
    const at = new Date(services.now()).toISOString();
    if (await hasContent(services, trx)) {
      await marker({ state: "skipped", reason: "content present", at });
      return "skipped-content-present";
    }
    const counts = await applySeed(services, trx);
    await marker({ state: "seeded", at, ...counts });
    return "seeded";
  });
  if (outcome === "seeded")
    log.info("content seed applied: banners, pages, brands and stores of the first start");
  if (outcome === "skipped-content-present")
    log.info("content seed skipped: the database already has content");
  return outcome;
}

async function hasContent(services: Services, trx: TableViews): Promise<boolean> {
  return (
    (await services.media.hasContent(trx)) ||
    (await services.cms.hasContent(trx)) ||
    (await services.stores.hasContent(trx))
  );
}

async function applySeed(services: Services, trx: TableViews) {
  const addSvg = async (svg: string, name: string) =>
    (await services.media.add(Buffer.from(svg, "utf8"), name, trx)).token;

  const logos = new Map<string, string>();
  const cards = new Map<string, string>();
  for (const [index, brand] of SEED_BRANDS.entries()) {
    const logo = await addSvg(brandLogo(brand.art), `${brand.code}-logo.svg`);
    logos.set(brand.code, logo);
    cards.set(brand.code, await addSvg(storeCard(brand.art), `${brand.code}-store.svg`));
    await services.stores.saveBrand(
      { code: brand.code, name: brand.name, logoMediaToken: logo, sortOrder: index + 1 },
      trx,
    );
  }

  const brandIntro = new Map(SEED_BRANDS.map((brand) => [brand.code, brand.introduction] as const));
  await services.stores.saveStores(
    SEED_STORES.map((store) => {
      const paragraphs = [
        brandIntro.get(store.brand),
        store.note,
        store.partnerProperty ? PARTNER_PROPERTY_NOTE : undefined,
      ];
      const introduction = { en: "", tc: "", sc: "" };
      for (const lang of ["en", "tc", "sc"] as const) {
        introduction[lang] = paragraphs
          .filter((paragraph) => paragraph !== undefined)
          .map((paragraph) => paragraph[lang])
          .join("\n\n");
      }
      return {
        label: `seed store ${store.code}`,
        input: {
          code: store.code,
          brand: store.brand,
          district: store.district,
          name: store.name,
          address: store.address,
          businessHours: HOURS[store.hours],
          introduction,
          imageMediaToken: cards.get(store.brand) ?? null,
          partnerProperty: store.partnerProperty,
          status: "active",
        },
      };
    }),
    // The start's sync (stores/scheme-sync.ts) registers them with the coin scheme right after; a
    // scheme that cannot be reached then does not stop the first start.
    { registerWithScheme: false },
    trx,
  );

  const pages = [
    { location: "general", slug: "terms-and-conditions", title: TERMS_TITLE, content: TERMS_CONTENT },
    { location: "general", slug: "privacy-policy", title: PRIVACY_TITLE, content: PRIVACY_CONTENT },
    ...SEED_MERCHANT_PAGES,
  ];
  for (const page of pages) {
    await services.cms.savePage(
      {
        locationCode: page.location,
        slug: page.slug,
        title: page.title,
        content: page.content,
        status: "active",
      },
      trx,
    );
  }

  const banners: {
    name: string;
    art: (layout: BannerLayout) => string;
    title: { en: string; tc: string; sc: string };
    link: string;
  }[] = [
    {
      name: "welcome",
      art: welcomeBanner,
      title: { en: "Welcome to H Coins", tc: "歡迎加入 H Coins 會員", sc: "欢迎加入 H Coins 会员" },
      link: "/register",
    },
    {
      name: "birthday",
      art: birthdayBanner,
      title: {
        en: "Double H Coins in your birthday month",
        tc: "生日月份 H Coins 雙倍賞",
        sc: "生日月份 H Coins 双倍赏",
      },
      link: "/renew",
    },
  ];
  for (const [index, banner] of banners.entries()) {
    await services.cms.addBanner(
      {
        locationCode: "welcome",
        title: banner.title,
        mobileToken: await addSvg(banner.art("mobile"), `${banner.name}-banner-mobile.svg`),
        desktopToken: await addSvg(banner.art("desktop"), `${banner.name}-banner-desktop.svg`),
        linkUrl: banner.link,
        sortOrder: (index + 1) * 10,
        status: "active",
      },
      trx,
    );
  }

  return {
    brands: SEED_BRANDS.length,
    stores: SEED_STORES.length,
    pages: pages.length,
    banners: banners.length,
  };
}
