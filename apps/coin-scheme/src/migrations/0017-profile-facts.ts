import { type Kysely, sql } from "kysely";

/**
 * What the member server tells the scheme of a member's profile, for segments (docs/decisions/239):
 * region and district codes, the age range they chose, and their direct-marketing consent per
 * channel (1 agreed, 0 not); `profile_facts_at` is when the member server last sent them, null
 * while it never has. All null on an account no member profile stands behind (unlinked, erased).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const columns = [
    ["region", "varchar(8)"],
    ["district", "varchar(8)"],
    ["age_range", "varchar(16)"],
    ["consent_email", "integer"],
    ["consent_sms", "integer"],
    ["consent_phone", "integer"],
    ["profile_facts_at", "bigint"],
  ] as const;
  for (const [column, type] of columns)
    await db.schema.alterTable("hcoin_accounts").addColumn(column, type).execute();
  // Segments over where members live count from these; a district is a few per cent of the members.
  await db.schema.createIndex("hcoin_accounts_district").on("hcoin_accounts").column("district").execute();
  await db.schema.createIndex("hcoin_accounts_region").on("hcoin_accounts").column("region").execute();
  // The linked accounts whose facts the member server has not sent yet (its backfill job asks for
  // them page by page): partial, so once every member's have arrived it holds nothing.
  await db.schema
    .createIndex("hcoin_accounts_facts_missing")
    .on("hcoin_accounts")
    .column("hcoins_memberno")
    .where(sql<boolean>`linked_member_ref is not null and profile_facts_at is null`)
    .execute();
}
