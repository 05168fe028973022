import { expect } from "@playwright/test";
import {
  answerDialog,
  apiLogin,
  createMember,
  dialog,
  enterPhone,
  expectAtShop,
  expectHeading,
  logInThroughUi,
  NEW_PASSWORD,
  nextSmsCode,
  smsOutbox,
  submitPassword,
  textOf,
} from "./support/journeys.ts";
import { journeySuite, SMOKE, test } from "./support/suite.ts";
import { exactly } from "./support/texts.ts";

/** Logging in, the lock after five failures, resetting and changing the password. */
const suite = journeySuite(62_000_000);

test.describe("login and passwords", () => {
  test(
    "a member logs in: a wrong password says how many tries are left, the right one goes on to the redirect",
    SMOKE,
    async ({ language }) => {
      const { page, t } = await suite.open(language);
      const member = await createMember(suite.server, suite.nextPhone());

      // A login-required screen sends the visitor to log in first, and back afterwards.
      await page.goto("/qrcode");
      await page.waitForURL("**/login?redirect=%2Fqrcode");
      await expectHeading(page, t("login:titles.login"));
      await enterPhone(page, t, member.phone);
      await page.waitForURL("**/login/step2?**");
      await expectHeading(page, t("login:titles.loginPassword"));
      expect((await textOf(page.locator(".page-intro"))).replace(/\s/g, "")).toContain(`+852${member.phone}`);

      // An empty password is not sent.
      await page.getByRole("button", { name: exactly(t("login:login")) }).click();
      await page.getByText(t("common:validation.passwordNull"), { exact: true }).waitFor();

      await submitPassword(page, t, "Wrong1234x");
      const tries = t("login:attemptsRemaining", { n: 4 });
      if (language === "en") {
        expect(t.error(5000)).toBe("Login Fail");
        expect(tries).toBe("Incorrect input, you have 4 attempt(s) remaining");
      }
      await answerDialog(page, [t.error(5000), tries], t("common:confirm"));
      // Ready for the next try: the field is empty again.
      expect(await page.getByLabel(t("login:password"), { exact: true }).inputValue()).toBe("");

      await submitPassword(page, t, member.password);
      await page.waitForURL("**/qrcode");
      await expectHeading(page, t("qrcode:titles.qrcode"));
      await page.getByText(member.memberNo, { exact: true }).waitFor();
    },
  );

  test("five wrong passwords lock the number for 15 minutes, even against the right password", async ({
    language,
  }) => {
    const { page, t } = await suite.open(language);
    const member = await createMember(suite.server, suite.nextPhone());

    await logInThroughUi(page, t, member.phone, "Wrong1234x");
    for (const left of [4, 3, 2, 1]) {
      await answerDialog(
        page,
        [t.error(5000), t("login:attemptsRemaining", { n: left })],
        t("common:confirm"),
      );
      if (left > 1) await submitPassword(page, t, "Wrong1234x");
    }
    await submitPassword(page, t, "Wrong1234x");
    const locked = t.error(4290);
    if (language === "en")
      expect(locked).toBe("Too Many Failed Attempts, Please try again after 15 minutes.");
    else expect(locked).toContain("15");
    await answerDialog(page, [locked], t("common:confirm"));

    await submitPassword(page, t, member.password);
    await answerDialog(page, [locked], t("common:confirm"));
    expect(page.url()).toContain("/login/step2");
    expect((await apiLogin(suite.server, member.phone, member.password)).body.error_code).toBe(4290);
  });

  test("a member resets a forgotten password by SMS and logs in with the new one", async ({ language }) => {
    const { page, t } = await suite.open(language);
    const member = await createMember(suite.server, suite.nextPhone());
    const sentBefore = (await smsOutbox(suite.server, member.phone)).length;

    await page.goto("/login");
    await enterPhone(page, t, member.phone);
    await page.waitForURL("**/login/step2?**");
    await page.getByRole("link", { name: exactly(t("login:forgotPassword")) }).click();

    await page.waitForURL("**/reset-pw/step1?**");
    await expectHeading(page, t("resetPassword:titles.resetCode"));
    // The code goes out as the step opens, once, and the resend button counts down.
    const code = await nextSmsCode(suite.server, member.phone, { before: sentBefore, purpose: "reset" });
    expect(
      await page.getByRole("button", { name: t("resetPassword:resend") }).isDisabled(),
      "resend is disabled during the countdown",
    ).toBe(true);
    await page
      .getByRole("textbox", { name: t("resetPassword:code") })
      .fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: exactly(t("common:next")) }).click();
    await answerDialog(page, [t.error(4201)], t("common:confirm"));
    await page.getByRole("textbox", { name: t("resetPassword:code") }).fill(code);
    await page.getByRole("button", { name: exactly(t("common:next")) }).click();

    await page.waitForURL("**/reset-pw/step2?**");
    await expectHeading(page, t("resetPassword:titles.resetPassword"));
    const newPassword = page.getByLabel(t("resetPassword:newPassword"), { exact: true });
    const confirmation = page.getByLabel(t("resetPassword:confirmPassword"), { exact: true });
    await newPassword.fill(NEW_PASSWORD);
    await confirmation.fill(`${NEW_PASSWORD}z`);
    await page.getByRole("button", { name: exactly(t("common:submit")) }).click();
    await page.getByText(t("common:validation.confirmPasswordFormat"), { exact: true }).waitFor();
    await confirmation.fill(NEW_PASSWORD);
    await page.getByRole("button", { name: exactly(t("common:submit")) }).click();

    await page.waitForURL("**/reset-pw/success");
    await page.getByRole("heading", { level: 2, name: exactly(t("resetPassword:successHeading")) }).waitFor();
    expect(await smsOutbox(suite.server, member.phone)).toHaveLength(sentBefore + 1);
    await page.getByRole("link", { name: exactly(t("resetPassword:goToLogin")) }).click();

    await page.waitForURL("**/login");
    await enterPhone(page, t, member.phone);
    await page.waitForURL("**/login/step2?**");
    await submitPassword(page, t, NEW_PASSWORD);
    // No redirect asked: the member goes on to the shop with the access token.
    await expectAtShop(page);
    expect((await apiLogin(suite.server, member.phone, member.password)).status).not.toBe(200);
  });

  test("a member changes the password on /update-password", async ({ language }) => {
    const { page, t } = await suite.open(language);
    const member = await createMember(suite.server, suite.nextPhone());

    // Without a session the screen asks to log in first, and comes back.
    await page.goto("/update-password");
    await page.waitForURL("**/login?redirect=%2Fupdate-password");
    await enterPhone(page, t, member.phone);
    await page.waitForURL("**/login/step2?**");
    await submitPassword(page, t, member.password);
    await page.waitForURL("**/update-password");
    await expectHeading(page, t("password:titles.updatePassword"));

    const oldPassword = page.getByLabel(t("password:oldPassword"), { exact: true });
    await oldPassword.fill("NotMine123x");
    await page.getByLabel(t("password:newPassword"), { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel(t("password:confirmPassword"), { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole("button", { name: exactly(t("common:submit")) }).click();
    const fail = t("password:updateFailAttempts", { n: 4 });
    if (language === "en") {
      expect(fail).toBe("Fail to update password, Please try again. You have 4 attempt(s) remaining.");
    }
    await answerDialog(page, [fail], t("common:confirm"));
    expect(page.url()).toMatch(/\/update-password$/);

    // The current password as the new one: refused on its field, before any call.
    const newPassword = page.getByLabel(t("password:newPassword"), { exact: true });
    const confirmation = page.getByLabel(t("password:confirmPassword"), { exact: true });
    await oldPassword.fill(member.password);
    await newPassword.fill(member.password);
    await confirmation.fill(member.password);
    await page.getByRole("button", { name: exactly(t("common:submit")) }).click();
    await page.getByText(t("common:validation.passwordUnchanged"), { exact: true }).waitFor();

    await newPassword.fill(NEW_PASSWORD);
    await confirmation.fill(NEW_PASSWORD);
    await page.getByRole("button", { name: exactly(t("common:submit")) }).click();
    await page.waitForURL("**/update-password/success");
    await expectHeading(page, t("password:titles.updatePasswordSuccess"));
    await page.getByRole("heading", { level: 2, name: exactly(t("password:changedHeading")) }).waitFor();
    expect(
      await page.getByRole("link", { name: exactly(t("password:backToMember")) }).getAttribute("href"),
    ).toBe("https://shop.example.com/vip");
    expect(await dialog(page).isVisible()).toBe(false);

    expect((await apiLogin(suite.server, member.phone, NEW_PASSWORD)).status).toBe(200);
    expect((await apiLogin(suite.server, member.phone, member.password)).status).not.toBe(200);
  });
});
