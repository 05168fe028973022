import { withIdColumn } from "@hcoins/server-kit/migration-columns";
import { type Kysely, PostgresAdapter } from "kysely";

/**
 * Content the web app shows: CMS locations, pages and banners, media (image bytes
 * kept in the database under a content-addressed token), tags (brands) and stores.
 * Texts come in three columns (`_en`, `_tc`, `_sc`); tc is the fallback of the other two.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable("media")
    .addColumn("token", "varchar(64)", (c) => c.primaryKey())
    .addColumn("content_type", "varchar(64)", (c) => c.notNull())
    .addColumn("byte_size", "integer", (c) => c.notNull())
    .addColumn("bytes", postgres ? "bytea" : "blob", (c) => c.notNull())
    .addColumn("original_name", "varchar(255)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await withIdColumn(db, db.schema.createTable("cms_locations"))
    .addColumn("code", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await withIdColumn(db, db.schema.createTable("cms_pages"))
    .addColumn("location_id", "integer", (c) => c.notNull().references("cms_locations.id"))
    .addColumn("url_slug", "varchar(128)", (c) => c.notNull())
    .addColumn("title_en", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("title_tc", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("title_sc", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("content_en", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("content_tc", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("content_sc", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("publish_from", "bigint")
    .addColumn("publish_until", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("cms_pages_location_slug_unique", ["location_id", "url_slug"])
    .execute();

  await withIdColumn(db, db.schema.createTable("cms_banners"))
    .addColumn("location_id", "integer", (c) => c.notNull().references("cms_locations.id"))
    .addColumn("title_en", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("title_tc", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("title_sc", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("image_mobile_token", "varchar(64)", (c) => c.notNull().references("media.token"))
    .addColumn("image_desktop_token", "varchar(64)", (c) => c.notNull().references("media.token"))
    .addColumn("link_url", "varchar(2000)", (c) => c.notNull().defaultTo(""))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("starts_at", "bigint")
    .addColumn("ends_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("cms_banners_location")
    .on("cms_banners")
    .columns(["location_id", "sort_order"])
    .execute();

  await withIdColumn(db, db.schema.createTable("tags"))
    .addColumn("type", "varchar(32)", (c) => c.notNull())
    .addColumn("code", "varchar(64)", (c) => c.notNull())
    .addColumn("name_en", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("name_tc", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("name_sc", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("logo_media_token", "varchar(64)", (c) => c.references("media.token"))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("tags_type_code_unique", ["type", "code"])
    .execute();

  await withIdColumn(db, db.schema.createTable("stores"))
    .addColumn("code", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("brand_id", "integer", (c) => c.notNull().references("tags.id"))
    .addColumn("region", "varchar(8)", (c) => c.notNull())
    .addColumn("district", "varchar(8)", (c) => c.notNull())
    .addColumn("name_en", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("name_tc", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("name_sc", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("address_en", "varchar(500)", (c) => c.notNull().defaultTo(""))
    .addColumn("address_tc", "varchar(500)", (c) => c.notNull().defaultTo(""))
    .addColumn("address_sc", "varchar(500)", (c) => c.notNull().defaultTo(""))
    .addColumn("business_hours_en", "varchar(500)", (c) => c.notNull().defaultTo(""))
    .addColumn("business_hours_tc", "varchar(500)", (c) => c.notNull().defaultTo(""))
    .addColumn("business_hours_sc", "varchar(500)", (c) => c.notNull().defaultTo(""))
    .addColumn("introduction_en", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("introduction_tc", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("introduction_sc", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("phone", "varchar(32)", (c) => c.notNull().defaultTo(""))
    .addColumn("image_media_token", "varchar(64)", (c) => c.references("media.token"))
    .addColumn("partner_property", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("stores_region_district")
    .on("stores")
    .columns(["region", "district"])
    .execute();
  await db.schema.createIndex("stores_brand").on("stores").column("brand_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["stores", "tags", "cms_banners", "cms_pages", "cms_locations", "media"]) {
    await db.schema.dropTable(table).execute();
  }
}
