import { type Insertable, type Kysely, sql, type Updateable } from "kysely";
import type { CoinSchemeTables, HcoinMissionsTable, MissionProgressRow, MissionRow } from "./tables.ts";

// PostgreSQL counts as bigint, which pg hands over as a string.
type Counted = string | number;

/** Missions, members' progress cards and their stamps (CoinSchemeRepository.missions), on the same connection or transaction. */
export class MissionRepository {
  constructor(private readonly db: Kysely<CoinSchemeTables>) {}

  /** Newest first. */
  list(): Promise<MissionRow[]> {
    return this.db.selectFrom("hcoin_missions").selectAll().orderBy("id", "desc").execute();
  }

  byId(id: number): Promise<MissionRow | undefined> {
    return this.db.selectFrom("hcoin_missions").selectAll().where("id", "=", id).executeTakeFirst();
  }

  insert(row: Insertable<HcoinMissionsTable>): Promise<MissionRow> {
    return this.db.insertInto("hcoin_missions").values(row).returningAll().executeTakeFirstOrThrow();
  }

  update(id: number, changes: Updateable<HcoinMissionsTable>): Promise<MissionRow> {
    return this.db
      .updateTable("hcoin_missions")
      .set(changes)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The active missions not ended by `at` (those yet to start included): what LiveMissions keeps for a second. */
  active(at: number): Promise<MissionRow[]> {
    return this.db
      .selectFrom("hcoin_missions")
      .selectAll()
      .where("status", "=", "active")
      .where("ends_at", ">", at)
      .orderBy("id")
      .execute();
  }

  /** The missions that stamp at `at`: active, their schedule covering it (a member's cards). */
  live(at: number): Promise<MissionRow[]> {
    return this.db
      .selectFrom("hcoin_missions")
      .selectAll()
      .where("status", "=", "active")
      .where("ends_at", ">", at)
      .where("starts_at", "<=", at)
      .orderBy("id")
      .execute();
  }

  /**
   * Takes one completion from an active mission's budget by one conditional UPDATE: true when
   * taken, false when the budget is spent (or the mission stopped meanwhile). On PostgreSQL a
   * second transaction's UPDATE waits for the first's row lock and re-reads the row, so two
   * instances never complete past the budget.
   */
  async takeCompletion(id: number): Promise<boolean> {
    const row = await this.db
      .updateTable("hcoin_missions")
      .set({ completions: sql`completions + 1` })
      .where("id", "=", id)
      .where("status", "=", "active")
      .where((eb) =>
        eb.or([eb("budget_completions", "is", null), eb("completions", "<", eb.ref("budget_completions"))]),
      )
      .returning("id")
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Gives a completion back (its voucher could not be issued after all). */
  async returnCompletion(id: number): Promise<void> {
    await this.db
      .updateTable("hcoin_missions")
      .set({ completions: sql`completions - 1` })
      .where("id", "=", id)
      .execute();
  }

  progress(accountId: number, missionId: number, periodKey: string): Promise<MissionProgressRow | undefined> {
    return this.db
      .selectFrom("hcoin_mission_progress")
      .selectAll()
      .where("account_id", "=", accountId)
      .where("mission_id", "=", missionId)
      .where("period_key", "=", periodKey)
      .executeTakeFirst();
  }

  /** The account's cards of these missions, by mission and period. */
  async progressOf(accountId: number, missionIds: number[]): Promise<MissionProgressRow[]> {
    if (missionIds.length === 0) return [];
    return this.db
      .selectFrom("hcoin_mission_progress")
      .selectAll()
      .where("account_id", "=", accountId)
      .where("mission_id", "in", missionIds)
      .execute();
  }

  /** A new card, under the account's lock (so once per account, mission and period). */
  newProgress(
    accountId: number,
    missionId: number,
    periodKey: string,
    at: number,
  ): Promise<MissionProgressRow> {
    return this.db
      .insertInto("hcoin_mission_progress")
      .values({
        account_id: accountId,
        mission_id: missionId,
        period_key: periodKey,
        stamps: 0,
        completed_at: null,
        voucher_code: null,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async addStamp(progressId: number, entryId: number, brandCode: string | null): Promise<void> {
    await this.db
      .insertInto("hcoin_mission_stamps")
      .values({ progress_id: progressId, entry_id: entryId, brand_code: brandCode })
      .execute();
  }

  /** A card's stamps counted from its purchases: one each, or one per distinct brand. */
  async countStamps(progressId: number, distinctBrands: boolean): Promise<number> {
    const row = await this.db
      .selectFrom("hcoin_mission_stamps")
      .select(
        distinctBrands
          ? sql<Counted>`count(distinct brand_code)`.as("stamps")
          : sql<Counted>`count(*)`.as("stamps"),
      )
      .where("progress_id", "=", progressId)
      .executeTakeFirstOrThrow();
    return Number(row.stamps);
  }

  async setProgress(
    id: number,
    changes: { stamps: number; updated_at: number; completed_at?: number; voucher_code?: string },
  ): Promise<void> {
    await this.db.updateTable("hcoin_mission_progress").set(changes).where("id", "=", id).execute();
  }

  /** The cards not yet completed that a purchase stamped, with their mission's definition. */
  openCardsStampedBy(entryId: number) {
    return this.db
      .selectFrom("hcoin_mission_stamps as s")
      .innerJoin("hcoin_mission_progress as p", "p.id", "s.progress_id")
      .innerJoin("hcoin_missions as m", "m.id", "p.mission_id")
      .select(["p.id", "m.definition"])
      .where("s.entry_id", "=", entryId)
      .where("p.completed_at", "is", null)
      .execute();
  }

  async removeStamp(progressId: number, entryId: number): Promise<void> {
    await this.db
      .deleteFrom("hcoin_mission_stamps")
      .where("progress_id", "=", progressId)
      .where("entry_id", "=", entryId)
      .execute();
  }

  /** The account's cards, oldest first, each with the purchases that stamped it (a holder's export). */
  async cardsOfAccount(accountId: number) {
    const cards = await this.db
      .selectFrom("hcoin_mission_progress")
      .selectAll()
      .where("account_id", "=", accountId)
      .orderBy("id")
      .execute();
    const stamps =
      cards.length === 0
        ? []
        : await this.db
            .selectFrom("hcoin_mission_stamps")
            .selectAll()
            .where(
              "progress_id",
              "in",
              cards.map((card) => card.id),
            )
            .orderBy("entry_id")
            .execute();
    return cards.map((card) => ({
      card,
      stamps: stamps.filter((stamp) => stamp.progress_id === card.id),
    }));
  }
}
