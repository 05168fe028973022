import { REGIONS } from "@hcoins/domain/profile-options";
import type { TableViews } from "@hcoins/server-kit/database";
import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from "kysely";
import type { StoresTable, StoreTables, TagsTable } from "./tables.ts";

export type StoreRow = Selectable<StoresTable>;
export type TagRow = Selectable<TagsTable>;

export type StoreWithBrand = StoreRow & {
  brand_code: string;
  brand_name_en: string;
  brand_name_tc: string;
  brand_name_sc: string;
  brand_logo_media_token: string | null;
};

export interface StoreFilters {
  region?: string;
  district?: string;
  brandId?: number;
  /** Lower-case text matched against every language of the name and the address. */
  text?: string;
}

// Stores list in the spec's order of regions and districts, then in the order they were added.
const DISTRICT_ORDER = REGIONS.flatMap((region) => region.districts.map((district) => district.code));
const districtRank = sql<number>`case stores.district ${sql.join(
  DISTRICT_ORDER.map((code, index) => sql`when ${sql.lit(code)} then ${sql.lit(index)}`),
  sql` `,
)} else ${sql.lit(DISTRICT_ORDER.length)} end`;

const SEARCHED = [
  "name_en",
  "name_tc",
  "name_sc",
  "address_en",
  "address_tc",
  "address_sc",
] as const satisfies readonly (keyof StoresTable)[];

/** `%text%` for LIKE, with the wildcards of the text itself escaped. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The stores and tags tables; only the stores service uses this. */
export class StoreRepository {
  private readonly db: Kysely<StoreTables>;

  constructor(database: TableViews) {
    this.db = database.tables<StoreTables>();
  }

  /** These tables inside the caller's transaction, or outside any. */
  private on(trx: TableViews | undefined): Kysely<StoreTables> {
    return trx ? trx.tables<StoreTables>() : this.db;
  }

  private withBrand(db: Kysely<StoreTables>) {
    return db
      .selectFrom("stores")
      .innerJoin("tags", "tags.id", "stores.brand_id")
      .selectAll("stores")
      .select([
        "tags.code as brand_code",
        "tags.name_en as brand_name_en",
        "tags.name_tc as brand_name_tc",
        "tags.name_sc as brand_name_sc",
        "tags.logo_media_token as brand_logo_media_token",
      ]);
  }

  /** Active stores matching every filter given: one page of them and the total. */
  async search(
    filters: StoreFilters,
    page: { limit: number; offset: number },
  ): Promise<{ rows: StoreWithBrand[]; total: number }> {
    let query = this.withBrand(this.db).where("stores.status", "=", "active");
    if (filters.region !== undefined) query = query.where("stores.region", "=", filters.region);
    if (filters.district !== undefined) query = query.where("stores.district", "=", filters.district);
    if (filters.brandId !== undefined) query = query.where("stores.brand_id", "=", filters.brandId);
    if (filters.text !== undefined) {
      const pattern = containsPattern(filters.text);
      // lower() on both sides: SQLite's LIKE folds ASCII only and PostgreSQL's not at all.
      query = query.where((eb) =>
        eb.or(
          SEARCHED.map(
            (column) => sql<boolean>`lower(${sql.ref(`stores.${column}`)}) like ${pattern} escape '\\'`,
          ),
        ),
      );
    }
    const counted = await query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number | string>().as("total"))
      .executeTakeFirstOrThrow();
    const rows = await query
      .orderBy(districtRank)
      .orderBy("stores.id")
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return { rows, total: Number(counted.total) };
  }

  findActive(id: number): Promise<StoreWithBrand | undefined> {
    return this.withBrand(this.db)
      .where("stores.id", "=", id)
      .where("stores.status", "=", "active")
      .executeTakeFirst();
  }

  /** Every store, active or not, in id order (export). */
  listAll(): Promise<StoreWithBrand[]> {
    return this.withBrand(this.db).orderBy("stores.id").execute();
  }

  /** Every store's code and partner-property flag, whatever its status (the coin scheme's registry). */
  codesAndFlags() {
    return this.db
      .selectFrom("stores")
      .innerJoin("tags", "tags.id", "stores.brand_id")
      .select(["stores.code", "stores.partner_property", "tags.code as brand_code"])
      .orderBy("stores.code")
      .execute();
  }

  async byCodes(codes: string[], trx?: TableViews): Promise<StoreRow[]> {
    const rows: StoreRow[] = [];
    for (let start = 0; start < codes.length; start += 500) {
      const chunk = codes.slice(start, start + 500);
      rows.push(
        ...(await this.on(trx).selectFrom("stores").selectAll().where("code", "in", chunk).execute()),
      );
    }
    return rows;
  }

  async insertStores(rows: Insertable<StoresTable>[], trx?: TableViews): Promise<void> {
    // Batches keep each statement well under SQLite's limit on bound parameters.
    for (let start = 0; start < rows.length; start += 25) {
      await this.on(trx)
        .insertInto("stores")
        .values(rows.slice(start, start + 25))
        .execute();
    }
  }

  async updateStore(id: number, values: Updateable<StoresTable>, trx?: TableViews) {
    await this.on(trx).updateTable("stores").set(values).where("id", "=", id).execute();
  }

  /** Hides the active stores whose code is not in `codes`; returns their codes. */
  async deactivateOthers(codes: string[], now: number, trx?: TableViews): Promise<string[]> {
    const active = await this.on(trx)
      .selectFrom("stores")
      .select("code")
      .where("status", "=", "active")
      .execute();
    const keep = new Set(codes);
    const missing = active.map((row) => row.code).filter((code) => !keep.has(code));
    if (missing.length > 0) {
      await this.on(trx)
        .updateTable("stores")
        .set({ status: "inactive", updated_at: now })
        .where("code", "in", missing)
        .execute();
    }
    return missing;
  }

  listTags(type?: string, trx?: TableViews): Promise<TagRow[]> {
    let query = this.on(trx).selectFrom("tags").selectAll();
    if (type !== undefined) query = query.where("type", "=", type);
    return query.orderBy("type").orderBy("sort_order").orderBy("id").execute();
  }

  findTag(type: string, code: string, trx?: TableViews): Promise<TagRow | undefined> {
    return this.on(trx)
      .selectFrom("tags")
      .selectAll()
      .where("type", "=", type)
      .where("code", "=", code)
      .executeTakeFirst();
  }

  findTagById(type: string, id: number, trx?: TableViews): Promise<TagRow | undefined> {
    return this.on(trx)
      .selectFrom("tags")
      .selectAll()
      .where("type", "=", type)
      .where("id", "=", id)
      .executeTakeFirst();
  }

  async insertTag(values: Insertable<TagsTable>, trx?: TableViews): Promise<number> {
    const row = await this.on(trx)
      .insertInto("tags")
      .values(values)
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateTag(id: number, values: Updateable<TagsTable>, trx?: TableViews) {
    await this.on(trx).updateTable("tags").set(values).where("id", "=", id).execute();
  }

  async deleteTag(id: number, trx?: TableViews) {
    await this.on(trx).deleteFrom("tags").where("id", "=", id).execute();
  }

  /** The brands (their ids) at least one active store names: the ones a member can find a store of. */
  async brandIdsWithActiveStores(): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom("stores")
      .select("brand_id")
      .distinct()
      .where("status", "=", "active")
      .execute();
    return new Set(rows.map((row) => row.brand_id));
  }

  /** How many stores, of any status, name each brand (by its id); brands without stores are absent. */
  async storeCountsByBrand(trx?: TableViews): Promise<Map<number, number>> {
    const rows = await this.on(trx)
      .selectFrom("stores")
      .select(["brand_id", (eb) => eb.fn.countAll<number | string>().as("count")])
      .groupBy("brand_id")
      .execute();
    return new Map(rows.map((row) => [row.brand_id, Number(row.count)]));
  }

  /** A store of any status, with its brand. */
  findWithBrand(id: number, trx?: TableViews): Promise<StoreWithBrand | undefined> {
    return this.withBrand(this.on(trx)).where("stores.id", "=", id).executeTakeFirst();
  }

  /** Stores of any status matching every filter (the text also matches the code), a page in code order. */
  async searchAll(
    filters: StoreFilters & { status?: string },
    page: { limit: number; offset: number },
  ): Promise<{ rows: StoreWithBrand[]; total: number }> {
    let query = this.withBrand(this.db);
    if (filters.status !== undefined) query = query.where("stores.status", "=", filters.status);
    if (filters.region !== undefined) query = query.where("stores.region", "=", filters.region);
    if (filters.brandId !== undefined) query = query.where("stores.brand_id", "=", filters.brandId);
    if (filters.text !== undefined) {
      const pattern = containsPattern(filters.text);
      query = query.where((eb) =>
        eb.or(
          [...SEARCHED, "code" as const].map(
            (column) => sql<boolean>`lower(${sql.ref(`stores.${column}`)}) like ${pattern} escape '\\'`,
          ),
        ),
      );
    }
    const counted = await query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number | string>().as("total"))
      .executeTakeFirstOrThrow();
    const rows = await query.orderBy("stores.code").limit(page.limit).offset(page.offset).execute();
    return { rows, total: Number(counted.total) };
  }

  /** True when any store or tag exists. */
  async hasAny(trx?: TableViews): Promise<boolean> {
    const db = this.on(trx);
    for (const table of ["tags", "stores"] as const) {
      if (await db.selectFrom(table).select("id").limit(1).executeTakeFirst()) return true;
    }
    return false;
  }
}
