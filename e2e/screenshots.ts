import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Language } from "@hcoins/domain/languages";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { SEED_STORES } from "../apps/server/src/seed/stores.ts";
import { seriousViolations } from "./support/axe.ts";
import { launchBrowser } from "./support/browser.ts";
import {
  api,
  appMemberToken,
  createMember,
  dialog,
  fillProfile,
  type Member,
  nextSmsCode,
  phoneNumbers,
  snapshotWebDist,
  submitPassword,
  termsBox,
  tillPurchase,
  tillRefund,
  waitUntil,
} from "./support/journeys.ts";
import { serviceWorkerInCharge } from "./support/qr-code.ts";
import { startServer, type TestServer } from "./support/server.ts";
import { exactly, type Texts, texts } from "./support/texts.ts";

/**
 * `npm run screenshots`: a full-page PNG of every route of apps/web/src/app/router.tsx
 * (and the dialogs that matter, "-dialog": the screen as seen) at 320, 375 and 1280 px in en, tc and sc, into
 * .screenshots/<lang>/<width>/<name>.png, against the real server and the built web
 * app (build it first: npm run build --workspace apps/web). Also prints what it can
 * see without looking: a page wider than the screen, text that looks like a
 * translation key. SCREENSHOT_LANGUAGES / SCREENSHOT_WIDTHS / SCREENSHOT_ONLY narrow a run.
 */
const OUT = path.resolve(".screenshots");
const LANGUAGES = listFrom<Language>(process.env.SCREENSHOT_LANGUAGES, ["en", "tc", "sc"]);
const WIDTHS = listFrom(process.env.SCREENSHOT_WIDTHS, ["320", "375", "1280"]).map(Number);
const ONLY = process.env.SCREENSHOT_ONLY?.split(",");
const CONCURRENCY = Number(process.env.SCREENSHOT_CONCURRENCY ?? 4);

function listFrom<T extends string>(value: string | undefined, fallback: T[]): T[] {
  const list = value?.split(",").filter(Boolean) as T[] | undefined;
  return list?.length ? list : fallback;
}

const encodePhone = (phone: string) =>
  Buffer.from(JSON.stringify({ phonePre: "852", phone })).toString("base64url");

interface Fixtures {
  server: TestServer;
  language: Language;
  t: Texts;
  /** Logged in (token in localStorage) for the whole context. */
  member: Member;
  /** A second member of this language, for failed logins (the first one must not be locked). */
  visitorNumber: string;
  /** A fresh imported app member (its number) per shot that needs one. */
  appMember(): Promise<string>;
  storeId: string;
  /** The seeded HKD 50 e-gift voucher. */
  rewardId: number;
  /** A voucher the member redeemed (they also have a purchase and an adjustment in their history). */
  voucherCode: string;
}

interface Shot {
  name: string;
  path: string | ((f: Fixtures) => string);
  /**
   * Which context: a visitor's (default), the logged-in member's, an imported app
   * member's (own context), or a visitor's of its own (for a shot that logs in).
   */
  as?: "visitor" | "member" | "app-member" | "new-visitor";
  /** Session values the screen needs, set before it opens. */
  session?: (f: Fixtures) => Record<string, string>;
  /** What to do on the screen before the shot (open a dialog, untick boxes…). */
  act?: (page: Page, f: Fixtures) => Promise<void>;
  /** What shows the screen is there, when it has no level-1 heading. */
  ready?: string;
  /** The shot is the screen as seen, not the whole page (what stays in sight: a sticky bar). */
  screenOnly?: true;
}

const SHOTS: Shot[] = [
  { name: "welcome", path: "/" },
  { name: "register", path: "/register" },
  {
    name: "register-invalid-number",
    path: "/register",
    act: async (page, { t }) => {
      await page.getByRole("textbox", { name: t("common:mobile") }).fill("9123456");
      await page.getByRole("button", { name: exactly(t("common:next")) }).click();
      await page.getByText(t("common:validation.mobileLength8")).waitFor();
    },
  },
  { name: "register-step2", path: (f) => `/register/step2?data=${encodePhone(f.visitorNumber)}` },
  {
    name: "register-step2-app-member-dialog",
    path: "/register",
    // CheckPhone 40005 logs the member in: not in the shared visitor context.
    as: "new-visitor",
    act: async (page, f) => {
      const phone = await f.appMember();
      await page.getByRole("textbox", { name: f.t("common:mobile") }).fill(phone);
      await page.getByRole("button", { name: exactly(f.t("common:next")) }).click();
      await page.waitForURL("**/register/step2?**");
      const code = await nextSmsCode(f.server, phone);
      await page.getByRole("textbox", { name: f.t("register:codeLabel") }).fill(code);
      await page.getByRole("button", { name: exactly(f.t("common:next")) }).click();
      await dialog(page).waitFor();
    },
  },
  {
    // Back from step 2 within the resend wait, the number written with a space: step 2 again, its countdown running.
    name: "register-step2-returned",
    path: "/register",
    as: "new-visitor",
    act: async (page, f) => {
      const phone = await f.appMember();
      const number = page.getByRole("textbox", { name: f.t("common:mobile") });
      await number.fill(`${phone.slice(0, 4)} ${phone.slice(4)}`);
      await page.getByRole("button", { name: exactly(f.t("common:next")) }).click();
      await page.waitForURL("**/register/step2?**");
      await page.waitForTimeout(3_000);
      await page.goBack();
      await number.fill(phone);
      await page.getByRole("button", { name: exactly(f.t("common:next")) }).click();
      await page.waitForURL("**/register/step2?**");
    },
  },
  { name: "verify", path: (f) => `/verify?data=${encodePhone(f.visitorNumber)}` },
  { name: "register-terms", path: "/register/terms" },
  // "I agree" in sight at the bottom of the screen while the terms scroll under it.
  { name: "register-terms-screen", path: "/register/terms", screenOnly: true },
  {
    name: "register-step3",
    path: "/register/step3",
    session: (f) => ({ phone: JSON.stringify({ phonePre: "852", phone: f.visitorNumber, code: "123456" }) }),
  },
  {
    name: "register-step3-errors",
    path: "/register/step3",
    session: (f) => ({ phone: JSON.stringify({ phonePre: "852", phone: f.visitorNumber, code: "123456" }) }),
    act: async (page, { t }) => {
      await page.getByLabel(t("register:password"), { exact: true }).fill("short");
      await page.getByRole("button", { name: exactly(t("common:submit")) }).click();
      await page.getByText(t("common:validation.firstNameNull")).waitFor();
      // The shot starts at the top of the page either way.
      await page.evaluate(() => window.scrollTo(0, 0));
    },
  },
  { name: "register-success", path: "/register/success", as: "member" },
  { name: "login", path: "/login" },
  { name: "login-step2", path: (f) => `/login/step2?data=${encodePhone(f.visitorNumber)}` },
  {
    name: "login-step2-failure-dialog",
    path: (f) => `/login/step2?data=${encodePhone(f.visitorNumber)}`,
    act: async (page, { t }) => {
      await submitPassword(page, t, "Wrong1234x");
      await dialog(page).waitFor();
    },
  },
  {
    // The service cannot be reached (every call refused by the network): the password stays as typed.
    name: "login-step2-unreachable-dialog",
    path: (f) => `/login/step2?data=${encodePhone(f.visitorNumber)}`,
    as: "new-visitor",
    act: async (page, { t }) => {
      await page.route("**/crm/auth/**", (route) => route.abort("connectionrefused"));
      await submitPassword(page, t, "Typed1234x");
      await dialog(page).getByText(t("common:unreachable")).waitFor();
    },
  },
  { name: "reset-pw-step1", path: (f) => `/reset-pw/step1?data=${encodePhone(f.visitorNumber)}` },
  {
    name: "reset-pw-step2",
    path: (f) => `/reset-pw/step2?data=${encodePhone(f.visitorNumber)}`,
    session: (f) => ({
      resetToken: JSON.stringify({ phonePre: "852", phone: f.visitorNumber, token: "screenshot" }),
    }),
  },
  { name: "reset-pw-success", path: "/reset-pw/success" },
  { name: "forget-pwd", path: "/forget-pwd", as: "member" },
  { name: "forget-pwd-success", path: "/forget-pwd/success" },
  { name: "update-password", path: "/update-password", as: "member" },
  {
    name: "update-password-errors",
    path: "/update-password",
    as: "member",
    act: async (page, { t }) => {
      await page.getByLabel(t("password:newPassword"), { exact: true }).fill("abc");
      await page.getByRole("button", { name: exactly(t("common:submit")) }).click();
      await page.getByText(t("common:validation.passwordFormat")).waitFor();
    },
  },
  { name: "update-password-success", path: "/update-password/success", as: "member" },
  { name: "updatepw", path: "/updatepw", as: "app-member" },
  { name: "qrcode", path: "/qrcode", as: "member" },
  {
    // At a till with no signal: a context of its own, taken offline after one visit online.
    name: "qrcode-offline",
    path: "/download",
    as: "new-visitor",
    act: async (page, { member, t }) => {
      await page.evaluate((token) => localStorage.setItem("token", token), member.token);
      await page.goto("/qrcode");
      const qr = page.getByRole("img", { name: exactly(t("qrcode:alt")) });
      await qr.waitFor();
      await waitUntil(() => serviceWorkerInCharge(qr), "the service worker in charge of the page");
      await page.context().setOffline(true);
      await page.reload();
      await page.getByText(t("qrcode:offline"), { exact: true }).waitFor();
      await qr.waitFor();
    },
  },
  { name: "updateuser", path: "/updateuser", as: "app-member" },
  {
    name: "updateuser-email-dialog",
    path: "/updateuser",
    as: "app-member",
    act: async (page, { t }) => {
      await fillProfile(page, t, { gender: "1", ageRange: "26 - 35", region: "3001", district: "5005" });
      await termsBox(page, t("profile:terms")).check();
      await page.getByRole("button", { name: exactly(t("common:submit")) }).click();
      await dialog(page).getByText(t("profile:emailPrompt")).waitFor();
    },
  },
  { name: "renew", path: "/renew", as: "member" },
  {
    name: "renew-saved-dialog",
    path: "/renew",
    as: "member",
    act: async (page, { t }) => {
      await page.getByRole("button", { name: exactly(t("profile:save")) }).click();
      await dialog(page).getByText(t("profile:profileChanged")).waitFor();
    },
  },
  {
    name: "renew-email-cleared",
    path: "/renew",
    as: "member",
    act: async (page, { t }) => {
      await page.getByRole("textbox", { name: t("profile:email") }).fill("");
      await page.getByRole("button", { name: exactly(t("profile:save")) }).click();
      await page.getByText(t("common:validation.emailKeep")).waitFor();
    },
  },
  { name: "update-user-success", path: "/update-user/success", as: "member" },
  { name: "subscription-preferences", path: "/subscription-preferences", as: "member" },
  {
    name: "subscription-preferences-reasons",
    path: "/subscription-preferences",
    as: "member",
    act: async (page, { t }) => {
      for (const name of [t("subscription:email"), t("subscription:sms"), t("subscription:phone")])
        await page.getByRole("checkbox", { name: exactly(name) }).uncheck();
      await page.getByRole("group", { name: t("subscription:reasonsLegend") }).waitFor();
    },
  },
  {
    name: "subscription-preferences-other",
    path: "/subscription-preferences",
    as: "member",
    act: async (page, { t, language }) => {
      for (const name of [t("subscription:email"), t("subscription:sms"), t("subscription:phone")])
        await page.getByRole("checkbox", { name: exactly(name) }).uncheck();
      await page
        .getByRole("checkbox", { name: exactly({ en: "Other", tc: "其他", sc: "其他" }[language]) })
        .check();
      await page
        .getByRole("textbox", { name: t("subscription:otherLabel") })
        .fill(
          { en: "I read offers in the app", tc: "我會在應用程式查看優惠", sc: "我会在应用中查看优惠" }[
            language
          ],
        );
    },
  },
  {
    // An imported app member is opted out of every channel: never subscribed.
    name: "subscription-preferences-not-subscribed",
    path: "/subscription-preferences",
    as: "app-member",
    act: async (page, { t }) => {
      await page.getByText(t("subscription:introNotSubscribed")).waitFor();
    },
  },
  { name: "subscription-success", path: "/subscription-success", as: "member" },
  { name: "subscription-preferences-link-invalid", path: "/subscription-preferences?token=expired.link" },
  { name: "maintenance", path: "/maintenance" },
  { name: "open-cu-app", path: "/open-cu-app", ready: ".app-open-redirect" },
  { name: "reward", path: "/reward" },
  { name: "offer", path: "/offer" },
  { name: "egift", path: "/egift" },
  { name: "catch-all", path: "/no/such/page" },
  // Blank by design: the header of the layout is all there is.
  { name: "app-payment-return-payme", path: "/app-payment/return-payme", ready: "header.app-header" },
  { name: "download", path: "/download" },
  { name: "index", path: "/index" },
  { name: "store-list", path: "/store-list" },
  { name: "store-list-detail", path: (f) => `/store-list/detail/${f.storeId}` },
  { name: "pages-privacy-policy", path: "/pages/privacy-policy" },
  { name: "pages-location-slug", path: "/pages/merchant/h-coins-partners" },
  {
    name: "member-menu",
    path: "/qrcode",
    as: "member",
    act: async (page, { t }) => {
      await page.getByRole("button", { name: exactly(t("menu:menu")) }).click();
      await page.getByRole("navigation", { name: exactly(t("menu:label")) }).waitFor();
    },
  },
  { name: "coins", path: "/coins", as: "member" },
  { name: "rewards", path: "/rewards", as: "member" },
  { name: "rewards-visitor", path: "/rewards" },
  { name: "rewards-detail", path: (f) => `/rewards/${f.rewardId}`, as: "member" },
  {
    name: "rewards-detail-confirm",
    path: (f) => `/rewards/${f.rewardId}`,
    as: "member",
    act: async (page, { t }) => {
      await page.getByRole("button", { name: exactly(t("rewards:redeem")) }).click();
      await page.getByRole("heading", { name: exactly(t("rewards:confirm.heading")) }).waitFor();
    },
  },
  { name: "vouchers", path: "/vouchers", as: "member" },
  { name: "vouchers-detail", path: (f) => `/vouchers/${f.voucherCode}`, as: "member" },
  { name: "invite", path: "/invite", as: "member" },
];

const SHOT_TILL_KEY = "screenshots-till-key-0123456789";
const SHOT_STORE = SEED_STORES[0]?.code ?? "";
/** A partner-property store: electronic payment there earns the extra, a line of its own. */
const SHOT_PARTNER_STORE = SEED_STORES.find((store) => store.partnerProperty)?.code ?? "";

const text = (en: string, tc: string, sc: string) => ({ en, tc, sc });

/** A three-rung ladder, so that the coins and QR screens show a tier and the spend to the next. */
const SHOT_TIERS = {
  window: "calendar_year" as const,
  review: { rule: "anniversary" as const },
  tiers: [
    {
      code: "green",
      name: text("Green", "綠卡", "绿卡"),
      benefits: text("", "", ""),
      qualifyingCents: 0,
      multiplier: 100,
      rewardId: null,
    },
    {
      code: "silver",
      name: text("Silver", "銀卡", "银卡"),
      benefits: text("Free weekend parking", "週末免費泊車", "周末免费停车"),
      qualifyingCents: 500_000,
      multiplier: 150,
      rewardId: null,
    },
    {
      code: "gold",
      name: text("Gold", "金卡", "金卡"),
      benefits: text(
        "Double H Coins and free weekend parking",
        "雙倍 H Coins 及週末免費泊車",
        "双倍 H Coins 及周末免费停车",
      ),
      qualifyingCents: 2_000_000,
      multiplier: 200,
      rewardId: null,
    },
  ],
};

/** A live mission (one for every member of the run) the screens' two purchases stamp twice: a card at 2 of 5. */
async function shotMission(server: TestServer, rewardId: number) {
  const { coinSchemeClient } = server.services;
  if ((await coinSchemeClient.missions()).missions.length > 0) return;
  const day = 86_400_000;
  const { mission } = await coinSchemeClient.createMission(
    {
      name: text("Shop 5 times this month", "本月購物 5 次", "本月购物 5 次"),
      description: text(
        "Each purchase of HK$50 or more earns a stamp; the fifth brings a HKD 50 e-gift voucher.",
        "每次消費滿 HK$50 可得一個印花，集滿 5 個即送 HKD 50 電子禮券。",
        "每次消费满 HK$50 可得一个印花，集满 5 个即送 HKD 50 电子礼券。",
      ),
      kind: "purchases",
      goal: 5,
      store_codes: [],
      brand_codes: [],
      min_net_amount: "50",
      period: "calendar_month",
      starts_at: new Date(Date.now() - day).toISOString(),
      ends_at: new Date(Date.now() + 90 * day).toISOString(),
      reward_id: rewardId,
      budget_completions: null,
    },
    "screenshots",
  );
  await coinSchemeClient.activateMission(mission.id, "screenshots", "screenshots-checker");
}

/**
 * The member's H Coins for the screens: an account, two purchases (one paid electronically at a
 * partner-property store, so its statement has two lines), a partial refund, an operator's
 * credit, one voucher and a mission card two stamps in.
 */
async function coinsOf(server: TestServer, member: Member) {
  const { coinSchemeClient } = server.services;
  await coinSchemeClient.setTierLadder(SHOT_TIERS, "screenshots");
  const catalogue = await api<{ rewards: { id: number; coins: number; kind: string }[] }>(
    server,
    "POST",
    "/custom-api/custom/cuapp/customer/hcoin-rewards",
    {},
  );
  const reward = catalogue.body.payload.rewards.find(
    (each) => each.kind === "evoucher" && each.coins === 500,
  );
  if (!reward) throw new Error("the seeded HKD 50 e-gift voucher is missing");
  await shotMission(server, reward.id);
  await api(server, "POST", "/custom-api/custom/cuapp/customer/hcoin-create", {}, member.token);
  await tillPurchase(server, SHOT_TILL_KEY, {
    memberNo: member.memberNo,
    storeCode: SHOT_STORE,
    receiptNo: `SHOT-${member.phone}`,
    netAmount: "1280.00",
  });
  await tillRefund(server, SHOT_TILL_KEY, {
    storeCode: SHOT_STORE,
    receiptNo: `SHOT-${member.phone}`,
    netAmount: "100.00",
  });
  await tillPurchase(server, SHOT_TILL_KEY, {
    memberNo: member.memberNo,
    storeCode: SHOT_PARTNER_STORE,
    receiptNo: `SHOT-P-${member.phone}`,
    netAmount: "88.80",
    electronicAmount: "88.80",
  });
  const account = await coinSchemeClient.findAccountByPhone("852", member.phone);
  // Silver, so that the tier card shows a multiplier, benefits, the review date and the way to gold.
  await coinSchemeClient.setAccountTier(account?.hcoins_memberno ?? "", "silver", "screenshots");
  await coinSchemeClient.adjust({
    hcoinsMemberNo: account?.hcoins_memberno ?? "",
    coins: 300,
    reason: "Welcome gift",
    operator: "screenshots",
    allowNegative: false,
  });
  const redeemed = await api<{ voucher: { code: string } }>(
    server,
    "POST",
    "/custom-api/custom/cuapp/customer/hcoin-redeem",
    { reward_id: reward.id, idempotency_key: `shots-${member.phone}`, password: member.password },
    member.token,
  );
  if (redeemed.status !== 200) throw new Error(`hcoin-redeem: ${JSON.stringify(redeemed.body)}`);
  return { rewardId: reward.id, voucherCode: redeemed.body.payload.voucher.code };
}

/** Loaded: the heading is there, nothing is busy or says it is loading, every image has arrived, web fonts are in. */
async function settle(page: Page, shot: Shot, loading: string) {
  await page
    .locator(shot.ready ?? "h1")
    .first()
    .waitFor();
  await waitUntil(
    () =>
      page.evaluate(
        (loadingText) =>
          document.querySelectorAll("[aria-busy=true]").length === 0 &&
          !(document.querySelector("main")?.textContent ?? "").includes(loadingText) &&
          Array.from(document.images).every((image) => image.complete || image.loading === "lazy"),
        loading,
      ),
    `${shot.name} to finish loading`,
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** What can be told without looking: sideways scrolling, and text that looks like an i18n key or placeholder. */
async function inspect(page: Page, width: number, loading: string): Promise<string[]> {
  return page.evaluate(
    ([viewport, loadingText]) => {
      const notes: string[] = [];
      const wide = document.documentElement.scrollWidth;
      if (wide > viewport) {
        const culprits = Array.from(document.querySelectorAll("body *"))
          .filter((element) => element.getBoundingClientRect().right > viewport + 1)
          .filter((element) => !element.closest(".visually-hidden"))
          .slice(0, 3)
          .map((element) => `${element.tagName.toLowerCase()}.${Array.from(element.classList).join(".")}`);
        notes.push(`page is ${wide} px wide (screen ${viewport}): ${culprits.join(", ")}`);
      }
      // One row of 40 px controls and its padding; a header that wraps is twice as tall.
      const header = document.querySelector(".app-header")?.getBoundingClientRect().height ?? 0;
      if (header >= 64) notes.push(`the header wraps (${Math.round(header)} px tall)`);
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a member reads
      const text = document.body.innerText;
      const key =
        /\b(?:common|login|register|profile|password|qrcode|subscription|resetPassword|titles|validation|options)[.:][a-zA-Z][\w.]+/.exec(
          text,
        );
      if (key) notes.push(`text looks like a translation key: "${key[0]}"`);
      if (text.includes("{{")) notes.push("text holds an unfilled {{placeholder}}");
      if (text.includes(loadingText)) notes.push(`still says "${loadingText}"`);
      return notes;
    },
    [width, loading] as const,
  );
}

async function newContext(
  browser: Browser,
  server: TestServer,
  language: Language,
  width: number,
  token?: string,
) {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width, height: width < 768 ? 812 : 900 },
    deviceScaleFactor: 1,
  });
  await context.addInitScript(
    ([lang, value]) => {
      localStorage.setItem("lang", lang as string);
      if (value) localStorage.setItem("token", value);
    },
    [language, token ?? ""] as const,
  );
  // The external sites the app hands over to: a stub page, and the app stores never answer (the redirect page stays).
  await context.route(/^https:\/\/(shop|app)\.example\.com\//, (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>External</title>" }),
  );
  await context.route(/^https:\/\/(apps\.apple\.com|play\.google\.com)\//, (route) => route.abort("aborted"));
  return context;
}

interface Task {
  language: Language;
  width: number;
  shot: Shot;
}

async function main() {
  const started = Date.now();
  const web = await snapshotWebDist();
  const [server, browser] = await Promise.all([
    startServer({
      WEB_DIST_DIR: web.directory,
      COIN_SCHEME_API_KEYS: `till-shots:${SHOT_TILL_KEY}:till:${SHOT_STORE}|${SHOT_PARTNER_STORE}`,
    }),
    launchBrowser(),
  ]);
  const nextPhone = phoneNumbers(69_000_000);
  const stores = await api<{ items: { id: number | string }[] }>(server, "GET", "/crm/store/?page_size=1");
  const storeId = String(stores.body.payload.items[0]?.id ?? "1");
  let taken = 0;
  const problems: string[] = [];

  const appMember = async () => {
    const phone = nextPhone();
    await server.services.members.importMember({
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
    return phone;
  };
  const fixtures = new Map<Language, Fixtures>();
  for (const language of LANGUAGES) {
    const [member, visitor] = await Promise.all([
      createMember(server, nextPhone()),
      createMember(server, nextPhone()),
    ]);
    fixtures.set(language, {
      server,
      language,
      t: texts(language),
      member,
      visitorNumber: visitor.phone,
      storeId,
      appMember,
      ...(await coinsOf(server, member)),
    });
  }

  // One visitor and one member context per language and width, shared by their shots.
  const contexts = new Map<string, Promise<BrowserContext>>();
  const sharedContext = (language: Language, width: number, token?: string) => {
    const key = `${language}/${width}/${token ? "member" : "visitor"}`;
    let context = contexts.get(key);
    if (!context) {
      context = newContext(browser, server, language, width, token);
      contexts.set(key, context);
    }
    return context;
  };

  const take = async ({ language, width, shot }: Task, pages: Map<BrowserContext, Page>) => {
    const f = fixtures.get(language) as Fixtures;
    const as = shot.as ?? "visitor";
    const label = `${language}/${width}/${shot.name}`;
    const begun = Date.now();
    // Each app-member shot gets a member of its own: saving the complete-profile form changes the member.
    const own = as === "app-member" || as === "new-visitor";
    const context =
      as === "app-member"
        ? await newContext(browser, server, language, width, await appMemberToken(server, await appMember()))
        : as === "new-visitor"
          ? await newContext(browser, server, language, width)
          : await sharedContext(language, width, as === "member" ? f.member.token : undefined);
    // A worker keeps one page per shared context (a new page costs more than the screen's own load).
    let page = pages.get(context);
    if (!page) {
      page = await context.newPage();
      page.setDefaultTimeout(15_000);
      if (!own) pages.set(context, page);
    }
    try {
      const session = shot.session?.(f);
      if (session) {
        await page.goto("/maintenance");
        await page.evaluate((values) => {
          for (const [key, value] of Object.entries(values)) sessionStorage.setItem(key, value);
        }, session);
      }
      await page.goto(typeof shot.path === "string" ? shot.path : shot.path(f));
      const loading = f.t("common:loading");
      await settle(page, shot, loading);
      if (shot.act) {
        await shot.act(page, f);
        // Let the dialog's 200 ms animation and the 10 ms validation finish.
        await page.waitForTimeout(350);
      }
      for (const note of await inspect(page, width, loading)) problems.push(`${label}: ${note}`);
      if (process.env.SCREENSHOT_AXE) {
        for (const note of await seriousViolations(page)) problems.push(`${label}: ${note}`);
      }
      const dir = path.join(OUT, language, String(width));
      await mkdir(dir, { recursive: true });
      // A modal dialog covers the screen, not the page: its shot is what the member sees.
      const fullPage = !shot.name.endsWith("-dialog") && !shot.screenOnly;
      await page.screenshot({ path: path.join(dir, `${shot.name}.png`), fullPage });
      if (process.env.SCREENSHOT_TIMING) console.log(label, Date.now() - begun, "ms");
      taken += 1;
    } catch (error) {
      problems.push(`${label}: NOT TAKEN: ${(error as Error).message.split("\n")[0]}`);
    } finally {
      if (own) await context.close();
    }
  };

  const tasks: Task[] = [];
  for (const language of LANGUAGES)
    for (const width of WIDTHS)
      for (const shot of SHOTS) if (!ONLY || ONLY.includes(shot.name)) tasks.push({ language, width, shot });
  try {
    // A few pages at a time: loading a page mostly waits, so this is several times faster than one by one.
    const workers = Array.from({ length: CONCURRENCY }, async () => {
      const pages = new Map<BrowserContext, Page>();
      for (let task = tasks.shift(); task; task = tasks.shift()) await take(task, pages);
    });
    await Promise.all(workers);
  } finally {
    for (const context of contexts.values()) await (await context).close();
    await browser.close();
    await server.close();
    await web.remove();
  }

  console.log(
    `${taken} screenshots in ${path.relative(process.cwd(), OUT)}/<lang>/<width>/ (${Math.round((Date.now() - started) / 1000)} s)`,
  );
  if (problems.length > 0) {
    console.log(`\n${problems.length} things to look at:`);
    for (const problem of problems.sort()) console.log(`- ${problem}`);
  }
  if (problems.some((problem) => problem.includes("NOT TAKEN"))) process.exitCode = 1;
}

await main();
