import { expect } from "@playwright/test";
import { SEED_STORES } from "../apps/server/src/seed/stores.ts";
import { seriousViolations } from "./support/axe.ts";
import {
  api,
  createMember,
  expectHeading,
  nextSmsCode,
  signIn,
  smsOutbox,
  tillPurchase,
  waitUntil,
} from "./support/journeys.ts";
import { journeySuite, test } from "./support/suite.ts";
import { exactly } from "./support/texts.ts";

/**
 * A member's H Coins from the till to the voucher: earn at a till through the scheme's API, see
 * the balance on the QR page and the purchase in the history, redeem a reward with step-up (the
 * password in English, an SMS code in Chinese), show the voucher, the till uses it, it shows used.
 */
const TILL_KEY = "e2e-till-key-0123456789abcdef";
const STORE = SEED_STORES[0] as (typeof SEED_STORES)[number];
const suite = journeySuite(64_000_000, {
  COIN_SCHEME_API_KEYS: `till-e2e:${TILL_KEY}:till:${STORE.code}`,
});

/** A call of the scheme's till API. */
async function till(path: string, body: Record<string, unknown>) {
  const response = await fetch(`${suite.server.url}/coin-scheme/v1${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": TILL_KEY },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { payload: Record<string, unknown> } };
}

test.describe("H Coins", () => {
  test("earn at the till, see balance and history, redeem with step-up, the till uses the voucher", async ({
    language,
  }) => {
    const { page, t } = await suite.open(language);
    const member = await createMember(suite.server, suite.nextPhone());
    const created = await api(
      suite.server,
      "POST",
      "/custom-api/custom/cuapp/customer/hcoin-create",
      {},
      member.token,
    );
    expect(created.body.code).toBe(200);

    // The till scans the member QR code (birth month July: no birthday bonus in November).
    const receipt = `E2E-${member.phone}`;
    const { balance } = await tillPurchase(suite.server, TILL_KEY, {
      memberNo: member.memberNo,
      storeCode: STORE.code,
      receiptNo: receipt,
      netAmount: "680.50",
    });
    expect(balance).toBeGreaterThanOrEqual(680);
    const figure = (coins: number) => new Intl.NumberFormat("en").format(coins);

    await signIn(page, member.token);
    await page.goto("/qrcode");
    await expectHeading(page, t("qrcode:titles.qrcode"));
    await page.locator(".qr-balance").getByText(figure(balance), { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The menu leads to the H Coins page: the purchase with its store and receipt.
    const menu = page.getByRole("button", { name: exactly(t("menu:menu")) });
    const menuLink = (name: string) =>
      page
        .getByRole("navigation", { name: exactly(t("menu:label")) })
        .getByRole("link", { name: exactly(name) });
    await menu.click();
    await menuLink(t("menu:coins")).click();
    await expectHeading(page, t("coins:titles.coins"));
    await page.getByText(t("coins:kinds.purchaseAt", { store: STORE.name[language] })).waitFor();
    await page.getByText(t("coins:receipt", { receipt })).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Rewards: the HKD 50 e-gift voucher (500 H Coins, seeded).
    await menu.click();
    await menuLink(t("menu:rewards")).click();
    await expectHeading(page, t("rewards:titles.rewards"));
    const title = { en: "HKD 50 e-gift voucher", tc: "HK$50 電子禮券", sc: "HK$50 电子礼券" }[language];
    await page.getByRole("link", { name: exactly(title) }).click();
    await expectHeading(page, title);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: exactly(t("rewards:redeem")) }).click();
    await page.getByRole("heading", { name: exactly(t("rewards:confirm.heading")) }).waitFor();

    if (language === "en") {
      // A wrong password first: refused, nothing spent, the member tries again.
      const password = page.getByLabel(t("rewards:confirm.password"), { exact: true });
      await password.fill("Wrong2024x");
      await page.getByRole("button", { name: exactly(t("rewards:confirm.submit")) }).click();
      await page.getByText(t.error(4230), { exact: false }).waitFor();
      await password.fill(member.password);
    } else {
      const before = (await smsOutbox(suite.server, member.phone)).length;
      await page.getByRole("button", { name: exactly(t("rewards:confirm.useSms")) }).click();
      const code = await nextSmsCode(suite.server, member.phone, { before, purpose: "redeem" });
      await page.getByLabel(t("rewards:confirm.code"), { exact: true }).fill(code);
    }
    await page.getByRole("button", { name: exactly(t("rewards:confirm.submit")) }).click();
    const done = page.getByRole("status").filter({ hasText: t("rewards:done.heading") });
    await done.waitFor();
    await done.getByText(t("rewards:done.balance", { coins: figure(balance - 500) })).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await done.getByRole("link", { name: exactly(t("rewards:done.show")) }).click();
    await expectHeading(page, title);
    const qr = page.getByRole("img", { name: exactly(t("vouchers:qrAlt")) });
    await qr.waitFor();
    const code = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(await qr.getAttribute("data-qr-text")).toBe(code);
    await page.getByText(t("vouchers:state.issued"), { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The till uses it; the member's screen shows it used, with no code to show any more.
    const used = await till("/till/vouchers/use", {
      code,
      store_code: STORE.code,
      receipt_no: `${receipt}-V`,
    });
    expect(used.status).toBe(200);
    await page.reload();
    await expectHeading(page, title);
    await waitUntil(
      async () => (await page.locator("main").textContent())?.includes(STORE.name[language]) ?? false,
      "the voucher's used state with its store",
    );
    expect(await qr.count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
