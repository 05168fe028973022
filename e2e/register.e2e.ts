import { expect } from "@playwright/test";
import { cspViolations } from "./support/browser.ts";
import {
  agreeToTerms,
  answerDialog,
  apiLogin,
  createMember,
  enterPhone,
  enterSmsCode,
  expectAtShop,
  expectHeading,
  expectRegistered,
  fillProfile,
  fillRegistrationForm,
  NEW_PASSWORD,
  nextSmsCode,
  PASSWORD,
  registerThroughUi,
  termsBox,
  textOf,
} from "./support/journeys.ts";
import { journeySuite, SMOKE, test } from "./support/suite.ts";
import { exactly, textPattern } from "./support/texts.ts";

/** Registration journeys: a new number, a number that comes through /verify, an imported app member. */
const suite = journeySuite(61_000_000);

test.describe("registration", () => {
  test("back from step 2 within the resend wait: step 1 with the same number (written with a space) returns to step 2 with the running countdown, and the code sent first still registers", async ({
    language,
  }) => {
    const { page, t } = await suite.open(language);
    const phone = suite.nextPhone();
    await page.goto("/register");
    await enterPhone(page, t, `${phone.slice(0, 4)} ${phone.slice(4)}`);
    await expectHeading(page, t("register:titles.registerCode"));
    const code = await nextSmsCode(suite.server, phone);
    // A third of the minute passes on the server's clock (the wait is the server's), so the countdown
    // step 2 comes back with is the running one, not a new 60.
    suite.server.clock.advance(20_000);
    await page.goBack();
    await expectHeading(page, t("register:titles.register"));
    await enterPhone(page, t, phone);
    await expectHeading(page, t("register:titles.registerCode"));
    expect(await page.getByRole("dialog").count()).toBe(0);
    const resend = page.getByRole("button", { name: textPattern(t, "register:resendIn", ["seconds"]) });
    await resend.waitFor();
    expect(await resend.isDisabled()).toBe(true);
    const left = Number(/\d+/.exec((await resend.textContent()) ?? "")?.[0]);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(40);
    expect(await page.getByRole("textbox", { name: t("common:mobile") }).count()).toBe(0);
    await enterSmsCode(page, t, code);
    await page.waitForURL("**/register/terms**");
  });

  test(
    "a new member registers: number, SMS code, terms, the form, the success page",
    SMOKE,
    async ({ language }) => {
      const { page, t } = await suite.open(language);
      const phone = suite.nextPhone();

      await registerThroughUi(page, suite.server, phone, t, { email: `Reg.${phone}@Example.com` });

      const member = await suite.server.services.members.findByPhone("852", phone);
      expect(member).toMatchObject({
        first_name: "Siu Ming",
        last_name: "Chan",
        title: 3,
        gender: 2,
        birthday_month: 3,
        age_range: "18 - 25",
        region: "3005",
        district: "5046",
        // Only the SMS box was ticked: 0 = reachable, 1 = opted out.
        sms_subscription: 0,
        email_subscription: 1,
        do_not_call: 1,
      });
      expect(member?.email?.toLowerCase()).toBe(`reg.${phone}@example.com`);
      expect(member?.member_no).toMatch(/\S/);
      // The member is logged in on the success page (the member menu is there) and may log in with the password.
      await page.getByRole("button", { name: exactly(t("menu:menu")) }).waitFor();
      expect((await apiLogin(suite.server, phone, PASSWORD)).status).toBe(200);
      // The whole way ran within the CSP: no inline script, no eval (zod's included), nothing from elsewhere.
      expect(await cspViolations(page)).toEqual([]);

      // The first button hands the member to the shop with the access token.
      await page.getByRole("button", { name: exactly(t("register:goShopping")) }).click();
      await expectAtShop(page);
    },
  );

  test("step 3 refuses an incomplete form with the field messages, the terms box the spec's text", async ({
    language,
  }) => {
    const { page, t } = await suite.open(language);
    const phone = suite.nextPhone();

    await page.goto("/register");
    // A 7-digit Hong Kong number is refused before any SMS goes out.
    await enterPhone(page, t, phone.slice(1));
    await page.getByText(t("common:validation.mobileLength8")).waitFor();
    expect(await page.getByRole("textbox", { name: t("common:mobile") }).getAttribute("aria-invalid")).toBe(
      "true",
    );
    // A landline has the right length: the server refuses it, and no SMS goes out.
    await enterPhone(page, t, "21234567");
    await page.getByText(t("common:validation.mobileNotMobile")).waitFor();
    await expect(suite.server.smsCode("852", "21234567")).rejects.toThrow(/no SMS/);
    await enterPhone(page, t, phone);
    await page.waitForURL("**/register/step2?**");
    // Step 1 sent the code, so the resend button is counting down.
    const resend = page.getByRole("button", { name: t("register:resend") });
    expect(await resend.isDisabled()).toBe(true);
    // A wrong code: the spec's invalid-code alert.
    const code = await nextSmsCode(suite.server, phone);
    await enterSmsCode(page, t, code === "000000" ? "111111" : "000000");
    await answerDialog(page, [t.error(4201)], t("common:confirm"));
    await enterSmsCode(page, t, code);
    await agreeToTerms(page, t);

    await expectHeading(page, t("register:titles.registerForm"));
    await page.getByRole("button", { name: exactly(t("common:submit")) }).click();
    for (const rule of [
      "firstNameNull",
      "lastNameNull",
      "emailNull",
      "birthNull",
      "ageNull",
      "countryNull",
      "areaNull",
    ] as const) {
      await page
        .getByText(t(`common:validation.${rule}`), { exact: true })
        .first()
        .waitFor();
    }
    const termsError = t("common:validation.termsRequired");
    expect(termsError).toBe({ en: "*Required", tc: "*必須剔選", sc: "*必须勾选" }[language]);
    await page.getByText(termsError, { exact: true }).first().waitFor();
    // The district list waits for a country.
    expect(
      await page.getByRole("combobox", { name: exactly(t("common:profile.district")) }).isDisabled(),
    ).toBe(true);
    // A password that breaks the format rule, and a confirmation that differs.
    await page.getByLabel(t("register:password"), { exact: true }).fill("short");
    await page.getByLabel(t("register:confirmPassword"), { exact: true }).fill("other");
    await page.getByRole("button", { name: exactly(t("common:submit")) }).click();
    await page.getByText(t("common:validation.passwordFormat"), { exact: true }).waitFor();
    expect(await suite.server.services.members.findByPhone("852", phone)).toBeUndefined();

    await fillRegistrationForm(page, t, { email: `fixed${phone}@example.com` });
    await expectRegistered(page, t);
  });

  test("a number logging in that is not a member goes through /verify to registration", async ({
    language,
  }) => {
    const { page, t } = await suite.open(language);
    const phone = suite.nextPhone();

    await page.goto("/login");
    await expectHeading(page, t("login:titles.login"));
    // The page's first paint drew the login heading and intro too; once the app has drawn,
    // that copy is gone, and the next screen shows only its own.
    await expect(page.locator("#boot"), "the first paint leaves").toHaveCount(0);
    await enterPhone(page, t, phone);
    await page.waitForURL("**/verify?**");
    await expectHeading(page, t("register:titles.verify"));
    expect((await textOf(page.locator(".page-intro"))).replace(/\s/g, "")).toContain(`+852${phone}`);
    // /verify sends the first code only when asked.
    expect(await suite.server.services.members.findByPhone("852", phone)).toBeUndefined();
    await page.getByRole("button", { name: exactly(t("register:sendCode")) }).click();
    const code = await nextSmsCode(suite.server, phone);
    // The button counts down from 60 s.
    const countdown = page.getByRole("button", { name: textPattern(t, "register:resendIn", ["seconds"]) });
    await countdown.waitFor();
    expect(await countdown.isDisabled()).toBe(true);

    await enterSmsCode(page, t, code);
    await agreeToTerms(page, t);
    await page.waitForURL("**/register/step3**");
    await fillRegistrationForm(page, t, { email: `verify${phone}@example.com` });
    await expectRegistered(page, t);
    expect((await suite.server.services.members.findByPhone("852", phone))?.email).toBe(
      `verify${phone}@example.com`,
    );
  });

  test("a registered number is sent to log in, a blocked number cannot register", async ({ language }) => {
    const { page, t } = await suite.open(language);
    const member = await createMember(suite.server, suite.nextPhone());

    await page.goto("/register");
    await enterPhone(page, t, member.phone);
    await page.waitForURL("**/register/step2?**");
    await enterSmsCode(page, t, await nextSmsCode(suite.server, member.phone));
    if (language === "en")
      expect(t.memberCheck(40006)).toBe("Your mobile number has been registered as a member");
    await answerDialog(page, [t.memberCheck(40006)], t("common:login"));
    await page.waitForURL("**/login/step2?**");
    await expectHeading(page, t("login:titles.loginPassword"));

    const blocked = suite.nextPhone();
    await suite.server.services.members.block("852", blocked, "e2e");
    await page.goto("/register");
    await enterPhone(page, t, blocked);
    // The number is checked once its code is verified (spec: registration step 2).
    await page.waitForURL("**/register/step2?**");
    await enterSmsCode(page, t, await nextSmsCode(suite.server, blocked));
    const refusal = t.memberCheck(40002);
    if (language === "en")
      expect(refusal).toBe("Fail to register with this number, Please use other number to register");
    await answerDialog(page, [refusal], t("common:confirm"));
    expect(page.url()).toContain("/register/step2");
    expect(await suite.server.services.members.findByPhone("852", blocked)).toBeUndefined();
  });

  test("an imported app member completes the profile and sets a password", async ({ language }) => {
    const { page, t } = await suite.open(language);
    const phone = suite.nextPhone();
    await suite.server.services.members.importMember({
      mobile_phone_prefix: "852",
      mobile_phone: phone,
      member_no: `APP${phone}`,
      first_name: "Mei Ling",
      last_name: "Wong",
      email: `app${phone}@example.com`,
      birthday_month: 11,
      register_store_code: "8202",
      external_customer_id: null,
    });

    await page.goto("/register");
    await enterPhone(page, t, phone);
    await page.waitForURL("**/register/step2?**");
    await enterSmsCode(page, t, await nextSmsCode(suite.server, phone));
    // CheckPhone 40005: the spec's alert and its Update Now button.
    if (language === "en") {
      expect(t.memberCheck(40005)).toBe("Existing CU APP member");
      expect(t("register:updateNow")).toBe("Update Now");
    }
    await answerDialog(page, [t.memberCheck(40005)], t("register:updateNow"));
    await page.waitForURL("**/register/terms?**update=1**");
    await agreeToTerms(page, t);

    await page.waitForURL("**/updateuser**");
    await expectHeading(page, t("profile:titles.completeProfile"));
    // The imported names are there; the imported birth month is shown and locked.
    expect(
      await page.getByRole("textbox", { name: exactly(t("common:profile.firstName")) }).inputValue(),
    ).toBe("Mei Ling");
    const month = page.getByRole("combobox", { name: exactly(t("common:profile.birthMonth")) });
    expect(await month.isDisabled()).toBe(true);
    expect(await month.inputValue()).toBe("11");
    // No mobile, email or password on this form.
    expect(await page.getByRole("textbox", { name: exactly(t("profile:email")) }).count()).toBe(0);
    expect(await page.locator("input[type=password]").count()).toBe(0);

    await fillProfile(page, t, { gender: "2", ageRange: "36 - 45", region: "3006", district: "5061" });
    await page.getByRole("button", { name: exactly(t("common:submit")) }).click();
    // The terms box is required here too.
    await page.getByText(t("common:validation.termsRequired"), { exact: true }).first().waitFor();
    await termsBox(page, t("profile:terms")).check();
    await page.getByRole("button", { name: exactly(t("common:submit")) }).click();

    // Saved: the email prompt, prefilled with the stored address.
    const prompt = page.getByRole("dialog");
    await prompt.getByText(t("profile:emailPrompt")).waitFor();
    const email = prompt.getByRole("textbox", { name: exactly(t("profile:email")) });
    expect(await email.inputValue()).toBe(`app${phone}@example.com`);
    await email.fill("not-an-email");
    await prompt.getByRole("button", { name: exactly(t("common:confirm")) }).click();
    await prompt.getByText(t("common:validation.emailFormat")).waitFor();
    await email.fill(`mei${phone}@example.com`);
    await prompt.getByRole("button", { name: exactly(t("common:confirm")) }).click();

    // Still without a password (CheckPhone 40005): /updatepw.
    await page.waitForURL("**/updatepw**");
    await expectHeading(page, t("password:titles.setPassword"));
    await page.getByLabel(t("password:newPassword"), { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel(t("password:confirmPassword"), { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole("button", { name: exactly(t("common:submit")) }).click();

    await page.waitForURL("**/update-user/success**");
    await expectHeading(page, t("profile:titles.updateSuccess"));
    await page.getByRole("heading", { level: 2, name: exactly(t("profile:successHeading")) }).waitFor();

    const member = await suite.server.services.members.findByPhone("852", phone);
    expect(member).toMatchObject({
      member_no: `APP${phone}`,
      email: `mei${phone}@example.com`,
      gender: 2,
      birthday_month: 11,
      age_range: "36 - 45",
      region: "3006",
      district: "5061",
    });
    // Linked to an H Coins account, and the new password logs in.
    expect(member?.external_customer_id).toMatch(/\S/);
    expect((await apiLogin(suite.server, phone, NEW_PASSWORD)).status).toBe(200);
  });
});
