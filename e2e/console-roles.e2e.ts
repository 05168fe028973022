import { expect } from "@playwright/test";
import enConsole from "../apps/console/src/locales/en.json" with { type: "json" };
import { PNG_1X1 } from "../apps/server/src/testing/images.ts";
import { seriousViolations } from "./support/axe.ts";
import { acceptInvitation, firstSignIn } from "./support/console.ts";
import { journeySuite, test } from "./support/suite.ts";
import { exactly } from "./support/texts.ts";

/**
 * The main task of the content editor, the administrator and the auditor, one after another on
 * one server: the editor publishes a banner that members then see; the administrator invites an
 * auditor through the operators screen; the auditor, from that link, finds the banner's entry in
 * the audit log, downloads it as CSV, and is refused by the server when trying a change.
 */
const suite = journeySuite(67_000_000);
const t = enConsole;
const c = enConsole.content;
const BANNER = "E2E spring sale";

test.describe("console: content editor, administrator and auditor", () => {
  test("the content editor publishes a welcome banner that members see", async () => {
    const { page } = await suite.open("en");
    await firstSignIn(suite.server, page, "editor.e2e@example.com", "contentEditor");
    await page.getByRole("link", { name: exactly(c.nav.banners) }).click();
    await page.getByRole("button", { name: exactly(c.banners.add) }).click();
    for (const [language, title] of [
      ["English", BANNER],
      ["Traditional Chinese", "E2E 春日優惠"],
      ["Simplified Chinese", "E2E 春日优惠"],
    ]) {
      await page.getByLabel(`${c.banners.altText} (${language})`, { exact: true }).fill(title as string);
    }
    for (const label of [c.banners.mobileImage, c.banners.desktopImage]) {
      await page
        .getByLabel(label, { exact: true })
        .setInputFiles({ name: "spring.png", mimeType: "image/png", buffer: PNG_1X1 });
    }
    await expect.poll(() => page.getByRole("img", { name: /: the image as stored$/ }).count()).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: exactly(c.save) }).click();
    await page.getByRole("rowheader").getByText(BANNER, { exact: true }).waitFor();

    const member = await suite.open("en");
    await member.page.goto("/");
    // The title is written over the picture as text (the picture itself is decorative).
    await member.page.locator(".welcome-banner-title").getByText(BANNER, { exact: true }).waitFor();
    const entries = await suite.server.services.audit.all({ action: "content.banner.add" });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: "operator:editor.e2e@example.com" });
  });

  test("the administrator invites an auditor, who reads the log and cannot change anything", async () => {
    const admin = await suite.open("en");
    await firstSignIn(suite.server, admin.page, "admin.e2e@example.com", "administrator");
    await admin.page.getByRole("link", { name: exactly(t.operators.nav) }).click();
    await admin.page.getByRole("heading", { name: exactly(t.operators.title), level: 1 }).waitFor();
    await admin.page.getByLabel(t.operators.email, { exact: true }).fill("auditor.e2e@example.com");
    await admin.page.getByLabel(t.operators.role, { exact: true }).selectOption("auditor");
    await admin.page.getByRole("button", { name: exactly(t.operators.addSubmit) }).click();
    const dialog = admin.page.getByRole("dialog");
    await dialog.getByRole("heading", { name: exactly(t.operators.linkTitle) }).waitFor();
    const link = (await dialog.getByText(/\/console\/invitation#/).textContent())?.trim() ?? "";
    expect(await seriousViolations(admin.page)).toEqual([]);
    await dialog.getByRole("button", { name: exactly(t.operators.done) }).click();

    const { page } = await suite.open("en");
    await acceptInvitation(suite.server, page, link);
    await page.getByRole("link", { name: exactly(t.nav.audit) }).click();
    await page.getByLabel(t.audit.action, { exact: true }).fill("operator.add");
    await page.getByRole("button", { name: exactly(t.audit.apply) }).click();
    await page.getByRole("cell", { name: "auditor.e2e@example.com" }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: exactly(t.audit.csv) }).click(),
    ]);
    const csv = await (await download.createReadStream()).toArray();
    expect(Buffer.concat(csv).toString("utf8")).toContain("operator:admin.e2e@example.com");

    // The auditor's screens offer no change; the server refuses one made by hand with a valid session.
    const refused = await page.evaluate(async () => {
      const session = await (await fetch("/console/api/session")).json();
      const answer = await fetch("/console/api/expiry-policy", {
        method: "POST",
        headers: { "content-type": "application/json", "x-csrf-token": session.payload.csrf_token },
        body: JSON.stringify({ policy: "year-end" }),
      });
      return answer.status;
    });
    expect(refused).toBe(403);
  });
});
