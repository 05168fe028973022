import type { DatabaseHandle } from "@hcoins/server-kit/database";
import { migrateToLatest } from "@hcoins/server-kit/migrate";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadCoinSchemeConfig } from "./config.ts";
import { coinSchemeMigrations } from "./migrate.ts";
import {
  activeCampaign,
  admin,
  KEYS,
  linkedMember,
  NOON_HK,
  nextReceipt,
  programmeRule,
  qr,
  type Res,
  STORES,
  scheme,
  schemeApp,
  setHoliday,
  TODAY,
} from "./testing/scheme-calls.ts";
import { createTestScheme, type TestScheme } from "./testing/test-scheme.ts";

/*
 * Issue 28 item 3, decision 238: the birthday, holiday and partner rules are campaigns
 * (programme rules). Migration 0018 makes them of the settings with nothing lost; they earn what
 * the fixed rules earned, beside promotions whatever those stack; a refund takes back exactly
 * what the fixed rules' refunds took; a rule's shape is checked.
 */

const schemes: TestScheme[] = [];
afterEach(async () => {
  for (const t of schemes.reverse()) await t.close();
  schemes.length = 0;
});

const ok = (res: Res) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.payload;
};

const SEED = { COIN_BIRTHDAY_MULTIPLIER: "3", COIN_HOLIDAYS: `2025-12-25:2,${TODAY}:1.5,2025-12-26:2` };

/** A scheme whose database the code before 0018 made, with an operator's settings in it, then migrated. */
async function upgradedScheme(settings: { birthday?: number; days: [string, number][] }) {
  const env = { COIN_SCHEME_API_KEYS: KEYS, ...SEED };
  const before = Object.fromEntries(
    Object.entries(coinSchemeMigrations(loadCoinSchemeConfig({ NODE_ENV: "test", ...env }).settings)).filter(
      ([name]) => name < "0018",
    ),
  );
  const prepare = async (database: DatabaseHandle) => {
    await migrateToLatest(database, {
      migrations: before,
      migrationTableName: "coin_scheme_migration",
      migrationLockTableName: "coin_scheme_migration_lock",
    });
    const db = database.tables();
    if (settings.birthday !== undefined)
      await sql`insert into hcoin_settings (key, value, updated_by, updated_at)
        values ('birthday_multiplier', ${String(settings.birthday)}, 'ops', 1)`.execute(db);
    for (const [date, multiplier] of settings.days)
      await sql`insert into hcoin_bonus_days (date, multiplier, updated_at) values (${date}, ${multiplier}, 1)`.execute(
        db,
      );
  };
  const t = await createTestScheme(env, undefined, {}, undefined, prepare);
  schemes.push(t);
  t.clock.advance(NOON_HK - t.clock.now());
  for (const store of STORES)
    ok(await admin(t, "PUT", `/stores/${store}`, { partner_property: store === "PARTNER1" }));
  return t;
}

const buy = (t: TestScheme, member: string, fields: Record<string, unknown> = {}) =>
  scheme(t, "POST", "/purchases", {
    qr_text: qr(t, member, "00"),
    store_code: "S1",
    receipt_no: nextReceipt(),
    net_amount: "100",
    ...fields,
  });

const ALWAYS = { starts_at: "2000-01-01T00:00:00+08:00", ends_at: "2100-01-01T00:00:00+08:00" };

describe("migration 0018", () => {
  it("makes active campaigns of the settings, the operator's over the configuration's, and drops the settings", async () => {
    const t = await upgradedScheme({
      birthday: 150,
      // The operator's day overrides the configured one; ×1 switches a configured day off.
      days: [
        [TODAY, 300],
        ["2025-12-26", 100],
        ["2025-08-01", 120],
      ],
    });
    const { campaigns } = ok(await admin(t, "GET", "/campaigns"));
    const made = {
      stacks: true,
      budget_coins: null,
      per_member_cap: null,
      status: "active",
      created_by: "migration 0018",
      activated_by: "migration 0018",
      approved_by: "migration 0018",
    };
    const holiday = (date: string, next: string, multiplier: string) => ({
      ...made,
      name: { en: `Holiday ${date}`, tc: `節日 ${date}`, sc: `节日 ${date}` },
      programme_rule: "holiday",
      conditions: [],
      action: { type: "multiplier", multiplier },
      starts_at: `${date}T00:00:00+08:00`,
      ends_at: `${next}T00:00:00+08:00`,
    });
    expect([...campaigns].reverse()).toMatchObject([
      {
        ...made,
        name: { en: "Electronic payment at a partner store" },
        programme_rule: "electronic",
        conditions: [{ fact: "partner_store", is: true }],
        action: { type: "electronic_extra" },
        ...ALWAYS,
      },
      {
        ...made,
        name: { en: "Birthday month", tc: "生日月份", sc: "生日月" },
        programme_rule: "birthday",
        conditions: [{ fact: "birthday_month", is: true }],
        action: { type: "multiplier", multiplier: "1.5" },
      },
      holiday(TODAY, "2025-07-16", "3"),
      holiday("2025-08-01", "2025-08-02", "1.2"),
      holiday("2025-12-25", "2025-12-26", "2"),
    ]);
    expect(campaigns).toHaveLength(5);
    expect(ok(await admin(t, "GET", "/bonus-days"))).toMatchObject({
      birthday_multiplier: "1.5",
      days: [
        { date: TODAY, multiplier: "3" },
        { date: "2025-08-01", multiplier: "1.2" },
        { date: "2025-12-25", multiplier: "2" },
      ],
    });
    const tables = await t.db.introspection.getTables();
    expect(tables.map((table) => table.name)).not.toContain("hcoin_bonus_days");
    const setting = await sql`select * from hcoin_settings where key = 'birthday_multiplier'`.execute(t.db);
    expect(setting.rows).toEqual([]);

    // Born in July, at a partner store on the ×3 day: base 100 + 50, birthday +75, holiday +300.
    await linkedMember(t, "M1", 7);
    const earned = ok(await buy(t, "M1", { store_code: "PARTNER1", electronic_amount: "50" })).transaction;
    const [electronic, birthday, day] = [...campaigns]
      .reverse()
      .map((campaign: { id: number }) => campaign.id);
    expect(earned.coins).toBe(525);
    expect(earned.lines).toEqual([
      { kind: "base", coins: 100, campaign_id: null, name: null },
      { kind: "electronic", coins: 50, campaign_id: electronic, name: null },
      { kind: "birthday", coins: 75, campaign_id: birthday, name: null },
      { kind: "holiday", coins: 300, campaign_id: day, name: null },
    ]);
  });

  it("keeps a birthday month switched off as a paused rule at ×1, which earns nothing", async () => {
    const t = await upgradedScheme({ birthday: 100, days: [] });
    expect(await programmeRule(t, "birthday")).toMatchObject({
      status: "paused",
      action: { type: "multiplier", multiplier: "1" },
      activated_by: null,
      approved_by: null,
    });
    expect(ok(await admin(t, "GET", "/bonus-days"))).toMatchObject({
      birthday_multiplier: "1",
      birthday_campaign_id: null,
      days: [
        { date: TODAY, multiplier: "1.5" },
        { date: "2025-12-25", multiplier: "2" },
        { date: "2025-12-26", multiplier: "2" },
      ],
    });
    await linkedMember(t, "M2", 7);
    expect(ok(await buy(t, "M2")).transaction).toMatchObject({ birthday_bonus: 0, holiday_bonus: 50 });
  });
});

describe("programme rules beside promotions", () => {
  it("apply whatever a non-stacking promotion does, on the base with the electronic extra", async () => {
    const t = await schemeApp();
    schemes.push(t);
    await linkedMember(t, "M3", 7);
    await setHoliday(t, TODAY, "3");
    const promotion = {
      conditions: [],
      starts_at: new Date(NOON_HK - 86_400_000).toISOString(),
      ends_at: new Date(NOON_HK + 86_400_000).toISOString(),
      budget_coins: null,
      per_member_cap: null,
    };
    const vip = await activeCampaign(t, {
      ...promotion,
      name: { en: "VIP ×2", tc: "貴賓雙倍", sc: "贵宾双倍" },
      action: { type: "multiplier", multiplier: "2" },
      stacks: false,
    });
    await activeCampaign(t, {
      ...promotion,
      name: { en: "Big basket", tc: "大額購物", sc: "大额购物" },
      action: { type: "bonus", coins: 50 },
      stacks: true,
    });
    // docs/coin-scheme.md's example: base 123 + 80 = 203, birthday +203, holiday +406; VIP ×2 (203)
    // gives more than the stacking +50 and applies alone among the promotions.
    const earned = ok(
      await buy(t, "M3", { store_code: "PARTNER1", net_amount: "123.45", electronic_amount: "80.99" }),
    ).transaction;
    expect(earned.lines.map((line: { kind: string; coins: number }) => [line.kind, line.coins])).toEqual([
      ["base", 123],
      ["electronic", 80],
      ["birthday", 203],
      ["holiday", 406],
      ["campaign", 203],
    ]);
    expect(earned.lines[4].campaign_id).toBe(vip);
    expect(earned.coins).toBe(1015);
  });

  it("refunds as the fixed rules did: exactly on what remains, with each rule's id; its spend nets the refunds", async () => {
    const t = await schemeApp();
    schemes.push(t);
    await linkedMember(t, "M4", 7);
    const birthday = await programmeRule(t, "birthday");
    ok(await buy(t, "M4", { receipt_no: "R-EXACT", net_amount: "100.99" }));
    // In proportion it would be 51 (floor(100 × 50.49 ÷ 100.99) = 49 kept); on what remains, 50.
    const half = ok(
      await scheme(t, "POST", "/refunds", { store_code: "S1", receipt_no: "R-EXACT", net_amount: "50.50" }),
    ).transaction;
    expect(half.lines).toEqual([
      { kind: "base", coins: -50, campaign_id: null, name: null },
      { kind: "birthday", coins: -50, campaign_id: birthday.id, name: null },
    ]);
    const rest = ok(await scheme(t, "POST", "/refunds", { store_code: "S1", receipt_no: "R-EXACT" }));
    expect(rest.transaction.coins).toBe(-100);
    expect(rest.balance).toBe(0);
    ok(await buy(t, "M4", { net_amount: "40" }));
    expect(ok(await admin(t, "GET", `/campaigns/${birthday.id}`)).campaign).toMatchObject({
      spent_coins: 40,
      members_earned: 1,
      purchases_earned: 2,
    });
  });

  it("reverse the electronic extra only where the purchase earned it, lines written before the rules included", async () => {
    const t = await schemeApp();
    schemes.push(t);
    await linkedMember(t, "M5");
    const electronic = await programmeRule(t, "electronic");
    const partner = { store_code: "PARTNER1", net_amount: "100", electronic_amount: "60" };
    ok(await buy(t, "M5", { ...partner, receipt_no: "R-OLD" }));
    // As migration 0010 wrote the lines of purchases made before the rules were campaigns.
    await t.db.updateTable("hcoin_earn_lines").set({ campaign_id: null }).execute();
    ok(await admin(t, "POST", `/campaigns/${electronic.id}/end`, { operator: "ops" }));
    const without = ok(await buy(t, "M5", { ...partner, receipt_no: "R-NEW" })).transaction;
    expect(without).toMatchObject({ partner_store: true, base_coins: 100, coins: 100 });

    const old = ok(await scheme(t, "POST", "/refunds", { store_code: "PARTNER1", receipt_no: "R-OLD" }));
    expect(old.transaction.lines).toEqual([
      { kind: "base", coins: -100, campaign_id: null, name: null },
      { kind: "electronic", coins: -60, campaign_id: null, name: null },
    ]);
    const now = ok(await scheme(t, "POST", "/refunds", { store_code: "PARTNER1", receipt_no: "R-NEW" }));
    expect(now.transaction.coins).toBe(-100);
    expect(ok(await admin(t, "GET", "/ledger-check"))).toMatchObject({
      disagreements: [],
      unbalanced_entries: [],
    });
  });

  it("dry-runs the electronic extra: 1 per whole HKD paid electronically", async () => {
    const t = await schemeApp();
    schemes.push(t);
    await linkedMember(t, "M6");
    ok(await buy(t, "M6", { store_code: "PARTNER1", electronic_amount: "60.50" }));
    ok(await buy(t, "M6", { electronic_amount: "10" }));
    const { id: _id, ...rule } = await programmeRule(t, "electronic");
    const run = ok(await admin(t, "POST", "/campaigns/dry-run", { campaign: rule, days: 7 })).dry_run;
    expect(run).toMatchObject({ purchases_scanned: 2, purchases_matched: 1, coins: 60 });
  });
});

describe("a programme rule's shape", () => {
  let t: TestScheme;
  beforeAll(async () => {
    t = await schemeApp();
  });
  afterAll(() => t.close());

  it.each([
    [
      "a birthday rule with a fixed bonus",
      { programme_rule: "birthday", action: { type: "bonus", coins: 5 } },
      "action.type",
      "programmeRuleAction",
    ],
    [
      "a holiday rule with the electronic extra",
      { programme_rule: "holiday", action: { type: "electronic_extra" } },
      "action.type",
      "programmeRuleAction",
    ],
    [
      "a promotion with the electronic extra",
      { action: { type: "electronic_extra" } },
      "action.type",
      "programmeRuleAction",
    ],
    [
      "a rule that does not stack",
      { programme_rule: "birthday", stacks: false },
      "stacks",
      "programmeRuleStacks",
    ],
    [
      "a rule with a budget",
      { programme_rule: "holiday", budget_coins: 1000 },
      "budget_coins",
      "programmeRuleUnlimited",
    ],
    [
      "a rule with a cap",
      { programme_rule: "birthday", per_member_cap: 10 },
      "per_member_cap",
      "programmeRuleUnlimited",
    ],
    ["an unknown rule", { programme_rule: "weekend" }, "programme_rule", "invalid"],
  ])("refuses %s (400, 4000)", async (_name, fields, field, rule) => {
    const res = await admin(t, "POST", "/campaigns", {
      name: { en: "Rule", tc: "規則", sc: "规则" },
      conditions: [],
      action: { type: "multiplier", multiplier: "2" },
      stacks: true,
      ...ALWAYS,
      budget_coins: null,
      per_member_cap: null,
      ...fields,
      operator: "writer",
    });
    expect(res.status).toBe(400);
    expect(res.body.payload.errors).toContainEqual({ field, rule });
  });
});
