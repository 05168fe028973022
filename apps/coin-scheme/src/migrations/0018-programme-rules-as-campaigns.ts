import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * What COIN_BIRTHDAY_MULTIPLIER and COIN_HOLIDAYS say (multipliers in hundredths, holidays by
 * Hong Kong date): the earn rules a database had until an operator changed them.
 */
export interface ProgrammeRuleSeed {
  birthdayMultiplier: number;
  configuredHolidays: ReadonlyMap<string, number>;
}

/** Who wrote and approved the rules this migration made: no operator did. */
const ACTOR = "migration 0018";
const SINCE = "2000-01-01T00:00:00+08:00";
const UNTIL_ENDED = "2100-01-01T00:00:00+08:00";
const DAY_MS = 86_400_000;

/** "2025-12-25" → the next Hong Kong date, "2025-12-26". */
const nextDate = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
const multiplierText = (hundredths: number) => String(hundredths / 100);

/**
 * The programme's earn rules become campaigns (decision 238): the electronic-payment extra at
 * partner-property stores, the birthday month and each holiday, as campaign-rules.ts writes them
 * (`programme_rule`), active, created and approved by `migration 0018`. The numbers are the ones
 * the till used: an operator's birthday multiplier (hcoin_settings) over COIN_BIRTHDAY_MULTIPLIER,
 * an operator's bonus day (hcoin_bonus_days) over COIN_HOLIDAYS for its date. A birthday month
 * switched off (×1) is kept paused at ×1; a day at ×1 (a configured holiday switched off) is no
 * holiday. Then the two settings go: the campaigns are the one place the rules live. The ledger
 * is not touched: what purchases earned stays as it was written.
 *
 * The names are the words the member's statement gives those lines (the web app's catalogues).
 */
export function programmeRulesAsCampaigns(seed: ProgrammeRuleSeed): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const at = Date.now();
      const setting = await sql<{ value: string }>`
        select value from hcoin_settings where key = 'birthday_multiplier'`.execute(db);
      const set = Number(setting.rows[0]?.value);
      const birthday = Number.isSafeInteger(set) ? set : seed.birthdayMultiplier;
      const days = new Map(seed.configuredHolidays);
      const operators = await sql<{ date: string; multiplier: number }>`
        select date, multiplier from hcoin_bonus_days order by date`.execute(db);
      for (const row of operators.rows) days.set(row.date, Number(row.multiplier));

      const rule = (fields: {
        name: { en: string; tc: string; sc: string };
        conditions: object[];
        action: object;
        programme_rule: "electronic" | "birthday" | "holiday";
        starts_at: string;
        ends_at: string;
        active: boolean;
      }) => {
        const { active, ...definition } = fields;
        return {
          definition: JSON.stringify({
            ...definition,
            stacks: true,
            budget_coins: null,
            per_member_cap: null,
          }),
          status: active ? "active" : "paused",
          starts_at: Date.parse(fields.starts_at),
          ends_at: Date.parse(fields.ends_at),
          budget_coins: null,
          created_by: ACTOR,
          created_at: at,
          activated_by: active ? ACTOR : null,
          approved_by: active ? ACTOR : null,
          activated_at: active ? at : null,
        };
      };
      const rows = [
        rule({
          name: {
            en: "Electronic payment at a partner store",
            tc: "於合作商場店舖以電子支付",
            sc: "在合作商场门店使用电子支付",
          },
          conditions: [{ fact: "partner_store", is: true }],
          action: { type: "electronic_extra" },
          programme_rule: "electronic",
          starts_at: SINCE,
          ends_at: UNTIL_ENDED,
          active: true,
        }),
        rule({
          name: { en: "Birthday month", tc: "生日月份", sc: "生日月" },
          conditions: [{ fact: "birthday_month", is: true }],
          action: { type: "multiplier", multiplier: multiplierText(birthday) },
          programme_rule: "birthday",
          starts_at: SINCE,
          ends_at: UNTIL_ENDED,
          active: birthday > 100,
        }),
        ...[...days]
          .filter(([, multiplier]) => multiplier > 100)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([date, multiplier]) =>
            rule({
              name: { en: `Holiday ${date}`, tc: `節日 ${date}`, sc: `节日 ${date}` },
              conditions: [],
              action: { type: "multiplier", multiplier: multiplierText(multiplier) },
              programme_rule: "holiday",
              starts_at: `${date}T00:00:00+08:00`,
              ends_at: `${nextDate(date)}T00:00:00+08:00`,
              active: true,
            }),
          ),
      ];
      const campaigns = db as Kysely<{ hcoin_campaigns: (typeof rows)[number] }>;
      for (const row of rows) await campaigns.insertInto("hcoin_campaigns").values(row).execute();
      await sql`delete from hcoin_settings where key = 'birthday_multiplier'`.execute(db);
      await db.schema.dropTable("hcoin_bonus_days").execute();
    },
  };
}
