import { expect } from "@playwright/test";
import { unwatchScreens } from "./support/axe.ts";
import {
  answerDialog,
  api,
  createMember,
  expectHeading,
  fillProfile,
  signIn,
  textOf,
} from "./support/journeys.ts";
import { journeySuite, test } from "./support/suite.ts";
import { exactly } from "./support/texts.ts";

/** A logged-in member's screens: edit profile, the member QR code, subscription preferences. */
const suite = journeySuite(63_000_000);

/** What the server holds as the member's subscription preferences. */
const storedPreferences = async (token: string) =>
  (await api(suite.server, "GET", "/crm/user/subscription-preferences", undefined, token)).body.payload;

test.describe("member screens", () => {
  test("a member edits the profile on /renew: the birth month stays locked, the change is saved", async ({
    language,
  }) => {
    const { page, t } = await suite.open(language);
    const member = await createMember(suite.server, suite.nextPhone());
    await signIn(page, member.token);

    await page.goto("/renew");
    await expectHeading(page, t("profile:titles.memberInfo"));
    const mobile = page.getByRole("textbox", { name: exactly(t("common:mobile")) });
    expect(await mobile.isDisabled()).toBe(true);
    expect((await mobile.inputValue()).replace(/\s/g, "")).toBe(`+852${member.phone}`);
    const month = page.getByRole("combobox", { name: exactly(t("common:profile.birthMonth")) });
    expect(await month.isDisabled()).toBe(true);
    expect(await month.inputValue()).toBe("7");
    expect(await textOf(month.locator("option:checked"))).toBe("07");
    const firstName = page.getByRole("textbox", { name: exactly(t("common:profile.firstName")) });
    expect(await firstName.inputValue()).toBe(member.firstName);
    // Edit profile has no referral code and no terms box.
    expect(await page.getByRole("textbox", { name: exactly(t("profile:referralCode")) }).count()).toBe(0);
    expect(await page.getByRole("checkbox").count()).toBe(3);

    // A bad email is refused on the screen.
    const email = page.getByRole("textbox", { name: exactly(t("profile:email")) });
    await email.fill("not-an-email");
    await page.getByRole("button", { name: exactly(t("profile:save")) }).click();
    await page.getByText(t("common:validation.emailFormat"), { exact: true }).waitFor();

    await email.fill(member.email);
    await fillProfile(page, t, { firstName: "Ka Yan", region: "3003", ageRange: "46 - 55" });
    // Macau has one district, chosen with the region.
    expect(
      await page.getByRole("combobox", { name: exactly(t("common:profile.district")) }).inputValue(),
    ).toBe("3003");
    await page.getByRole("checkbox", { name: exactly(t("common:profile.contactPhone")) }).uncheck();
    await page.getByRole("button", { name: exactly(t("profile:save")) }).click();
    const changed = t("profile:profileChanged");
    expect(changed).toBe(language === "en" ? "Profile Changed" : "完成更改");
    await answerDialog(page, [changed], t("common:confirm"));

    const stored = await suite.server.services.members.findByPhone("852", member.phone);
    expect(stored).toMatchObject({
      first_name: "Ka Yan",
      region: "3003",
      district: "3003",
      age_range: "46 - 55",
      birthday_month: 7,
      do_not_call: 1,
      email_subscription: 0,
    });
    // A reload shows what was saved.
    await page.reload();
    await expectHeading(page, t("profile:titles.memberInfo"));
    await expect(firstName, "the saved first name").toHaveValue("Ka Yan");
  });

  test("the member QR code carries a new time after 60 seconds", async ({ language }) => {
    const { page, t } = await suite.open(language);
    const member = await createMember(suite.server, suite.nextPhone());
    await signIn(page, member.token);
    await page.clock.install();
    // The journey times the code against the page's (fake) clock: a scan between would skew it.
    // The QR screen is scanned in coins.e2e.ts and keyboard-layout.e2e.ts.
    unwatchScreens(page);

    await page.goto("/qrcode");
    await expectHeading(page, t("qrcode:titles.qrcode"));
    const qr = page.getByRole("img", { name: exactly(t("qrcode:alt")) });
    await qr.waitFor();
    expect(await qr.getAttribute("width")).toBe("200");
    expect(await textOf(page.locator(".qr-number"))).toBe(`${t("qrcode:memberNumber")} ${member.memberNo}`);
    const first = (await qr.getAttribute("data-qr-text")) ?? "";
    const firstImage = await qr.getAttribute("src");
    const shape = new RegExp(`^${member.memberNo},0,07,(\\d+)$`);
    expect(first).toMatch(shape);
    const firstSeconds = Number(shape.exec(first)?.[1]);
    expect(Math.abs(firstSeconds - (await page.evaluate(() => Date.now() / 1000)))).toBeLessThan(5);

    // Stop the clock just before the minute, then let the minute pass: the code renews under a mask.
    await page.clock.pauseAt((firstSeconds + 30) * 1000);
    expect(await qr.getAttribute("data-qr-text")).toBe(first);
    await page.clock.fastForward(31_000);
    await page.getByTestId("qr-mask").waitFor({ state: "attached" });
    // The mask goes after 300 ms, once the new code is drawn: what shows then is the new code.
    await page.clock.runFor(300);
    await page.getByTestId("qr-mask").waitFor({ state: "detached" });
    const second = (await qr.getAttribute("data-qr-text")) ?? "";
    expect(second).toMatch(shape);
    expect(Number(shape.exec(second)?.[1]) - firstSeconds).toBeGreaterThanOrEqual(60);
    expect(await qr.getAttribute("src")).not.toBe(firstImage);
  });

  test("an unsubscribe link works without logging in; an altered one offers to log in", async ({
    language,
  }) => {
    const { page, t } = await suite.open(language);
    const member = await createMember(suite.server, suite.nextPhone());
    const { subscriptions, members } = suite.server.services;
    const row = await members.findByPhone("852", member.phone);
    const token = await subscriptions.issueLinkToken(row?.id as number);

    await page.goto(`/subscription-preferences?token=${encodeURIComponent(token)}`);
    await expectHeading(page, t("subscription:titles.subscription"));
    expect(page.url()).toContain("/subscription-preferences");
    await page.getByRole("checkbox", { name: exactly(t("subscription:email")) }).uncheck();
    await page.getByRole("button", { name: exactly(t("subscription:save")) }).click();
    await page.waitForURL("**/subscription-success");
    expect(await storedPreferences(member.token)).toMatchObject({
      email_subscription: 1,
      sms_subscription: 0,
      do_not_call: 0,
    });

    await page.goto(`/subscription-preferences?token=${encodeURIComponent(`${token}x`)}`);
    await page
      .getByRole("alert")
      .filter({ hasText: t("subscription:linkInvalid") })
      .waitFor();
    await page
      .getByRole("main")
      .getByRole("link", { name: exactly(t("common:login")) })
      .click();
    await page.waitForURL("**/login?redirect=%2Fsubscription-preferences");
  });

  test("a member unsubscribes from every channel, gives a reason and saves", async ({ language }) => {
    const { page, t } = await suite.open(language);
    const member = await createMember(suite.server, suite.nextPhone());
    await signIn(page, member.token);

    await page.goto("/subscription-preferences");
    await expectHeading(page, t("subscription:titles.subscription"));
    const channels = [t("subscription:email"), t("subscription:sms"), t("subscription:phone")].map((name) =>
      page.getByRole("checkbox", { name: exactly(name) }),
    );
    // Subscribed to all three at registration: all ticked, no reasons asked.
    for (const box of channels) expect(await box.isChecked()).toBe(true);
    const reasons = t.reasons();
    expect(reasons).toHaveLength(6);
    const reasonBox = (name: string) => page.getByRole("checkbox", { name: exactly(name) });
    expect(await reasonBox(reasons[0] as string).count()).toBe(0);

    for (const box of channels) await box.uncheck();
    await page.getByRole("group", { name: t("subscription:reasonsLegend") }).waitFor();
    for (const reason of reasons) expect(await reasonBox(reason).isChecked()).toBe(false);
    expect(await page.getByRole("checkbox").count()).toBe(9);

    // Without a reason the save button is marked unavailable, and pressing it anyway sends nothing:
    // the journey's saves are counted, and the one below must be the only one.
    const saves: unknown[] = [];
    page.on("request", (request) => {
      if (
        request.method() === "POST" &&
        new URL(request.url()).pathname === "/crm/user/subscription-preferences"
      )
        saves.push(request.postDataJSON());
    });
    const save = page.getByRole("button", { name: exactly(t("subscription:save")) });
    expect(await save.getAttribute("aria-disabled")).toBe("true");
    await save.click({ force: true });

    // Ticking a channel again hides the reasons; unticking brings them back, unticked.
    await channels[1]?.check();
    await expect(reasonBox(reasons[0] as string), "reasons hidden").toHaveCount(0);
    await channels[1]?.uncheck();
    await reasonBox(reasons[2] as string).check();
    await save.click();

    await page.waitForURL("**/subscription-success");
    await expectHeading(page, t("subscription:titles.subscriptionSuccess"));
    await page.getByRole("heading", { level: 2, name: exactly(t("subscription:successHeading")) }).waitFor();
    const saved = {
      email_subscription: 1,
      sms_subscription: 1,
      do_not_call: 1,
      unsubscribe_reasons: [3],
      unsubscribe_reason_other: "",
    };
    expect(saves).toEqual([saved]);
    expect(await storedPreferences(member.token)).toEqual(saved);
  });
});
