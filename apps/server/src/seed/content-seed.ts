import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
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

const CONTENT_TABLES = ["media", "cms_pages", "cms_banners", "tags", "stores"] as const;

/**
 * Fills an empty database with the content a first start should show: banners
 * of the welcome page, the terms and the privacy policy, a merchant page, brands
 * and stores in every district. It runs once per database: the marker in
 * `settings` is claimed in the same transaction that writes the content, so a
 * restart, or a second instance starting at the same moment, finds the marker
 * and leaves everything (the operator's edits included) alone. A database that
 * already has content (an operator imported before the first start) is marked
 * and not seeded. `SEED_CONTENT=false` turns the seed off.
 */
export async function seedContent(services: Services, log: FastifyBaseLogger): Promise<SeedOutcome> {
  if (!services.config.SEED_CONTENT) return "disabled";
  const { db } = services;
  const marker = await db
    .selectFrom("settings")
    .select("key")
    .where("key", "=", CONTENT_SEED_KEY)
    .executeTakeFirst();
  if (marker) return "already-seeded";

  const outcome = await db.transaction().execute(async (trx): Promise<SeedOutcome> => {
    const claimed = await trx
      .insertInto("settings")
      .values({ key: CONTENT_SEED_KEY, value: JSON.stringify({ state: "seeding" }) })
      .onConflict((oc) => oc.column("key").doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) === 0) return "already-seeded";
    const at = new Date(services.now()).toISOString();
    if (await hasContent(trx)) {
      await setMarker(trx, { state: "skipped", reason: "content present", at });
      return "skipped-content-present";
    }
    const counts = await applySeed(services, trx);
    await setMarker(trx, { state: "seeded", at, ...counts });
    return "seeded";
  });
  if (outcome === "seeded")
    log.info("content seed applied: banners, pages, brands and stores of the first start");
  if (outcome === "skipped-content-present")
    log.info("content seed skipped: the database already has content");
  return outcome;
}

async function hasContent(trx: Kysely<Database>): Promise<boolean> {
  for (const table of CONTENT_TABLES) {
    const row = await trx
      .selectFrom(table)
      .select((eb) => eb.lit(1).as("one"))
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
}

async function setMarker(trx: Kysely<Database>, value: Record<string, unknown>) {
  await trx
    .updateTable("settings")
    .set({ value: JSON.stringify(value) })
    .where("key", "=", CONTENT_SEED_KEY)
    .execute();
}

async function applySeed(services: Services, trx: Kysely<Database>) {
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
    {},
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
