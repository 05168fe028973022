import type { Language } from "@hcoins/domain/languages";
import { expect } from "@playwright/test";
import enConsole from "../apps/console/src/locales/en.json" with { type: "json" };
import scConsole from "../apps/console/src/locales/sc.json" with { type: "json" };
import tcConsole from "../apps/console/src/locales/tc.json" with { type: "json" };
import { seriousViolations } from "./support/axe.ts";
import { type ConsoleTexts, firstSignIn } from "./support/console.ts";
import { api, apiLogin, createMember, waitUntil } from "./support/journeys.ts";
import { journeySuite, SMOKE, test } from "./support/suite.ts";
import { exactly } from "./support/texts.ts";

/**
 * The operators' console, customer service's main task: a member who locked themselves out
 * calls; the operator, signed in with password and authenticator, finds them by any of the four
 * keys (mobile number, member number, email, H Coins number) and unlocks the login. The time from
 * the first search to the member able to log in again is printed (the target is under 30 s).
 * The first sign-in alone is a smoke journey, run in each language's project.
 */
const suite = journeySuite(65_000_000);
const t = enConsole;

const CONSOLE_TEXTS: Record<Language, ConsoleTexts> = { en: enConsole, tc: tcConsole, sc: scConsole };

test.describe("console: customer service", () => {
  test(
    "an operator's first sign-in from the invitation, in the console's language",
    SMOKE,
    async ({ language }) => {
      const { page } = await suite.open(language);
      // The console keeps its own language choice, apart from the member app's.
      await page
        .context()
        .addInitScript((chosen) => localStorage.setItem("console-language", chosen), language);
      const catalogue = CONSOLE_TEXTS[language];
      await firstSignIn(suite.server, page, `first.${language}@example.com`, "customerService", catalogue);
      await page.getByRole("link", { name: exactly(catalogue.nav.members) }).waitFor();
    },
  );

  test("signs in from the invitation, finds a member by each key and unlocks their login", async () => {
    const { page } = await suite.open("en");
    const { services } = suite.server;
    const member = await createMember(suite.server, suite.nextPhone());
    const created = await api(
      suite.server,
      "POST",
      "/custom-api/custom/cuapp/customer/hcoin-create",
      {},
      member.token,
    );
    const hcoinsNo = (created.body.payload as { hcoins_memberno: string }).hcoins_memberno;
    // Five wrong passwords from this address lock the number here.
    for (let i = 0; i < 5; i++) await apiLogin(suite.server, member.phone, "Wrong2024x");
    expect((await apiLogin(suite.server, member.phone, member.password)).body.error_code).toBe(4290);

    await firstSignIn(suite.server, page, "cs.agent@example.com", "customerService");

    const search = page.getByLabel(t.members.searchLabel, { exact: true });
    await page.getByRole("link", { name: exactly(t.nav.members) }).click();
    await search.waitFor();
    const started = Date.now();
    for (const key of [`+852 ${member.phone}`, member.memberNo, member.email, hcoinsNo]) {
      await search.fill(key);
      await page.getByRole("button", { name: exactly(t.members.search) }).click();
      await page.getByRole("cell").getByText(member.memberNo, { exact: true }).waitFor();
    }
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("link", { name: exactly("Chan Tai Man") }).click();
    await page.getByRole("button", { name: exactly(t.actions.unlock.button) }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: exactly(t.actions.unlock.submit) }).click();
    await page.getByText(t.actions.unlock.done, { exact: true }).waitFor();
    await waitUntil(
      async () => (await apiLogin(suite.server, member.phone, member.password)).status === 200,
      "the member's login after the unlock",
    );
    console.log(
      `customer service: four searches and an unlock in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(await seriousViolations(page)).toEqual([]);

    // One audit entry for the unlock, naming the operator and the member.
    const entries = await services.audit.search({ action: "member.unlock" }, 1, 10);
    expect(entries.entries).toHaveLength(1);
    expect(entries.entries[0]).toMatchObject({ actor: "operator:cs.agent@example.com" });
  });
});
