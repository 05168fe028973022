import { expect } from "@playwright/test";
import type { Locator, Page } from "playwright-core";
import { SEED_STORES } from "../apps/server/src/seed/stores.ts";
import {
  api,
  createMember,
  expectHeading,
  NEW_PASSWORD,
  nextSmsCode,
  PASSWORD,
  signIn,
  smsOutbox,
  tillPurchase,
  waitUntil,
} from "./support/journeys.ts";
import { journeySuite, SMOKE, test } from "./support/suite.ts";
import { exactly, type TextKey, type Texts } from "./support/texts.ts";

/**
 * The member's flows by keyboard alone (Tab, Enter, Space, arrows: no click, no fill): reset,
 * login, QR code, menu, preferences, member info, a reward redeemed and its voucher, password
 * change, registration; focus on each new screen's heading; and the narrowest screen (320 px):
 * no sideways scrolling, a header on one line, and "I agree" in sight on the terms page before
 * any scrolling.
 */
const TILL_KEY = "e2e-keyboard-till-key-0123456789";
const STORE = SEED_STORES[0] as (typeof SEED_STORES)[number];
const suite = journeySuite(67_000_000, { COIN_SCHEME_API_KEYS: `till-keys:${TILL_KEY}:till:${STORE.code}` });

/** Presses Tab until `target` has focus: it is reachable in the Tab order (or the step fails). */
async function tabTo(page: Page, target: Locator, what: string) {
  for (let presses = 0; presses < 80; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reaches ${what}`);
}

/**
 * After a navigation: the new screen's heading has focus (not the body, not the old screen's
 * button). `partly`: the heading holds the text (a CMS page's own longer title).
 */
async function expectFocusedHeading(page: Page, text: string, { partly = false } = {}) {
  if (partly) await page.getByRole("heading", { level: 1, name: text }).waitFor();
  else await expectHeading(page, text);
  await waitUntil(
    () =>
      page.evaluate(
        ([expected, inside]) => {
          const focused = document.activeElement;
          const shown = focused?.textContent?.trim() ?? "";
          return focused?.tagName === "H1" && (inside ? shown.includes(expected) : shown === expected);
        },
        [text, partly] as const,
      ),
    `focus on the heading "${text}"`,
    5_000,
  );
}

/** Tabs to a text box and types into it, key by key. */
async function typeInto(page: Page, box: Locator, text: string, what: string) {
  await tabTo(page, box, what);
  await page.keyboard.type(text);
}

const textbox = (page: Page, name: string) => page.getByRole("textbox", { name: exactly(name) });
const button = (page: Page, name: string) => page.getByRole("button", { name: exactly(name) });

/** Tabs to a select and moves its choice down `steps` options with the arrow key. */
async function choose(page: Page, t: Texts, key: TextKey, steps = 1) {
  await tabTo(page, page.getByRole("combobox", { name: exactly(t(key)) }), key);
  for (let step = 0; step < steps; step += 1) await page.keyboard.press("ArrowDown");
}

/** Opens the member menu with Enter and follows one of its links with Enter. */
async function fromMenu(page: Page, t: Texts, item: TextKey) {
  await tabTo(page, button(page, t("menu:menu")), "the member menu");
  await page.keyboard.press("Enter");
  const menu = page.getByRole("navigation", { name: exactly(t("menu:label")) });
  await tabTo(page, menu.getByRole("link", { name: exactly(t(item)) }), item);
  await page.keyboard.press("Enter");
}

test.describe("by keyboard alone", () => {
  test("a member resets the password, logs in, shows the QR code and changes the preferences", async ({
    language,
  }) => {
    const { page, t } = await suite.open(language);
    const member = await createMember(suite.server, suite.nextPhone());
    const sentBefore = (await smsOutbox(suite.server, member.phone)).length;

    await page.goto("/login");
    await expectHeading(page, t("login:titles.login"));
    await typeInto(page, textbox(page, t("common:mobile")), member.phone, "the mobile number");
    await page.keyboard.press("Enter");
    await expectFocusedHeading(page, t("login:titles.loginPassword"));

    await tabTo(
      page,
      page.getByRole("link", { name: exactly(t("login:forgotPassword")) }),
      "forgot password",
    );
    await page.keyboard.press("Enter");
    await expectFocusedHeading(page, t("resetPassword:titles.resetCode"));
    const code = await nextSmsCode(suite.server, member.phone, { before: sentBefore, purpose: "reset" });
    await typeInto(page, page.getByRole("textbox", { name: t("resetPassword:code") }), code, "the code");
    await page.keyboard.press("Enter");
    await expectFocusedHeading(page, t("resetPassword:titles.resetPassword"));
    const newPassword = page.getByLabel(t("resetPassword:newPassword"), { exact: true });
    await typeInto(page, newPassword, NEW_PASSWORD, "the new password");
    const confirmation = page.getByLabel(t("resetPassword:confirmPassword"), { exact: true });
    await typeInto(page, confirmation, NEW_PASSWORD, "the confirmation");
    await page.keyboard.press("Enter");
    await expectFocusedHeading(page, t("resetPassword:titles.resetSuccess"));

    await page.goto("/login?redirect=%2Fqrcode");
    await expectHeading(page, t("login:titles.login"));
    await typeInto(page, textbox(page, t("common:mobile")), member.phone, "the mobile number");
    await page.keyboard.press("Enter");
    await expectFocusedHeading(page, t("login:titles.loginPassword"));
    await typeInto(page, page.getByLabel(t("login:password"), { exact: true }), NEW_PASSWORD, "the password");
    await page.keyboard.press("Enter");
    await expectFocusedHeading(page, t("qrcode:titles.qrcode"));
    await page.getByText(member.memberNo, { exact: true }).waitFor();

    // The member menu: opened with Enter, its links in the Tab order.
    await tabTo(page, button(page, t("menu:menu")), "the member menu");
    await page.keyboard.press("Enter");
    await tabTo(page, page.getByRole("link", { name: exactly(t("menu:preferences")) }), "preferences");
    await page.keyboard.press("Enter");
    await expectFocusedHeading(page, t("subscription:titles.subscription"));
    const email = page.getByRole("checkbox", { name: exactly(t("subscription:email")) });
    await tabTo(page, email, "the email box");
    await page.keyboard.press("Space");
    expect(await email.isChecked()).toBe(false);
    await tabTo(page, button(page, t("subscription:save")), "save");
    await page.keyboard.press("Enter");
    await expectFocusedHeading(page, t("subscription:titles.subscriptionSuccess"));
  });

  test("a member edits the profile, redeems a reward for a voucher and changes the password", async ({
    language,
  }) => {
    const { page, t } = await suite.open(language);
    const member = await createMember(suite.server, suite.nextPhone());
    await api(suite.server, "POST", "/custom-api/custom/cuapp/customer/hcoin-create", {}, member.token);
    await tillPurchase(suite.server, TILL_KEY, {
      memberNo: member.memberNo,
      storeCode: STORE.code,
      receiptNo: `KEYS-${member.phone}`,
      netAmount: "600.00",
    });
    await signIn(page, member.token);
    await page.goto("/qrcode");
    await expectHeading(page, t("qrcode:titles.qrcode"));

    await fromMenu(page, t, "menu:memberInfo");
    await expectFocusedHeading(page, t("profile:titles.memberInfo"));
    const firstName = textbox(page, t("common:profile.firstName"));
    await waitUntil(async () => (await firstName.inputValue()) === member.firstName, "the stored first name");
    await tabTo(page, firstName, "the first name");
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("Ka Yan");
    await tabTo(page, button(page, t("profile:save")), "save");
    await page.keyboard.press("Enter");
    const changed = page.getByRole("dialog").getByRole("button", { name: exactly(t("common:confirm")) });
    await tabTo(page, changed, "the dialog's confirm");
    await page.keyboard.press("Enter");
    await changed.waitFor({ state: "hidden" });
    const stored = await suite.server.services.members.findByPhone("852", member.phone);
    expect(stored?.first_name).toBe("Ka Yan");

    await fromMenu(page, t, "menu:rewards");
    await expectFocusedHeading(page, t("rewards:titles.rewards"));
    const reward = { en: "HKD 50 e-gift voucher", tc: "HK$50 電子禮券", sc: "HK$50 电子礼券" }[language];
    await tabTo(page, page.getByRole("link", { name: exactly(reward) }), "the reward");
    await page.keyboard.press("Enter");
    await expectFocusedHeading(page, reward);
    await tabTo(page, button(page, t("rewards:redeem")), "redeem");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: exactly(t("rewards:confirm.heading")) }).waitFor();
    const password = page.getByLabel(t("rewards:confirm.password"), { exact: true });
    await typeInto(page, password, member.password, "the password to confirm");
    await page.keyboard.press("Enter");
    const done = page.getByRole("status").filter({ hasText: t("rewards:done.heading") });
    await tabTo(page, done.getByRole("link", { name: exactly(t("rewards:done.show")) }), "show the voucher");
    await page.keyboard.press("Enter");
    await expectFocusedHeading(page, reward);
    await page.getByRole("img", { name: exactly(t("vouchers:qrAlt")) }).waitFor();

    await fromMenu(page, t, "menu:changePassword");
    await expectFocusedHeading(page, t("password:titles.updatePassword"));
    await typeInto(page, page.getByLabel(t("password:oldPassword"), { exact: true }), member.password, "old");
    await typeInto(page, page.getByLabel(t("password:newPassword"), { exact: true }), NEW_PASSWORD, "new");
    await typeInto(
      page,
      page.getByLabel(t("password:confirmPassword"), { exact: true }),
      NEW_PASSWORD,
      "the confirmation",
    );
    await page.keyboard.press("Enter");
    await expectFocusedHeading(page, t("password:titles.updatePasswordSuccess"));
  });

  test("a visitor registers: number, code, terms, form", async ({ language }) => {
    const { page, t } = await suite.open(language);
    const phone = suite.nextPhone();
    await page.goto("/register");
    await expectHeading(page, t("register:titles.register"));
    await typeInto(page, textbox(page, t("common:mobile")), phone, "the mobile number");
    await page.keyboard.press("Enter");
    await expectHeading(page, t("register:titles.registerCode"));
    const code = await nextSmsCode(suite.server, phone);
    await typeInto(page, textbox(page, t("register:codeLabel")), code, "the code");
    await page.keyboard.press("Enter");

    await expectFocusedHeading(page, t("register:titles.terms"), { partly: true });
    await tabTo(page, button(page, t("register:agree")), "I agree");
    await page.keyboard.press("Enter");

    await expectFocusedHeading(page, t("register:titles.registerForm"));
    const title = page.getByRole("radio", { name: exactly(t("common:options.title.1")) });
    await tabTo(page, title, "the first title");
    await page.keyboard.press("Space");
    expect(await title.isChecked()).toBe(true);
    await typeInto(page, textbox(page, t("common:profile.firstName")), "Siu Ming", "the first name");
    await typeInto(page, textbox(page, t("common:profile.lastName")), "Chan", "the last name");
    const gender = page.getByRole("radio", { name: exactly(t("common:options.gender.1")) });
    await tabTo(page, gender, "the first gender");
    await page.keyboard.press("Space");
    await choose(page, t, "common:profile.birthMonth", 3);
    await choose(page, t, "common:profile.ageRange", 2);
    await choose(page, t, "common:profile.region", 1);
    await choose(page, t, "common:profile.district", 1);
    await typeInto(page, textbox(page, t("register:email")), `keys${phone}@example.com`, "the email");
    await typeInto(page, page.getByLabel(t("register:password"), { exact: true }), PASSWORD, "the password");
    await typeInto(
      page,
      page.getByLabel(t("register:confirmPassword"), { exact: true }),
      PASSWORD,
      "the confirmation",
    );
    await tabTo(page, page.getByRole("checkbox", { name: exactly(t("common:profile.contactSms")) }), "SMS");
    await page.keyboard.press("Space");
    const terms = page.getByRole("checkbox", { name: t("register:termsAgree").split("<")[0]?.trim() ?? "" });
    await tabTo(page, terms, "the terms box");
    await page.keyboard.press("Space");
    await tabTo(page, button(page, t("common:submit")), "submit");
    await page.keyboard.press("Enter");
    await expectFocusedHeading(page, t("register:titles.registerSuccess"));
  });
});

test.describe("at 320 px", () => {
  const SCREENS = ["/", "/register", "/login", "/register/terms", "/download", "/store-list", "/qrcode"];

  test(
    "no screen scrolls sideways and the header stays on one line, for a visitor and a member",
    SMOKE,
    async ({ language }) => {
      const { page } = await suite.open(language);
      await page.setViewportSize({ width: 320, height: 568 });
      const member = await createMember(suite.server, suite.nextPhone());
      for (const signedIn of [false, true]) {
        if (signedIn) await page.evaluate((token) => localStorage.setItem("token", token), member.token);
        for (const path of SCREENS) {
          if (path === "/qrcode" && !signedIn) continue;
          await page.goto(path);
          await page.locator("main h1").first().waitFor();
          const layout = await page.evaluate(() => ({
            width: document.documentElement.scrollWidth,
            header: document.querySelector(".app-header")?.getBoundingClientRect().height ?? 0,
            brand: document.querySelector(".brand")?.getBoundingClientRect().height ?? 0,
          }));
          const where = `${path} (${signedIn ? "member" : "visitor"})`;
          expect(layout.width, `${where} is wider than the screen`).toBeLessThanOrEqual(320);
          // One row of 40 px controls and its padding; a wrapped header is twice that.
          expect(layout.header, `${where}: the header wraps`).toBeLessThan(64);
          expect(layout.brand, `${where}: the brand wraps`).toBeLessThanOrEqual(40);
        }
      }
    },
  );

  test(
    "'I agree' is in sight on the terms page before any scrolling, and after scrolling to the middle",
    SMOKE,
    async ({ language }) => {
      const { page, t } = await suite.open(language);
      await page.setViewportSize({ width: 320, height: 568 });
      await page.goto("/register/terms");
      await page.getByRole("heading", { level: 1, name: t("register:titles.terms") }).waitFor();
      const agree = button(page, t("register:agree"));
      const inSight = async () => {
        const box = await agree.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= 568;
      };
      const textHeight = await page.locator(".terms-content").evaluate((element) => element.scrollHeight);
      expect(textHeight, "the terms are longer than the screen").toBeGreaterThan(568);
      expect(await inSight()).toBe(true);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
      expect(await inSight()).toBe(true);
      await agree.click({ trial: true });
    },
  );
});
