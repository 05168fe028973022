import { expect } from "@playwright/test";
import enConsole from "../apps/console/src/locales/en.json" with { type: "json" };
import { SEED_STORES } from "../apps/server/src/seed/stores.ts";
import { seriousViolations } from "./support/axe.ts";
import { firstSignIn } from "./support/console.ts";
import { api, createMember, expectHeading, signIn, tillPurchase } from "./support/journeys.ts";
import { journeySuite, test } from "./support/suite.ts";
import { exactly } from "./support/texts.ts";

/**
 * A campaign from the programme manager's screen to the member's statement (issue 28): a segment
 * of new members counted live, a weekend campaign for it written and dry-run in the console,
 * activated by a second operator on the Approvals screen, earned by a new member's till purchase
 * on a Saturday, and named on the member's statement in their language (tagged @smoke: the
 * journey runs in all three).
 */
const TILL_KEY = "e2e-till-key-campaign-0123456789";
const STORE = SEED_STORES[0] as (typeof SEED_STORES)[number];
const suite = journeySuite(69_000_000, {
  COIN_SCHEME_API_KEYS: `till-e2e:${TILL_KEY}:till:${STORE.code}`,
});
const c = enConsole.campaigns;
const sg = enConsole.segments;
const a = enConsole.approvals;
const NAME = { en: "E2E weekend double", tc: "E2E 週末雙倍", sc: "E2E 周末双倍" };
const SEGMENT = { en: "E2E new members", tc: "E2E 新會員", sc: "E2E 新会员" };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const HONG_KONG = 8 * HOUR;
/** A datetime-local value in Hong Kong time. */
const hongKongInput = (ms: number) => new Date(ms + HONG_KONG).toISOString().slice(0, 16);
/** The Hong Kong date, as a date input takes it. */
const hongKongDate = (ms: number) => new Date(ms + HONG_KONG).toISOString().slice(0, 10);
/** The next Saturday noon in Hong Kong at least an hour after `from`. */
function nextSaturdayNoon(from: number): number {
  const midnight = Math.floor((from + HONG_KONG) / DAY) * DAY - HONG_KONG;
  // 1 January 1970 was a Thursday: day 2 of a week counted from Thursday is a Saturday.
  for (let day = 0; ; day += 1) {
    const noon = midnight + day * DAY + 12 * HOUR;
    const weekday = (Math.floor((noon + HONG_KONG) / DAY) + 4) % 7; // 0 = Sunday … 6 = Saturday
    if (weekday === 6 && noon > from + HOUR) return noon;
  }
}

test.describe("campaigns", () => {
  test("@smoke a weekend campaign for a segment written, dry-run, activated by a second operator, earned at a till and named on the statement", async ({
    language,
  }) => {
    const now = suite.server.clock.now();
    const manager = await suite.open("en");
    await firstSignIn(suite.server, manager.page, "campaigns.e2e@example.com", "programmeManager");
    const { page: console } = manager;
    // The segment: members who joined from today on, counted live as it is written.
    await console.getByRole("link", { name: exactly(sg.nav) }).click();
    await console.getByRole("link", { name: exactly(sg.new) }).click();
    await console.getByRole("heading", { name: exactly(sg.newTitle) }).waitFor();
    await console.getByLabel("Name (English)", { exact: true }).fill(SEGMENT.en);
    await console.getByLabel("Name (Traditional Chinese)", { exact: true }).fill(SEGMENT.tc);
    await console.getByLabel("Name (Simplified Chinese)", { exact: true }).fill(SEGMENT.sc);
    await console.getByLabel(c.addConditionFact, { exact: true }).selectOption({ label: sg.facts.joined });
    await console.getByRole("button", { name: exactly(c.addCondition) }).click();
    await console.getByLabel(sg.joinedFrom, { exact: true }).fill(hongKongDate(now));
    await console.getByText(/^\d[\d,]* members? meets? these conditions now\.$/).waitFor();
    expect(await seriousViolations(console)).toEqual([]);
    await console.getByRole("button", { name: exactly(sg.create) }).click();
    await console.getByRole("heading", { level: 1, name: exactly(SEGMENT.en) }).waitFor();

    await console.getByRole("link", { name: exactly(c.nav) }).click();
    await console.getByRole("heading", { name: exactly(c.title) }).waitFor();
    await console.getByRole("link", { name: exactly(c.new) }).click();
    await console.getByRole("heading", { name: exactly(c.newTitle) }).waitFor();
    await console.getByLabel("Name (English)", { exact: true }).fill(NAME.en);
    await console.getByLabel("Name (Traditional Chinese)", { exact: true }).fill(NAME.tc);
    await console.getByLabel("Name (Simplified Chinese)", { exact: true }).fill(NAME.sc);
    await console.getByLabel(c.addConditionFact, { exact: true }).selectOption({ label: c.facts.weekday });
    await console.getByRole("button", { name: exactly(c.addCondition) }).click();
    const weekday = console.getByRole("region", { name: exactly(c.facts.weekday) });
    await weekday.getByLabel(c.weekdays["6"], { exact: true }).check();
    await weekday.getByLabel(c.weekdays["7"], { exact: true }).check();
    await console.getByLabel(c.addConditionFact, { exact: true }).selectOption({ label: c.facts.segment });
    await console.getByRole("button", { name: exactly(c.addCondition) }).click();
    await console.getByLabel(new RegExp(`${SEGMENT.en} \\(`)).check();
    await console.getByLabel(c.multiplier, { exact: true }).fill("2");
    await console.getByLabel(c.budget, { exact: true }).fill("100000");
    await console.getByLabel(c.startsAt, { exact: true }).fill(hongKongInput(now - DAY));
    await console.getByLabel(c.endsAt, { exact: true }).fill(hongKongInput(now + 30 * DAY));

    const dryRun = console.getByRole("region", { name: exactly(c.dryRun) });
    await dryRun.getByRole("button", { name: exactly(c.dryRunSubmit) }).click();
    await dryRun.getByText(c.dryRunMatched, { exact: true }).waitFor();
    expect(await seriousViolations(console)).toEqual([]);

    await console.getByRole("button", { name: exactly(c.create) }).click();
    await console.getByRole("heading", { level: 1, name: exactly(NAME.en) }).waitFor();
    await console.getByRole("button", { name: exactly(c.requestActivation) }).click();
    const request = console.getByRole("dialog");
    await request.getByLabel(c.requestNote, { exact: true }).fill("Weekend traffic push, budget agreed");
    await request.getByRole("button", { name: exactly(c.requestSubmit) }).click();
    await console.getByText(c.requested).waitFor();

    // A second programme manager approves it on the Approvals screen.
    const checker = await suite.open("en");
    await firstSignIn(suite.server, checker.page, "campaigns.checker.e2e@example.com", "programmeManager");
    await checker.page.getByRole("link", { name: exactly(a.nav) }).click();
    const row = checker.page.getByRole("row").filter({ hasText: NAME.en });
    await row.getByRole("button", { name: exactly(a.approve) }).click();
    const decision = checker.page.getByRole("dialog");
    await decision.getByLabel(a.decisionNote, { exact: true }).fill("Dry run checked");
    await decision.getByRole("button", { name: exactly(a.approve) }).click();
    await checker.page.getByText(/^Request \d+ approved and applied\.$/).waitFor();
    expect(await seriousViolations(checker.page)).toEqual([]);

    // Saturday noon: a new member's purchase of HKD 200 earns its 200 and the campaign's 200.
    suite.server.clock.advance(nextSaturdayNoon(now) - now);
    const member = await createMember(suite.server, suite.nextPhone());
    await api(suite.server, "POST", "/custom-api/custom/cuapp/customer/hcoin-create", {}, member.token);
    const { balance } = await tillPurchase(suite.server, TILL_KEY, {
      memberNo: member.memberNo,
      storeCode: STORE.code,
      receiptNo: `E2E-CAMPAIGN-${member.phone}`,
      netAmount: "200.00",
    });
    expect(balance).toBe(400);

    const { page, t } = await suite.open(language);
    await signIn(page, member.token);
    await page.goto("/coins");
    await expectHeading(page, t("coins:titles.coins"));
    const lines = page.getByRole("list", { name: exactly(t("coins:lines.heading")) });
    await lines.getByText(NAME[language], { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
