import type { TableViews } from "@hcoins/server-kit/database";
import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { CmsBannersTable, CmsPagesTable, CmsTables } from "./tables.ts";

export type PageWithLocation = Selectable<CmsPagesTable> & { location_code: string };
export type BannerWithLocation = Selectable<CmsBannersTable> & { location_code: string };

/** The cms_locations, cms_pages and cms_banners tables; only the CMS service uses this. */
export class CmsRepository {
  private readonly db: Kysely<CmsTables>;

  constructor(database: TableViews) {
    this.db = database.tables<CmsTables>();
  }

  /** These tables inside the caller's transaction, or outside any. */
  private on(trx: TableViews | undefined): Kysely<CmsTables> {
    return trx ? trx.tables<CmsTables>() : this.db;
  }

  async locationId(code: string, trx?: TableViews): Promise<number | undefined> {
    const row = await this.on(trx)
      .selectFrom("cms_locations")
      .select("id")
      .where("code", "=", code)
      .executeTakeFirst();
    return row?.id;
  }

  /** The id of a location, created on first use. */
  async ensureLocation(code: string, now: number, trx?: TableViews): Promise<number> {
    await this.on(trx)
      .insertInto("cms_locations")
      .values({ code, created_at: now })
      .onConflict((oc) => oc.column("code").doNothing())
      .execute();
    const id = await this.locationId(code, trx);
    if (id === undefined) throw new Error(`cms location ${code} vanished`);
    return id;
  }

  private pages(db: Kysely<CmsTables>) {
    return db
      .selectFrom("cms_pages")
      .innerJoin("cms_locations", "cms_locations.id", "cms_pages.location_id")
      .selectAll("cms_pages")
      .select("cms_locations.code as location_code");
  }

  findPage(locationId: number, slug: string, trx?: TableViews): Promise<PageWithLocation | undefined> {
    return this.pages(this.on(trx))
      .where("cms_pages.location_id", "=", locationId)
      .where("cms_pages.url_slug", "=", slug)
      .executeTakeFirst();
  }

  findPageById(id: number, trx?: TableViews): Promise<PageWithLocation | undefined> {
    return this.pages(this.on(trx)).where("cms_pages.id", "=", id).executeTakeFirst();
  }

  async deletePage(id: number, trx?: TableViews) {
    await this.on(trx).deleteFrom("cms_pages").where("id", "=", id).execute();
  }

  /** Active pages with this slug whose publish window holds `now`, at any location unless one is given. */
  livePages(slug: string, now: number, locationId?: number): Promise<PageWithLocation[]> {
    let query = this.pages(this.db)
      .where("cms_pages.url_slug", "=", slug)
      .where("cms_pages.status", "=", "active")
      .where((eb) =>
        eb.or([eb("cms_pages.publish_from", "is", null), eb("cms_pages.publish_from", "<=", now)]),
      )
      .where((eb) =>
        eb.or([eb("cms_pages.publish_until", "is", null), eb("cms_pages.publish_until", ">", now)]),
      );
    if (locationId !== undefined) query = query.where("cms_pages.location_id", "=", locationId);
    return query.orderBy("cms_pages.id").execute();
  }

  listPages(locationCode?: string): Promise<PageWithLocation[]> {
    let query = this.pages(this.db);
    if (locationCode !== undefined) query = query.where("cms_locations.code", "=", locationCode);
    return query.orderBy("cms_locations.code").orderBy("cms_pages.url_slug").execute();
  }

  async insertPage(values: Insertable<CmsPagesTable>, trx?: TableViews): Promise<number> {
    const row = await this.on(trx)
      .insertInto("cms_pages")
      .values(values)
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updatePage(id: number, values: Updateable<CmsPagesTable>, trx?: TableViews) {
    await this.on(trx).updateTable("cms_pages").set(values).where("id", "=", id).execute();
  }

  private banners(db: Kysely<CmsTables>) {
    return db
      .selectFrom("cms_banners")
      .innerJoin("cms_locations", "cms_locations.id", "cms_banners.location_id")
      .selectAll("cms_banners")
      .select("cms_locations.code as location_code");
  }

  /** Active banners of a location whose schedule holds `now`, in display order. */
  liveBanners(locationCode: string, now: number): Promise<BannerWithLocation[]> {
    return this.banners(this.db)
      .where("cms_locations.code", "=", locationCode)
      .where("cms_banners.status", "=", "active")
      .where((eb) => eb.or([eb("cms_banners.starts_at", "is", null), eb("cms_banners.starts_at", "<=", now)]))
      .where((eb) => eb.or([eb("cms_banners.ends_at", "is", null), eb("cms_banners.ends_at", ">", now)]))
      .orderBy("cms_banners.sort_order")
      .orderBy("cms_banners.id")
      .execute();
  }

  listBanners(locationCode?: string): Promise<BannerWithLocation[]> {
    let query = this.banners(this.db);
    if (locationCode !== undefined) query = query.where("cms_locations.code", "=", locationCode);
    return query
      .orderBy("cms_locations.code")
      .orderBy("cms_banners.sort_order")
      .orderBy("cms_banners.id")
      .execute();
  }

  findBanner(id: number, trx?: TableViews): Promise<BannerWithLocation | undefined> {
    return this.banners(this.on(trx)).where("cms_banners.id", "=", id).executeTakeFirst();
  }

  /** Every banner of a location in display order, inside the caller's transaction. */
  bannersAt(locationId: number, trx: TableViews): Promise<BannerWithLocation[]> {
    return this.banners(this.on(trx))
      .where("cms_banners.location_id", "=", locationId)
      .orderBy("cms_banners.sort_order")
      .orderBy("cms_banners.id")
      .execute();
  }

  async deleteBanner(id: number, trx?: TableViews) {
    await this.on(trx).deleteFrom("cms_banners").where("id", "=", id).execute();
  }

  async insertBanner(values: Insertable<CmsBannersTable>, trx?: TableViews): Promise<number> {
    const row = await this.on(trx)
      .insertInto("cms_banners")
      .values(values)
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateBanner(id: number, values: Updateable<CmsBannersTable>, trx?: TableViews) {
    await this.on(trx).updateTable("cms_banners").set(values).where("id", "=", id).execute();
  }

  /** True when any page or banner exists. */
  async hasAny(trx?: TableViews): Promise<boolean> {
    const db = this.on(trx);
    for (const table of ["cms_pages", "cms_banners"] as const) {
      if (await db.selectFrom(table).select("id").limit(1).executeTakeFirst()) return true;
    }
    return false;
  }
}
