import { ADJUSTMENT_REASON_TEXT } from "@hcoins/domain/adjustment-reasons";
import { expect } from "@playwright/test";
import enConsole from "../apps/console/src/locales/en.json" with { type: "json" };
import { seriousViolations } from "./support/axe.ts";
import { firstSignIn } from "./support/console.ts";
import { api, createMember, expectHeading, signIn } from "./support/journeys.ts";
import { journeySuite, test } from "./support/suite.ts";
import { exactly } from "./support/texts.ts";

/**
 * Maker-checker on a coin adjustment, as the people do it: a customer-service agent credits a
 * member more than their role may without approval, and it waits; a programme manager approves it
 * on the Approvals screen; the member, signed in in Traditional Chinese, reads the credit in their
 * history with the reason in their language, and never the agent's internal note.
 */
const suite = journeySuite(68_000_000);
const c = enConsole.coinControls;
const a = enConsole.approvals;
const NOTE = "Ticket 4711: promotion not applied at Mong Kok, supervisor agreed";

test.describe("console: an adjustment above the threshold", () => {
  test("waits for a second operator, then the member reads it with the reason in their language", async () => {
    const member = await createMember(suite.server, suite.nextPhone());
    await api(suite.server, "POST", "/custom-api/custom/cuapp/customer/hcoin-create", {}, member.token);
    const found = await suite.server.services.members.findByMemberNo(member.memberNo);

    const agent = await suite.open("en");
    await firstSignIn(suite.server, agent.page, "agent.e2e@example.com", "customerService");
    await agent.page.getByRole("link", { name: exactly(enConsole.nav.members) }).waitFor();
    await agent.page.goto(`/console/members/${found?.id}`);
    await agent.page.getByRole("button", { name: exactly(c.button) }).click();
    const dialog = agent.page.getByRole("dialog");
    await dialog.getByText("Above 500 coins an adjustment waits for a second operator's approval.").waitFor();
    await dialog.getByLabel(c.coins, { exact: true }).fill("800");
    await dialog.getByLabel(c.reason, { exact: true }).selectOption("missedPromotion");
    await dialog.getByLabel(c.note, { exact: true }).fill(NOTE);
    expect(await seriousViolations(agent.page)).toEqual([]);
    await dialog.getByRole("button", { name: exactly(c.submit) }).click();
    await agent.page.getByText(/^Sent for approval \(request \d+\)/).waitFor();
    expect(
      (await suite.server.services.coinSchemeClient.balance(found?.external_customer_id ?? "")).balance,
    ).toBe(0);

    const manager = await suite.open("en");
    await firstSignIn(suite.server, manager.page, "manager.e2e@example.com", "programmeManager");
    await manager.page.getByRole("link", { name: exactly(a.nav) }).click();
    const row = manager.page.getByRole("row").filter({ hasText: NOTE });
    await row.getByText("agent.e2e@example.com").waitFor();
    expect(await seriousViolations(manager.page)).toEqual([]);
    await row.getByRole("button", { name: exactly(a.approve) }).click();
    const decision = manager.page.getByRole("dialog");
    await decision.getByLabel(a.decisionNote, { exact: true }).fill("Promotion receipt checked");
    await decision.getByRole("button", { name: exactly(a.approve) }).click();
    await manager.page.getByText(/^Request \d+ approved and applied\.$/).waitFor();

    const { page, t } = await suite.open("tc");
    await signIn(page, member.token);
    await page.goto("/coins");
    await expectHeading(page, t("coins:titles.coins"));
    await page.getByText(t("coins:reason", { reason: ADJUSTMENT_REASON_TEXT.missedPromotion.tc })).waitFor();
    expect(await page.content()).not.toContain("Ticket 4711");
    expect(await seriousViolations(page)).toEqual([]);
  });
});
