import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Language } from "@hcoins/domain/languages";
import { registrationPayloadSchema } from "@hcoins/domain/payloads";
import { expect } from "@playwright/test";
import type { Browser, Locator, Page } from "playwright-core";
import { hashPassword } from "../../apps/server/src/modules/auth/passwords.ts";
import { scanScreen } from "./axe.ts";
import { openPage } from "./browser.ts";
import type { TestServer } from "./server.ts";
import { exactly, type Texts, texts } from "./texts.ts";

/**
 * Steps the journeys share: a member's way through the screens, found by the labels
 * and roles a member sees (in the journey's language), and a few server-side
 * shortcuts for the members a journey needs but does not itself create. No test
 * runner here (e2e/screenshots.ts runs these steps under plain node): a step that cannot
 * go on throws.
 */

/**
 * Waits until `check` answers true, for a condition no locator states (the server's outbox, a
 * page's service worker): Playwright's expect.poll, which works without the test runner too.
 * Fails with `message` after `timeout` ms. On a screen, prefer a web-first assertion.
 */
export async function waitUntil(check: () => Promise<boolean> | boolean, message: string, timeout = 30_000) {
  await expect.poll(check, { message: `timed out: ${message}`, timeout }).toBe(true);
}

function assertOk(response: { status: number; body: unknown }, what: string) {
  if (response.status !== 200)
    throw new Error(`${what}: HTTP ${response.status} ${JSON.stringify(response.body)}`);
}

/**
 * A private copy of the built web app (apps/web/dist), so that another build while
 * journeys run (npm test builds it) cannot pull the assets from under the server.
 * Pass the directory as WEB_DIST_DIR; remove() when done.
 */
export async function snapshotWebDist(source = "apps/web/dist") {
  const directory = await mkdtemp(path.join(tmpdir(), "e2e-web-"));
  await cp(source, directory, { recursive: true, filter: (file) => !file.endsWith(".map") });
  return { directory, remove: () => rm(directory, { recursive: true, force: true }) };
}

/** Distinct Hong Kong numbers (8 digits): each file passes its own base so no two journeys share one. */
export function phoneNumbers(base: number): () => string {
  let next = base;
  return () => {
    next += 1;
    return String(next);
  };
}

export const SHOP_HOST = "shop.example.com";
export const PASSWORD = "Member2024x";
export const NEW_PASSWORD = "Renewed2025y";

/**
 * A fresh context and page in the journey's language. The external sites the app
 * hands a member to (the shop, the app download pages) answer with a stub page, so
 * a journey can check where it was sent without leaving the machine.
 */
export async function openJourney(browser: Browser, server: TestServer, language: Language) {
  const page = await openPage(browser, server.url, language);
  await page.context().route(/^https:\/\/(shop|app)\.example\.com\//, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: "<!doctype html><title>External</title><h1>External</h1>",
    }),
  );
  return { page, t: texts(language) };
}

/** A member's token in the browser, as after a login: set once, before the first page of the tab loads. */
export async function signIn(page: Page, token: string) {
  await page.context().addInitScript((value) => {
    if (sessionStorage.getItem("e2e-signed-in")) return;
    sessionStorage.setItem("e2e-signed-in", "1");
    localStorage.setItem("token", value);
  }, token);
}

// --- Server calls (a member's data prepared as the API would, without the screens) ---

export async function api<T = Record<string, unknown>>(
  server: TestServer,
  method: "GET" | "POST",
  path: string,
  body?: Record<string, unknown>,
  token?: string,
): Promise<{ status: number; body: { code: number; error_code?: number; payload: T } }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer web:${token ?? "guest"}`,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as never };
}

interface OutboxEntry {
  code: string;
  purpose: "register" | "reset" | "redeem";
  sent_at: string;
}

export async function smsOutbox(server: TestServer, phone: string, prefix = "852"): Promise<OutboxEntry[]> {
  const response = await fetch(
    `${server.url}/dev/sms-outbox?mobile_phone_prefix=${prefix}&mobile_phone=${phone}`,
  );
  return ((await response.json()) as { payload: OutboxEntry[] }).payload;
}

/** Waits until the number has received more SMS than `before`, and returns the newest code. */
export async function nextSmsCode(
  server: TestServer,
  phone: string,
  { before = 0, purpose }: { before?: number; purpose?: OutboxEntry["purpose"] } = {},
): Promise<string> {
  let newest: OutboxEntry | undefined;
  await waitUntil(
    async () => {
      const outbox = await smsOutbox(server, phone);
      newest = outbox[0];
      return outbox.length > before && (!purpose || newest?.purpose === purpose);
    },
    `an SMS ${purpose ?? ""} code for ${phone}`,
  );
  return (newest as OutboxEntry).code;
}

export interface Member {
  phone: string;
  password: string;
  email: string;
  token: string;
  memberNo: string;
  firstName: string;
}

/**
 * A registered member (birth month July, every channel subscribed), stored through the
 * member service as registration stores one, and logged in through the API for a token.
 * No SMS goes out, so the number's resend wait and hourly limit stay untouched.
 */
export async function createMember(
  server: TestServer,
  phone: string,
  overrides: Partial<Record<string, unknown>> = {},
): Promise<Member> {
  const payload = registrationPayloadSchema.parse({
    mobile_phone_prefix: "852",
    mobile_phone: phone,
    sms_token: "000000",
    password: PASSWORD,
    title: 1,
    name: "Chan Tai Man",
    first_name: "Tai Man",
    last_name: "Chan",
    email: `member${phone}@example.com`,
    gender: 1,
    birthday_month: 7,
    age_range__c: "26 - 35",
    email_subscription: 0,
    sms_subscription: 0,
    do_not_call: 0,
    residential_country_region__c: "3001",
    residential_district__c: "5002",
    utm_source: "web",
    ...overrides,
  });
  const { members, database } = server.services;
  const row = await members.createWebMember(payload, await hashPassword(payload.password), "", database);
  const login = await apiLogin(server, phone, payload.password);
  assertOk(login, "login-with-mobile-password");
  return {
    phone,
    password: payload.password,
    email: payload.email,
    token: login.body.payload.access_token as string,
    memberNo: row.member_no as string,
    firstName: payload.first_name,
  };
}

/** A purchase at a till through the scheme's API (the till's key bound to `storeCode`); answers the payload. */
export async function tillPurchase(
  server: TestServer,
  tillKey: string,
  purchase: {
    memberNo: string;
    storeCode: string;
    receiptNo: string;
    netAmount: string;
    /** The part paid electronically (earns the extra at a partner-property store); none by default. */
    electronicAmount?: string;
  },
) {
  const response = await fetch(`${server.url}/coin-scheme/v1/purchases`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": tillKey },
    body: JSON.stringify({
      // The member QR code's text (birth month July, as createMember's members), made on the server's clock.
      qr_text: `${purchase.memberNo},0,07,${Math.floor(server.clock.now() / 1000)}`,
      store_code: purchase.storeCode,
      receipt_no: purchase.receiptNo,
      net_amount: purchase.netAmount,
      ...(purchase.electronicAmount ? { electronic_amount: purchase.electronicAmount } : {}),
    }),
  });
  const body = (await response.json()) as { payload: { balance: number } };
  if (response.status !== 200)
    throw new Error(`till purchase: HTTP ${response.status} ${JSON.stringify(body)}`);
  return body.payload;
}

/** A till's refund of part of a receipt, through the scheme's till API. */
export async function tillRefund(
  server: TestServer,
  tillKey: string,
  refund: { storeCode: string; receiptNo: string; netAmount: string },
) {
  const response = await fetch(`${server.url}/coin-scheme/v1/refunds`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": tillKey },
    body: JSON.stringify({
      store_code: refund.storeCode,
      receipt_no: refund.receiptNo,
      net_amount: refund.netAmount,
    }),
  });
  const body = (await response.json()) as { payload: unknown };
  if (response.status !== 200)
    throw new Error(`till refund: HTTP ${response.status} ${JSON.stringify(body)}`);
  return body.payload;
}

/**
 * The token an imported app member gets (CheckPhone 40005 with a verified SMS code),
 * as after "Update Now".
 */
export async function appMemberToken(server: TestServer, phone: string): Promise<string> {
  const number = { mobile_phone_prefix: "852", mobile_phone: phone };
  const before = (await smsOutbox(server, phone)).length;
  assertOk(await api(server, "POST", "/crm/registration/request-sms-token", number), "request-sms-token");
  const sms_token = await nextSmsCode(server, phone, { before });
  assertOk(
    await api(server, "POST", "/crm/registration/register-token-status", { ...number, sms_token }),
    "register-token-status",
  );
  const check = await api<{ access_token?: string }>(server, "POST", "/custom-api/api/Member/CheckPhone", {
    ...number,
    sms_token,
  });
  const token = check.body.payload?.access_token;
  if (check.body.code !== 40005 || !token) throw new Error(`CheckPhone: ${JSON.stringify(check.body)}`);
  return token;
}

/** The login call itself: the code the server answers a password with. */
export async function apiLogin(server: TestServer, phone: string, password: string) {
  return api<{ access_token?: string; attempts_remaining?: number }>(
    server,
    "POST",
    "/crm/auth/login-with-mobile-password",
    { mobile_phone_prefix: "852", mobile_phone: phone, password },
  );
}

// --- Screens ---

/** The screen's title, the one level-1 heading. */
export const heading = (page: Page, text: string) =>
  page.getByRole("heading", { level: 1, name: exactly(text) });

export async function expectHeading(page: Page, text: string) {
  await heading(page, text).waitFor();
  await scanScreen(page, text);
}

/** The alert / confirmation dialog; `button` closes it. */
export const dialog = (page: Page) => page.getByRole("dialog");

/** Waits for the dialog, checks that it says each text, and closes it with the named button. */
export async function answerDialog(page: Page, says: string[], button: string) {
  const shown = dialog(page);
  await shown.waitFor();
  const content = (await shown.textContent()) ?? "";
  for (const text of says) {
    if (!content.includes(text)) throw new Error(`the dialog says "${content}", not "${text}"`);
  }
  // Scanned once its opening animation is over (half-faded text would read as low contrast).
  await shown.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
  await scanScreen(page, `dialog: ${content.slice(0, 40)}`);
  await shown.getByRole("button", { name: exactly(button) }).click();
  await shown.waitFor({ state: "hidden" });
}

/** Prefix (+852) and mobile number, then Next. */
export async function enterPhone(page: Page, t: Texts, phone: string) {
  await page.getByRole("combobox", { name: t("common:prefix") }).selectOption({ label: "+852" });
  await page.getByRole("textbox", { name: t("common:mobile") }).fill(phone);
  await page.getByRole("button", { name: exactly(t("common:next")) }).click();
}

/** Types the SMS code of a code step (register, verify) and presses Next. */
export async function enterSmsCode(page: Page, t: Texts, code: string) {
  await page.getByRole("textbox", { name: t("register:codeLabel") }).fill(code);
  await page.getByRole("button", { name: exactly(t("common:next")) }).click();
}

/** The terms screen: the CMS text is shown, and the agree button leads on. */
export async function agreeToTerms(page: Page, t: Texts) {
  // The CMS page's own title, e.g. "H Coins Membership Terms and Conditions".
  await page.getByRole("heading", { level: 1, name: t("register:titles.terms") }).waitFor();
  const agree = page.getByRole("button", { name: exactly(t("register:agree")) });
  // Usable only once the text is there.
  await expect(agree, "the agree button to be enabled").toBeEnabled({ timeout: 30_000 });
  const content = await textOf(page.locator(".terms-content"));
  if (content.length < 20) throw new Error(`terms text missing: "${content}"`);
  await agree.click();
}

/** The terms box of step 3 and /updateuser, by its visible sentence (up to the privacy-policy link). */
export const termsBox = (page: Page, text: string) =>
  page.getByRole("checkbox", { name: text.split("<")[0]?.trim() ?? text });

export interface ProfileChoices {
  firstName?: string;
  lastName?: string;
  gender?: "1" | "2";
  birthMonth?: string;
  ageRange?: "11 - 17" | "18 - 25" | "26 - 35" | "36 - 45" | "46 - 55" | "56 or above";
  region?: string;
  district?: string;
}

/** The shared profile controls (names, gender, birth month, age range, place), where given. */
export async function fillProfile(page: Page, t: Texts, choices: ProfileChoices) {
  if (choices.firstName !== undefined)
    await page.getByRole("textbox", { name: exactly(t("common:profile.firstName")) }).fill(choices.firstName);
  if (choices.lastName !== undefined)
    await page.getByRole("textbox", { name: exactly(t("common:profile.lastName")) }).fill(choices.lastName);
  if (choices.gender)
    await page.getByRole("radio", { name: exactly(t(`common:options.gender.${choices.gender}`)) }).check();
  if (choices.birthMonth)
    await page
      .getByRole("combobox", { name: exactly(t("common:profile.birthMonth")) })
      .selectOption({ label: choices.birthMonth });
  if (choices.ageRange)
    await page
      .getByRole("combobox", { name: exactly(t("common:profile.ageRange")) })
      .selectOption({ label: t(`common:options.ageRange.${choices.ageRange}`) });
  if (choices.region) {
    await page
      .getByRole("combobox", { name: exactly(t("common:profile.region")) })
      .selectOption({ label: t.place(choices.region) });
    if (choices.district)
      await page
        .getByRole("combobox", { name: exactly(t("common:profile.district")) })
        .selectOption({ label: t.place(choices.region, choices.district) });
  }
}

/** Step 3: every required control, one contact channel, the terms box; then Submit. */
export async function fillRegistrationForm(
  page: Page,
  t: Texts,
  { email, password = PASSWORD }: { email: string; password?: string },
) {
  await expectHeading(page, t("register:titles.registerForm"));
  await page.getByRole("radio", { name: exactly(t("common:options.title.3")) }).check();
  await fillProfile(page, t, {
    firstName: "Siu Ming",
    lastName: "Chan",
    gender: "2",
    birthMonth: "03",
    ageRange: "18 - 25",
    region: "3005",
    district: "5046",
  });
  await page.getByRole("textbox", { name: exactly(t("register:email")) }).fill(email);
  await page.getByLabel(t("register:password"), { exact: true }).fill(password);
  await page.getByLabel(t("register:confirmPassword"), { exact: true }).fill(password);
  await page.getByRole("checkbox", { name: exactly(t("common:profile.contactSms")) }).check();
  await termsBox(page, t("register:termsAgree")).check();
  await page.getByRole("button", { name: exactly(t("common:submit")) }).click();
}

/** The success screen of a registration. */
export async function expectRegistered(page: Page, t: Texts) {
  await page.waitForURL("**/register/success**");
  await expectHeading(page, t("register:titles.registerSuccess"));
  await page.getByRole("heading", { level: 2, name: exactly(t("register:successHeading")) }).waitFor();
}

/**
 * A new member's whole registration on screen: /register (or `start`, a share link with its
 * `?ref=`) → code from the outbox → terms → step 3 → success page.
 */
export async function registerThroughUi(
  page: Page,
  server: TestServer,
  phone: string,
  t: Texts,
  {
    email = `new${phone}@example.com`,
    password = PASSWORD,
    start = "/register",
  }: { email?: string; password?: string; start?: string } = {},
) {
  await page.goto(start);
  await expectHeading(page, t("register:titles.register"));
  await enterPhone(page, t, phone);
  await page.waitForURL("**/register/step2?**");
  await expectHeading(page, t("register:titles.registerCode"));
  await enterSmsCode(page, t, await nextSmsCode(server, phone));
  await agreeToTerms(page, t);
  await fillRegistrationForm(page, t, { email, password });
  await expectRegistered(page, t);
}

/** /login → number → password → Login. */
export async function logInThroughUi(page: Page, t: Texts, phone: string, password: string, path = "/login") {
  await page.goto(path);
  await enterPhone(page, t, phone);
  await page.waitForURL("**/login/step2?**");
  await submitPassword(page, t, password);
}

export async function submitPassword(page: Page, t: Texts, password: string) {
  await page.getByLabel(t("login:password"), { exact: true }).fill(password);
  await page.getByRole("button", { name: exactly(t("login:login")) }).click();
}

/** The page left for the shop with the member's access token. */
export async function expectAtShop(page: Page) {
  await page.waitForURL((url) => url.host === SHOP_HOST);
  const token = new URL(page.url()).searchParams.get("access_token") ?? "";
  if (token.length < 20) throw new Error(`no access token handed to the shop: ${page.url()}`);
}

/** The text of an element, whitespace squeezed. */
export async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? "").replace(/\s+/g, " ").trim();
}
