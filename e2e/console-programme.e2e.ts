import { describe, expect, it } from "vitest";
import enConsole from "../apps/console/src/locales/en.json" with { type: "json" };
import { seriousViolations } from "./support/axe.ts";
import { firstSignIn } from "./support/console.ts";
import { journeySuite } from "./support/suite.ts";
import { exactly } from "./support/texts.ts";

/**
 * The programme manager's screens in Chromium: rewards (a stock change), bonus days, coin
 * expiry and store partner flags, each without a serious axe violation.
 */
const suite = journeySuite(66_000_000);
const p = enConsole.programme;
const text = (value: string) => ({ en: value, tc: value, sc: value });

describe("console: programme manager", () => {
  it("changes a reward's stock and opens each programme screen", async () => {
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
      voucherValidDays: 30,
      active: true,
      sortOrder: 0,
    });
    await firstSignIn(suite.server, page, "pm.e2e@example.com", "programmeManager");

    await page.getByRole("link", { name: exactly(p.nav.rewards) }).click();
    await page.getByRole("heading", { name: exactly(p.rewards.title) }).waitFor();
    await page.getByRole("button", { name: "Change stock of E2E tote bag" }).click();
    await page.getByLabel(p.rewards.change, { exact: true }).fill("+5");
    await page.getByRole("button", { name: exactly(p.rewards.saveStock) }).click();
    await page.getByText("E2E tote bag: 9 in stock now.", { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

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
  });
});
