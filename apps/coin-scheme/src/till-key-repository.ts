import type { Insertable, Kysely } from "kysely";
import type { CoinSchemeTables, HcoinTillKeysTable, TillKeyRow } from "./tables.ts";

/** How often a key's last use is written: at most once a minute, so a busy till adds no write per call. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * The storage of the till keys operators make (CoinSchemeRepository.tillKeys). A key is found by
 * its hash with one indexed read and never cached, so a revoke on any instance refuses the key
 * on every instance from the next call.
 */
export class TillKeyRepository {
  constructor(private readonly db: Kysely<CoinSchemeTables>) {}

  /** Newest first: the live ones and the revoked (the ledger still names them). */
  list(): Promise<TillKeyRow[]> {
    return this.db.selectFrom("hcoin_till_keys").selectAll().orderBy("id", "desc").execute();
  }

  byId(id: number): Promise<TillKeyRow | undefined> {
    return this.db.selectFrom("hcoin_till_keys").selectAll().where("id", "=", id).executeTakeFirst();
  }

  liveByHash(keyHash: string): Promise<TillKeyRow | undefined> {
    return this.db
      .selectFrom("hcoin_till_keys")
      .selectAll()
      .where("key_hash", "=", keyHash)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
  }

  liveByName(name: string): Promise<TillKeyRow | undefined> {
    return this.db
      .selectFrom("hcoin_till_keys")
      .selectAll()
      .where("name", "=", name)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
  }

  /** Throws a unique violation when a live key has the name (or, never in practice, the hash). */
  insert(key: Insertable<HcoinTillKeysTable>): Promise<TillKeyRow> {
    return this.db.insertInto("hcoin_till_keys").values(key).returningAll().executeTakeFirstOrThrow();
  }

  /** The row after, or undefined when there is no live key with the id. */
  setStores(id: number, storeCodes: string, at: number): Promise<TillKeyRow | undefined> {
    return this.db
      .updateTable("hcoin_till_keys")
      .set({ store_codes: storeCodes, stores_changed_at: at })
      .where("id", "=", id)
      .where("revoked_at", "is", null)
      .returningAll()
      .executeTakeFirst();
  }

  /** The row after, or undefined when there is no live key with the id (one statement: revoked once). */
  revoke(id: number, by: string, at: number): Promise<TillKeyRow | undefined> {
    return this.db
      .updateTable("hcoin_till_keys")
      .set({ revoked_at: at, revoked_by: by })
      .where("id", "=", id)
      .where("revoked_at", "is", null)
      .returningAll()
      .executeTakeFirst();
  }

  async touch(id: number, at: number): Promise<void> {
    await this.db
      .updateTable("hcoin_till_keys")
      .set({ last_used_at: at })
      .where("id", "=", id)
      .where((eb) =>
        eb.or([eb("last_used_at", "is", null), eb("last_used_at", "<=", at - LAST_USED_RESOLUTION_MS)]),
      )
      .execute();
  }
}
