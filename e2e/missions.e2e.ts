import { expect } from "@playwright/test";
import enConsole from "../apps/console/src/locales/en.json" with { type: "json" };
import { SEED_STORES } from "../apps/server/src/seed/stores.ts";
import { seriousViolations } from "./support/axe.ts";
import { firstSignIn } from "./support/console.ts";
import { api, createMember, expectHeading, signIn, tillPurchase } from "./support/journeys.ts";
import { journeySuite, test } from "./support/suite.ts";
import { exactly } from "./support/texts.ts";

/**
 * An e-stamp mission completed (issue 28), in all three languages (@smoke): a programme manager
 * writes "2 purchases get 1" on the console's Stamp missions screen and asks for its activation, a
 * second operator approves it, the member's first till purchase fills one stamp of the card on the
 * coins page, the second completes it, and the card leads to the voucher it issued.
 */
const TILL_KEY = "e2e-till-key-missions-0123456789";
const STORE = SEED_STORES[0] as (typeof SEED_STORES)[number];
const suite = journeySuite(69_800_000, {
  COIN_SCHEME_API_KEYS: `till-e2e:${TILL_KEY}:till:${STORE.code}`,
});
const m = enConsole.missions;
const c = enConsole.campaigns;
const a = enConsole.approvals;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A datetime-local value in Hong Kong time. */
const hongKongInput = (ms: number) => new Date(ms + 8 * HOUR).toISOString().slice(0, 16);

test.describe("missions", () => {
  test("@smoke a mission written, activated by a second operator, stamped at the till and completed with a voucher", async ({
    language,
  }) => {
    const now = suite.server.clock.now();
    const name = {
      en: `E2E two coffees ${language}`,
      tc: `E2E 兩杯咖啡 ${language}`,
      sc: `E2E 两杯咖啡 ${language}`,
    };
    const title = `E2E free coffee ${language}`;
    const { reward } = await suite.server.services.coinSchemeClient.saveReward({
      kind: "product",
      coins: 100,
      stock: 10,
      valueCents: null,
      storeCodes: [],
      title: { en: title, tc: title, sc: title },
      description: { en: "A coffee", tc: "一杯咖啡", sc: "一杯咖啡" },
      terms: { en: "One each", tc: "每人一份", sc: "每人一份" },
      imageUrl: null,
      startsAt: null,
      endsAt: null,
      perMemberLimit: null,
      lowStockThreshold: null,
      voucherValidDays: 30,
      active: true,
      sortOrder: 0,
    });

    const manager = await suite.open("en");
    await firstSignIn(suite.server, manager.page, `missions.${language}.e2e@example.com`, "programmeManager");
    const { page: console } = manager;
    await console.getByRole("link", { name: exactly(m.nav) }).click();
    await console.getByRole("heading", { name: exactly(m.title) }).waitFor();
    await console.getByRole("link", { name: exactly(m.new) }).click();
    await console.getByRole("heading", { name: exactly(m.newTitle) }).waitFor();
    for (const [label, value] of [
      ["Name (English)", name.en],
      ["Name (Traditional Chinese)", name.tc],
      ["Name (Simplified Chinese)", name.sc],
      ["What the member reads (English)", "Buy twice, get a coffee"],
      ["What the member reads (Traditional Chinese)", "購物兩次，送一杯咖啡"],
      ["What the member reads (Simplified Chinese)", "购物两次，送一杯咖啡"],
      [m.goal, "2"],
      [m.budget, "100"],
      [c.startsAt, hongKongInput(now - HOUR)],
      [c.endsAt, hongKongInput(now + 30 * DAY)],
    ] as const)
      await console.getByLabel(label, { exact: true }).fill(value);
    await console
      .getByRole("group", { name: exactly(m.storeCodes) })
      .getByRole("checkbox", { name: new RegExp(`^${STORE.code} `) })
      .check();
    await console.getByLabel(m.rewardId, { exact: true }).selectOption({
      label: m.rewardOption.replace("{{title}}", title).replace("{{id}}", String(reward.id)),
    });
    expect(await seriousViolations(console)).toEqual([]);
    await console.getByRole("button", { name: exactly(c.create) }).click();
    await console.getByRole("heading", { level: 1, name: exactly(name.en) }).waitFor();
    await console.getByRole("button", { name: exactly(c.requestActivation) }).click();
    const request = console.getByRole("dialog");
    await request.getByLabel(c.requestNote, { exact: true }).fill("December coffee push");
    await request.getByRole("button", { name: exactly(c.requestSubmit) }).click();
    await console.getByText(c.requested).waitFor();

    // A second programme manager approves it on the Approvals screen.
    const checker = await suite.open("en");
    await firstSignIn(
      suite.server,
      checker.page,
      `missions.checker.${language}.e2e@example.com`,
      "programmeManager",
    );
    await checker.page.getByRole("link", { name: exactly(a.nav) }).click();
    const row = checker.page.getByRole("row").filter({ hasText: name.en });
    await row.getByRole("button", { name: exactly(a.approve) }).click();
    const decision = checker.page.getByRole("dialog");
    await decision.getByLabel(a.decisionNote, { exact: true }).fill("Reward in stock");
    await decision.getByRole("button", { name: exactly(a.approve) }).click();
    await checker.page.getByText(/^Request \d+ approved and applied\.$/).waitFor();

    const member = await createMember(suite.server, suite.nextPhone());
    await api(suite.server, "POST", "/custom-api/custom/cuapp/customer/hcoin-create", {}, member.token);
    const buy = (n: number) =>
      tillPurchase(suite.server, TILL_KEY, {
        memberNo: member.memberNo,
        storeCode: STORE.code,
        receiptNo: `E2E-MISSION-${member.phone}-${n}`,
        netAmount: "48.00",
      });
    await buy(1);

    const { page, t } = await suite.open(language);
    await signIn(page, member.token);
    await page.goto("/coins");
    await expectHeading(page, t("coins:titles.coins"));
    const card = page.getByRole("listitem").filter({ hasText: name[language] });
    await card.getByText(t("coins:missions.progress", { stamps: 1, goal: 2 }), { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await buy(2);
    await page.reload();
    await card.getByText(t("coins:missions.progress", { stamps: 2, goal: 2 }), { exact: true }).waitFor();
    await card.getByText(t("coins:missions.completed"), { exact: true }).waitFor();
    await card.getByRole("link", { name: exactly(t("coins:missions.seeVoucher")) }).click();
    await expectHeading(page, t("vouchers:titles.vouchers"));
    await page.getByText(title, { exact: false }).first().waitFor();
  });
});
