import { userInfo } from "node:os";
import { holidayRule } from "@hcoins/domain/campaign-rules";
import { programmeDate, programmeMonth } from "@hcoins/domain/earn-rules";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adminProcess, SPAWN_TIMEOUT } from "../testing/admin-process.ts";
import { nextPhone, registerMember } from "../testing/flows.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import {
  hcoinAccountCreate,
  hcoinAdjust,
  hcoinBalance,
  hcoinExpiryDryRun,
  hcoinExpiryPolicy,
  hcoinLedgerCheck,
  holidayList,
  storePartner,
  storePartnerList,
  storesSync,
} from "./coin-scheme.ts";
import { CliError } from "./command.ts";
import { COMMANDS, usageText } from "./commands.ts";

const TILL_KEY = "cli-test-till-key-0000001";
// Stores of the first start's seed (the test app seeds them, and the embedded scheme registers them).
const KEYS = `member-server:cli-test-member-server-key,pos-3:${TILL_KEY}:till:HF-CW01|PC-CW02`;

describe("H Coins operator commands", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ env: { COIN_SCHEME_API_KEYS: KEYS } });
  });
  afterEach(() => t?.close());

  const latestAudit = async () => (await t.app.services.audit.all({}))[0];
  const purchase = (memberNo: string, store: string, receipt: string, net: string, electronic = "0") =>
    t.app.inject({
      method: "POST",
      url: "/coin-scheme/v1/purchases",
      headers: { "x-api-key": TILL_KEY, "content-type": "application/json" },
      payload: JSON.stringify({
        qr_text: `${memberNo},0,00,${Math.floor(t.clock.now() / 1000)}`,
        store_code: store,
        receipt_no: receipt,
        net_amount: net,
        electronic_amount: electronic,
      }),
    });

  it("hcoin-account-create opens an unlinked account: the member meets 100, links, and a second run changes nothing", async () => {
    const member = await registerMember(t);
    const out = await hcoinAccountCreate(t.app.services, ["+852", member.phone]);
    expect(out).toMatch(
      new RegExp(
        `^Created H Coins account HC\\d{10} for \\+852 ${member.phone}, not linked: hcoin-check-linked now answers 100 for it\\.`,
      ),
    );
    expect(out).toContain(`Member ${member.user.member_no} (+852 ${member.phone}) holds this number`);

    const check = await t.call("POST", "/custom-api/custom/cuapp/customer/hcoin-check-linked", {
      body: { mobile_phone_prefix: "852", mobile_phone: member.phone },
      token: member.token,
    });
    expect(check.body.payload.status_code).toBe(100);
    const link = await t.call("POST", "/custom-api/custom/cuapp/customer/link-hcoin-2", {
      body: {},
      token: member.token,
    });
    expect(link.body.code).toBe(200);

    const again = await hcoinAccountCreate(t.app.services, ["852", member.phone]);
    expect(again).toBe(
      `+852 ${member.phone} already has H Coins account ${link.body.payload.hcoins_memberno} (linked to member ${member.user.member_no}); nothing changed.`,
    );
  });

  it("store-partner flags a store in the store list and the scheme at once: electronic payment there earns extra", async () => {
    const member = await registerMember(t);
    await t.call("POST", "/custom-api/custom/cuapp/customer/hcoin-create", { body: {}, token: member.token });
    const listed = async () =>
      (await t.app.services.stores.partnerFlags()).find((store) => store.code === "HF-CW01")
        ?.partner_property;

    expect(await storePartner(t.app.services, ["HF-CW01", "--on"])).toBe(
      "Store HF-CW01 is now a partner-property store: each whole HKD paid electronically there earns 1 extra H Coin (store list and H Coins scheme).",
    );
    expect(await listed()).toBe(1);
    expect(await storePartner(t.app.services, ["HF-CW01", "--on"])).toContain(
      "was already a partner-property store",
    );
    const atPartner = JSON.parse((await purchase(member.user.member_no, "HF-CW01", "A1", "100", "40")).body);
    expect(atPartner.payload.transaction.coins).toBe(140);

    expect(await storePartner(t.app.services, ["HF-CW01", "--off"])).toBe(
      "Store HF-CW01 is now not a partner-property store: electronic payment there earns nothing extra (store list and H Coins scheme).",
    );
    expect(await listed()).toBe(0);
    const after = JSON.parse((await purchase(member.user.member_no, "HF-CW01", "A2", "100", "40")).body);
    expect(after.payload.transaction.coins).toBe(100);
  });

  it("the seeded partner stores earn the extra, and store-partner-list shows both registries agree", async () => {
    const member = await registerMember(t);
    await t.call("POST", "/custom-api/custom/cuapp/customer/hcoin-create", { body: {}, token: member.token });
    const seeded = await t.app.services.coinSchemeClient.stores();
    expect(seeded.stores.find((store) => store.store_code === "HF-S01")?.partner_property).toBe(true);
    const list = await storePartnerList(t.app.services, []);
    expect(list).toMatch(/^HF-S01 +partner +partner$/m);
    expect(list).toMatch(/stores; the scheme agrees on every one\.$/);
    expect(await storesSync(t.app.services, [])).toMatch(
      /^The H Coins scheme knows all \d+ stores with their flags and brands; nothing changed\.$/,
    );
    // A flag changed behind the store list's back is shown, and stores-sync puts it right.
    await t.app.services.coinScheme?.setStore("HF-S01", false);
    expect(await storePartnerList(t.app.services, [])).toMatch(
      /^HF-S01 +partner +- +<- differs: stores-sync$/m,
    );
    expect(await storesSync(t.app.services, [])).toContain(
      "Partner flag or brand corrected in the H Coins scheme: HF-S01.",
    );
    // So is a brand: the scheme's campaigns, segments and missions read the store's brand there.
    const brandOf = async (code: string) =>
      (await t.app.services.coinSchemeClient.stores()).stores.find((store) => store.store_code === code)
        ?.brand_code;
    const listedBrand = (await t.app.services.stores.partnerFlags()).find(
      (store) => store.code === "HF-S01",
    )?.brand_code;
    expect(listedBrand).toMatch(/^[a-z0-9-]+$/);
    expect(await brandOf("HF-S01")).toBe(listedBrand);
    await t.app.services.coinScheme?.setStore("HF-S01", true, null);
    expect(await brandOf("HF-S01")).toBeNull();
    expect(await storesSync(t.app.services, [])).toContain(
      "Partner flag or brand corrected in the H Coins scheme: HF-S01.",
    );
    expect(await brandOf("HF-S01")).toBe(listedBrand);
  });

  it("hcoin-adjust credits and debits with a reason and the operator; below zero only when allowed", async () => {
    const member = await registerMember(t);
    const created = await t.call("POST", "/custom-api/custom/cuapp/customer/hcoin-create", {
      body: {},
      token: member.token,
    });
    const number = created.body.payload.hcoins_memberno;
    const note = "ticket 4711: till down at Causeway Bay";
    expect(
      await hcoinAdjust(t.app.services, [
        "852",
        member.phone,
        "+50",
        "--reason",
        "goodwill",
        "--note",
        note,
        "--by",
        "amy",
      ]),
    ).toBe(
      `Credited 50 H Coins to ${number} (+852 ${member.phone}) by amy: goodwill ("Goodwill"). Balance: 50 H Coins.`,
    );
    expect(await latestAudit()).toMatchObject({
      action: "coins.adjust",
      after: { coins: 50, reason_code: "goodwill", note },
    });
    const fix = ["--reason", "purchaseCorrection", "--note", "wrong receipt"];
    const refused = await hcoinAdjust(t.app.services, ["852", member.phone, "-60", ...fix]).catch(
      (e: unknown) => e,
    );
    expect((refused as CliError).message).toBe(
      `+852 ${member.phone} has 50 H Coins: a debit of 60 would go below zero; nothing changed (--allow-negative allows it)`,
    );
    expect(
      await hcoinAdjust(t.app.services, ["852", member.phone, "-60", ...fix, "--allow-negative"]),
    ).toContain("Balance: -10 H Coins.");
    const ledger = await hcoinBalance(t.app.services, ["852", member.phone]);
    expect(ledger).toMatch(/adjustment +\+50 {2}"goodwill" {2}\[operator amy\]$/m);
    // The note is the operators' alone: not on the scheme's ledger, not in the member's history.
    expect(ledger).not.toContain("ticket 4711");
    const history = await t.call("POST", "/custom-api/custom/cuapp/customer/hcoin-history", {
      body: {},
      token: member.token,
      lang: "en",
    });
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    expect(JSON.stringify(history.body)).not.toContain("ticket 4711");
    expect(JSON.stringify(history.body)).toContain("Goodwill");
    // Free text as the reason, or no note, changes nothing.
    for (const args of [
      ["--reason", "Goodwill", "--note", "x"],
      ["--reason", "goodwill"],
    ]) {
      const error = await hcoinAdjust(t.app.services, ["852", member.phone, "+5", ...args]).catch(
        (e: unknown) => e,
      );
      expect((error as CliError).message).toMatch(/^--(reason must be one of|note is required)/);
    }
    expect(await hcoinLedgerCheck(t.app.services, [])).toMatch(/^The ledger holds: all \d+ accounts/);
  });

  it("hcoin-expiry-policy shows and sets the policy; hcoin-expiry-dry-run says what would expire", async () => {
    expect(await hcoinExpiryPolicy(t.app.services, [])).toBe("Expiry policy: none: coins never expire.");
    expect(await hcoinExpiryPolicy(t.app.services, ["year-end", "--by", "amy"])).toMatch(
      /^Expiry policy is now year-end: coins expire when the year after the one they were earned in ends/,
    );
    expect(await hcoinExpiryPolicy(t.app.services, [])).toMatch(
      /^Expiry policy: year-end: .* \(set by amy on /,
    );
    expect(await latestAudit()).toMatchObject({
      actor: `cli:${userInfo().username}`,
      action: "expiryPolicy.set",
      before: { policy: "none" },
      after: { policy: "year-end" },
    });
    const member = await registerMember(t);
    await t.call("POST", "/custom-api/custom/cuapp/customer/hcoin-create", { body: {}, token: member.token });
    await purchase(member.user.member_no, "HF-CW01", "X1", "80");
    expect(await hcoinExpiryDryRun(t.app.services, [])).toMatch(/would expire nothing\.$/);
    const year = Number(programmeDate(t.clock.now()).slice(0, 4));
    expect(await hcoinExpiryDryRun(t.app.services, ["--at", `${year + 1}-12-31`])).toBe(
      `The expiry run of ${year + 2}-01-01 00:10 (Hong Kong time) would expire 80 H Coins from 1 accounts (1 earnings). Dry run: nothing changed.`,
    );
  });

  it("holiday-list shows the programme rules' birthday multiplier and holidays, each with its campaign", async () => {
    const member = await registerMember(t, { birthday_month: programmeMonth(t.clock.now()) });
    await t.call("POST", "/custom-api/custom/cuapp/customer/hcoin-create", { body: {}, token: member.token });
    const client = t.app.services.coinSchemeClient;
    const { campaigns } = await client.campaigns();
    const birthday = campaigns.find((campaign) => campaign.programme_rule === "birthday");
    expect(await holidayList(t.app.services, [])).toBe(
      [
        `Birthday month: ×2 (campaign #${birthday?.id}).`,
        "No holidays set.",
        "Change them in the console (Campaigns): a second operator activates each change.",
      ].join("\n"),
    );
    const today = programmeDate(t.clock.now());
    const { campaign } = await client.createCampaign(holidayRule(today, "2.5"), "writer");
    await client.activateCampaign(campaign.id, "writer", "checker");
    expect(await holidayList(t.app.services, [])).toContain(
      ["Holidays (Hong Kong dates):", `  ${today}  ×2.5  campaign #${campaign.id}`].join("\n"),
    );
    // Base 10, birthday +10, holiday +15.
    const earned = JSON.parse((await purchase(member.user.member_no, "HF-CW01", "H1", "10")).body);
    expect(earned.payload.transaction).toMatchObject({
      base_coins: 10,
      birthday_bonus: 10,
      holiday_bonus: 15,
    });
  });

  it("hcoin-balance shows the balance and the ledger, newest first", async () => {
    const member = await registerMember(t);
    const created = await t.call("POST", "/custom-api/custom/cuapp/customer/hcoin-create", {
      body: {},
      token: member.token,
    });
    const empty = (await hcoinBalance(t.app.services, ["852", member.phone])).split("\n");
    expect(empty.slice(1)).toEqual(["Balance: 0 H Coins.", "No transactions yet."]);
    await purchase(member.user.member_no, "HF-CW01", "B1", "55.90");
    await purchase(member.user.member_no, "PC-CW02", "B2", "12");
    const out = await hcoinBalance(t.app.services, ["852", member.phone, "--limit", "5"]);
    const lines = out.split("\n");
    expect(lines[0]).toMatch(
      new RegExp(
        `^H Coins account ${created.body.payload.hcoins_memberno} of \\+852 ${member.phone}, linked to member ${member.user.member_no} since \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}\\.$`,
      ),
    );
    expect(lines[1]).toBe("Balance: 67 H Coins.");
    expect(lines[2]).toBe("Ledger, newest first (2 of 2 shown, Hong Kong time):");
    expect(lines[3]).toMatch(
      /purchase +\+12 {2}PC-CW02\/B2 {2}net HKD 12\.00, electronic HKD 0\.00, base \+12 {2}\[till pos-3\]$/,
    );
    expect(lines[4]).toMatch(/purchase +\+55 {2}HF-CW01\/B1 {2}net HKD 55\.90/);
  });

  it.each([
    [hcoinAccountCreate, ["852", "1234"], /mobile "1234" must be 8 digits/],
    [hcoinBalance, ["852", "61234567"], /\+852 61234567 has no H Coins account/],
    [hcoinBalance, ["852", "61234567", "--limit", "0"], /--limit "0" must be a whole number from 1 to 500/],
    [storePartner, ["ST 1", "--on"], /store code "ST 1" must be 1-32 letters/],
    [storePartner, ["ST1"], /give exactly one of --on and --off/],
    [storePartner, ["ST1", "--on", "--off"], /give exactly one of --on and --off/],
    [
      storePartner,
      ["NOSUCH1", "--on"],
      /^no store has code NOSUCH1 \(stores-export lists them\); nothing changed$/,
    ],
    [hcoinAdjust, ["852", "61234567", "50"], /--reason must be one of goodwill, /],
    [hcoinAdjust, ["852", "61234567", "0", "--reason", "x"], /coins "0" must be a whole number other than 0/],
    [hcoinAdjust, ["852", "61234567", "1.5", "--reason", "x"], /coins "1.5" must be a whole number/],
    [
      hcoinAdjust,
      ["852", "61234567", "5", "--reason", "other", "--note", "x"],
      /\+852 61234567 has no H Coins account; nothing changed/,
    ],
    [hcoinExpiryPolicy, ["sometimes"], /policy "sometimes" must be none, year-end or <N>-months/],
    [hcoinExpiryPolicy, ["none", "extra"], /unexpected argument "extra"/],
    [hcoinExpiryDryRun, ["--at", "2025-13-01"], /date "2025-13-01" is not a calendar date/],
    [holidayList, ["extra"], /unexpected argument "extra"/],
  ] as const)("%o refuses %j", async (run, args, message) => {
    const error = await run(t.app.services, [...args]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).message).toMatch(message);
    expect(await t.app.services.coinSchemeClient.bonusDays()).toMatchObject({ days: [] });
    expect(await t.app.services.coinSchemeClient.findAccountByPhone("852", "61234567")).toBeNull();
  });

  it("says so when the scheme cannot be reached", async () => {
    const offline = await createTestApp({ env: { COIN_SCHEME_URL: "http://127.0.0.1:9" } });
    try {
      const error = await hcoinAccountCreate(offline.app.services, ["852", nextPhone()]).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(CliError);
      expect((error as CliError).message).toMatch(
        /^the H Coins scheme could not be reached or failed .*; nothing changed$/,
      );
    } finally {
      await offline.close();
    }
  });
});

describe("admin command line: H Coins commands", () => {
  let run: Awaited<ReturnType<typeof adminProcess>>;
  beforeEach(async () => {
    run = await adminProcess("admin-hcoin-");
  });
  afterEach(() => run.remove());
  const admin = (...args: string[]) => run.admin(...args);

  it(
    "creates an account in the configured database and says so; a second run changes nothing",
    async () => {
      const created = await admin("hcoin-account-create", "852", "61234567");
      // stderr holds only the line naming the database.
      expect(created).toMatchObject({ code: 0, stderr: `Database: SQLite file ${run.dir}/members.db\n` });
      expect(created.stdout).toMatch(/^Created H Coins account HC\d{10} for \+852 61234567, not linked/);
      const again = await admin("hcoin-account-create", "852", "61234567");
      expect(again.code).toBe(0);
      expect(again.stdout).toMatch(
        /^\+852 61234567 already has H Coins account HC\d{10} \(not linked\); nothing changed\.$/m,
      );
    },
    SPAWN_TIMEOUT,
  );

  it("lists every H Coins command in help", () => {
    const help = usageText();
    for (const name of [
      "hcoin-account-create",
      "store-partner",
      "holiday-list",
      "hcoin-balance",
      "hcoin-adjust",
      "store-partner-list",
      "stores-sync",
      "hcoin-expiry-policy",
      "hcoin-expiry-dry-run",
      "hcoin-ledger-check",
    ]) {
      expect(COMMANDS[name]?.run).toBeTypeOf("function");
      expect(help).toContain(`  ${COMMANDS[name]?.usage}`);
    }
  });
});
