import { expect } from "@playwright/test";
import enConsole from "../apps/console/src/locales/en.json" with { type: "json" };
import { SEED_STORES } from "../apps/server/src/seed/stores.ts";
import { seriousViolations } from "./support/axe.ts";
import { firstSignIn } from "./support/console.ts";
import { api, createMember, tillPurchase } from "./support/journeys.ts";
import { journeySuite, test } from "./support/suite.ts";
import { exactly } from "./support/texts.ts";

/**
 * The programme manager's screens in Chromium: rewards (a stock change, a new reward through
 * the form), bonus days, coin expiry, store partner flags, and a till key made, used by a till
 * and revoked; each screen without a serious axe violation.
 */
const suite = journeySuite(66_000_000);
const p = enConsole.programme;
const text = (value: string) => ({ en: value, tc: value, sc: value });
const STORE = SEED_STORES[0] as (typeof SEED_STORES)[number];

test.describe("console: programme manager", () => {
  test("changes a reward's stock and opens each programme screen", async () => {
    const { page } = await suite.open("en");
    const { services } = suite.server;
    await services.coinSchemeClient.saveReward({
      kind: "product",
      coins: 300,
      stock: 4,
      valueCents: null,
      storeCodes: [],
      title: text("E2E tote bag"),
      description: text("A bag"),
      terms: text("While stocks last"),
      imageUrl: null,
      startsAt: null,
      endsAt: null,
      perMemberLimit: null,
      lowStockThreshold: 5,
      voucherValidDays: 30,
      active: true,
      sortOrder: 0,
    });
    await firstSignIn(suite.server, page, "pm.e2e@example.com", "programmeManager");

    await page.getByRole("link", { name: exactly(p.nav.rewards) }).click();
    await page.getByRole("heading", { name: exactly(p.rewards.title) }).waitFor();
    // At or below its low-stock threshold (5): marked, and found by the filter.
    const lowMarker = page.getByText("Low stock: 4 left", { exact: true });
    await lowMarker.waitFor();
    await page.getByLabel(p.rewards.show, { exact: true }).selectOption("low");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel(p.rewards.show, { exact: true }).selectOption("all");
    await page.getByRole("button", { name: "Change stock of E2E tote bag" }).click();
    await page.getByLabel(p.rewards.change, { exact: true }).fill("+5");
    await page.getByRole("button", { name: exactly(p.rewards.saveStock) }).click();
    await page.getByText("E2E tote bag: 9 in stock now.", { exact: true }).waitFor();
    await lowMarker.waitFor({ state: "detached" });
    expect(await seriousViolations(page)).toEqual([]);

    // A new reward through the form, the member's card drawn beside it.
    const r = p.reward;
    await page.getByRole("link", { name: exactly(p.rewards.add) }).click();
    await page.getByRole("heading", { name: exactly(r.newTitle), level: 1 }).waitFor();
    await page.getByLabel(r.kind, { exact: true }).selectOption("product");
    await page.getByLabel(r.coins, { exact: true }).fill("450");
    await page.getByLabel(r.stock, { exact: true }).fill("12");
    await page.getByLabel(r.lowStock, { exact: true }).fill("2");
    for (const [language, title] of [
      ["English", "E2E umbrella"],
      ["Traditional Chinese", "E2E 雨傘"],
      ["Simplified Chinese", "E2E 雨伞"],
    ]) {
      await page.getByLabel(`Title (${language})`, { exact: true }).fill(title as string);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: exactly(r.create) }).click();
    await page.getByText(/^Reward \d+ is added\.$/).waitFor();
    const { rewards } = await services.coinSchemeClient.rewards({ activeOnly: false });
    expect(rewards.find((reward) => reward.title.en === "E2E umbrella")).toMatchObject({
      coins: 450,
      stock: 12,
      low_stock_threshold: 2,
      stock_level: "in_stock",
    });

    for (const [nav, title] of [
      [p.nav.bonusDays, p.bonusDays.title],
      [p.nav.expiry, p.expiry.title],
      [p.nav.stores, p.stores.title],
    ]) {
      await page.getByRole("link", { name: exactly(nav as string) }).click();
      await page.getByRole("heading", { name: exactly(title as string), level: 1 }).waitFor();
      expect(await seriousViolations(page), title).toEqual([]);
    }
    const audit = await services.audit.all({ action: "reward.stock" });
    expect(audit[0]).toMatchObject({ actor: "operator:pm.e2e@example.com", after: { stock: 9, change: 5 } });
    expect(await services.audit.all({ action: "reward.create" })).toHaveLength(1);
  });

  test("makes a till key shown once, a till earns with it, and once revoked it is refused", async () => {
    const { page } = await suite.open("en");
    const member = await createMember(suite.server, suite.nextPhone());
    await api(suite.server, "POST", "/custom-api/custom/cuapp/customer/hcoin-create", {}, member.token);
    await firstSignIn(suite.server, page, "pm.keys@example.com", "programmeManager");
    const k = p.tillKeys;
    await page.getByRole("link", { name: exactly(p.nav.tillKeys) }).click();
    await page.getByRole("heading", { name: exactly(k.title), level: 1 }).waitFor();
    await page.getByLabel(k.name, { exact: true }).fill("e2e-till-1");
    await page.getByRole("checkbox", { name: new RegExp(`^${STORE.code}\\b`) }).check();
    await page.getByRole("button", { name: exactly(k.addSubmit) }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: exactly("Till key e2e-till-1") }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const key = (await dialog.locator(".shown-once").textContent())?.trim() ?? "";
    expect(key.length).toBeGreaterThanOrEqual(32);
    await dialog.getByRole("button", { name: exactly(k.done) }).click();

    const purchase = (receiptNo: string) =>
      tillPurchase(suite.server, key, {
        memberNo: member.memberNo,
        storeCode: STORE.code,
        receiptNo,
        netAmount: "100.00",
      });
    expect((await purchase("E2E-KEY-1")).balance).toBeGreaterThanOrEqual(100);

    await page.getByRole("button", { name: exactly("Revoke e2e-till-1") }).click();
    await dialog.getByRole("button", { name: exactly(k.revokeSubmit) }).click();
    await page.getByText("e2e-till-1 is revoked.", { exact: true }).waitFor();
    await expect(purchase("E2E-KEY-2")).rejects.toThrow(/HTTP 401/);
    const entries = await suite.server.services.audit.all({});
    const keyed = entries.filter((entry) => entry.action.startsWith("tillKey."));
    expect(keyed.map((entry) => entry.action).sort()).toEqual(["tillKey.create", "tillKey.revoke"]);
    expect(JSON.stringify(keyed)).not.toContain(key);
  });
});
