import { expect } from "@playwright/test";
import enConsole from "../apps/console/src/locales/en.json" with { type: "json" };
import { seriousViolations } from "./support/axe.ts";
import { firstSignIn } from "./support/console.ts";
import { api, createMember } from "./support/journeys.ts";
import { journeySuite, test } from "./support/suite.ts";
import { exactly } from "./support/texts.ts";

/**
 * A bulk adjustment, as the people do it: a programme manager pastes a campaign's list; a line
 * naming nobody is refused by its number while the list stays to correct; the corrected list waits
 * on the Approvals screen; an administrator opens its lines and approves; one member's debit is
 * refused (balance too low) and the other's credit applied, each line showing its outcome.
 */
const suite = journeySuite(68_500_000);
const b = enConsole.bulkAdjustment;
const a = enConsole.approvals;
const NOTE = "Campaign 11: double coins not given at Causeway Bay";

test.describe("console: a bulk adjustment", () => {
  test("is checked line by line, waits for a second operator, and each line shows its outcome", async () => {
    const [rich, poor] = [
      await createMember(suite.server, suite.nextPhone()),
      await createMember(suite.server, suite.nextPhone()),
    ];
    for (const member of [rich, poor])
      await api(suite.server, "POST", "/custom-api/custom/cuapp/customer/hcoin-create", {}, member.token);

    const manager = await suite.open("en");
    await firstSignIn(suite.server, manager.page, "bulk.manager.e2e@example.com", "programmeManager");
    await manager.page.getByRole("link", { name: exactly(b.nav) }).click();
    const list = manager.page.getByLabel(b.list, { exact: true });
    await list.fill(`member number,coins\n${rich.memberNo},300\nM99999999,5\n${poor.memberNo},-40`);
    await manager.page
      .getByLabel(enConsole.coinControls.reason, { exact: true })
      .selectOption("missedPromotion");
    await manager.page.getByLabel(enConsole.coinControls.note, { exact: true }).fill(NOTE);
    await manager.page.getByRole("button", { name: exactly(b.submit) }).click();
    const refused = manager.page.getByRole("table", { name: "1 line cannot be used" });
    await refused
      .getByRole("row")
      .filter({ hasText: "M99999999" })
      .getByText(b.rules.memberUnknown)
      .waitFor();
    expect(await seriousViolations(manager.page)).toEqual([]);
    await list.fill(`member number,coins\n${rich.memberNo},300\n${poor.memberNo},-40`);
    await manager.page.getByRole("button", { name: exactly(b.submit) }).click();
    await manager.page.getByText(/^Request \d+ made: 2 lines, 260 coins in all\./).waitFor();

    const admin = await suite.open("en");
    await firstSignIn(suite.server, admin.page, "bulk.admin.e2e@example.com", "administrator");
    await admin.page.getByRole("link", { name: exactly(a.nav) }).click();
    const row = admin.page.getByRole("row").filter({ hasText: NOTE });
    await row.getByText("2 lines").click();
    await row.getByRole("cell", { name: poor.memberNo }).waitFor();
    expect(await seriousViolations(admin.page)).toEqual([]);
    await row.getByRole("button", { name: exactly(a.approve) }).click();
    const decision = admin.page.getByRole("dialog");
    await decision.getByLabel(a.decisionNote, { exact: true }).fill("List checked with marketing");
    await decision.getByRole("button", { name: exactly(a.approve) }).click();
    await admin.page.getByText(/^Request \d+ approved: 1 of 2 lines applied\.$/).waitFor();

    const balance = async (memberNo: string) => {
      const found = await suite.server.services.members.findByMemberNo(memberNo);
      return (await suite.server.services.coinSchemeClient.balance(found?.external_customer_id ?? ""))
        .balance;
    };
    expect(await balance(rich.memberNo)).toBe(300);
    expect(await balance(poor.memberNo)).toBe(0);
    await admin.page.getByLabel(a.status, { exact: true }).selectOption("approved");
    const approved = admin.page.getByRole("row").filter({ hasText: NOTE });
    await approved.getByText("2 lines · 1 applied, 1 refused").click();
    await approved.getByText(a.lines.outcomes.balanceTooLow).waitFor();
    expect(await seriousViolations(admin.page)).toEqual([]);
  });
});
