import { expect } from "@playwright/test";
import enConsole from "../apps/console/src/locales/en.json" with { type: "json" };
import { seriousViolations } from "./support/axe.ts";
import { firstSignIn } from "./support/console.ts";
import { apiLogin, createMember, expectAtShop, logInThroughUi, nextSmsCode } from "./support/journeys.ts";
import { journeySuite, test } from "./support/suite.ts";
import { exactly } from "./support/texts.ts";

/**
 * The Hong Kong classic at the contact centre: a member has a new mobile number. The agent enters
 * it, the member reads out the code the SMS brought to the new phone, the agent types it with a
 * reason; the member then logs in on the web app with the new number and the same password.
 */
const suite = journeySuite(67_000_000);
const t = enConsole.memberRecords;

test.describe("console: a mobile number change", () => {
  test("an agent changes a member's number with the code sent to the new one; the member logs in with it", async () => {
    const { page, t: web } = await suite.open("en");
    const member = await createMember(suite.server, suite.nextPhone());
    const newPhone = suite.nextPhone();

    await firstSignIn(suite.server, page, "cs.numbers@example.com", "customerService");
    const search = page.getByLabel(enConsole.members.searchLabel, { exact: true });
    await page.getByRole("link", { name: exactly(enConsole.nav.members) }).click();
    await search.fill(member.phone);
    await page.getByRole("button", { name: exactly(enConsole.members.search) }).click();
    await page.getByRole("link", { name: exactly("Chan Tai Man") }).click();

    await page.getByRole("button", { name: exactly(t.number.button) }).click();
    const dialog = page.getByRole("dialog", { name: t.number.title });
    await dialog.getByLabel(t.number.newNumber, { exact: true }).fill(newPhone);
    await dialog.getByRole("button", { name: exactly(t.number.send) }).click();
    const code = await nextSmsCode(suite.server, newPhone);
    await dialog.getByLabel(t.number.code, { exact: true }).fill(code);
    await dialog.getByLabel(t.reason, { exact: true }).fill("Lost the old SIM card");
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: exactly(t.number.submit) }).click();
    await page.getByText(t.number.done, { exact: true }).waitFor();
    await page.getByRole("cell", { name: exactly(`+852 ${member.phone}`) }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The old number no longer logs in; the new one does, on the web app, with the same password.
    expect((await apiLogin(suite.server, member.phone, member.password)).status).not.toBe(200);
    // No redirect asked: the member goes on to the shop with the access token.
    await logInThroughUi(page, web, newPhone, member.password);
    await expectAtShop(page);
  });
});
