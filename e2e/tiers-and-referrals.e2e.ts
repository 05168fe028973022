import { expect } from "@playwright/test";
import { SEED_STORES } from "../apps/server/src/seed/stores.ts";
import { seriousViolations } from "./support/axe.ts";
import {
  api,
  apiLogin,
  createMember,
  expectHeading,
  PASSWORD,
  registerThroughUi,
  signIn,
  tillPurchase,
  waitUntil,
} from "./support/journeys.ts";
import { journeySuite, test } from "./support/suite.ts";
import { exactly } from "./support/texts.ts";

/**
 * The programme's ladder and word of mouth as members live them (issue 28), in all three
 * languages (@smoke): a member's purchases reach the next tier, which the coins page shows with
 * its multiplier and which earns on the next purchase's statement; a member shares their invitation
 * link, a friend registers through it and makes a first purchase, and both get their reward.
 */
const TILL_KEY = "e2e-till-key-ladder-0123456789ab";
const STORE = SEED_STORES[0] as (typeof SEED_STORES)[number];
const suite = journeySuite(69_500_000, {
  COIN_SCHEME_API_KEYS: `till-e2e:${TILL_KEY}:till:${STORE.code}`,
});
const text = (en: string, tc: string, sc: string) => ({ en, tc, sc });
const SILVER = text("E2E Silver", "E2E 銀卡", "E2E 银卡");

let receipts = 0;
const buy = (memberNo: string, netAmount: string) => {
  receipts += 1;
  return tillPurchase(suite.server, TILL_KEY, {
    memberNo,
    storeCode: STORE.code,
    receiptNo: `E2E-LADDER-${Date.now()}-${receipts}`,
    netAmount,
  });
};

async function linkedMember() {
  const member = await createMember(suite.server, suite.nextPhone());
  await api(suite.server, "POST", "/custom-api/custom/cuapp/customer/hcoin-create", {}, member.token);
  return member;
}

test.describe("the programme's ladder and referrals", () => {
  test("@smoke a member's purchases reach the next tier, shown on the coins page and earned from the next purchase", async ({
    language,
  }) => {
    const { coinSchemeClient } = suite.server.services;
    await coinSchemeClient.setTierLadder(
      {
        window: "rolling_12_months",
        review: { rule: "anniversary" },
        tiers: [
          {
            code: "green",
            name: text("E2E Green", "E2E 綠卡", "E2E 绿卡"),
            benefits: text("", "", ""),
            qualifyingCents: 0,
            multiplier: 100,
            rewardId: null,
          },
          {
            code: "silver",
            name: SILVER,
            benefits: text("Free weekend parking", "週末免費泊車", "周末免费停车"),
            qualifyingCents: 500_000,
            multiplier: 150,
            rewardId: null,
          },
        ],
      },
      "e2e",
    );
    const member = await linkedMember();
    await buy(member.memberNo, "3000.00");

    const { page, t } = await suite.open(language);
    await signIn(page, member.token);
    await page.goto("/coins");
    await expectHeading(page, t("coins:titles.coins"));
    const card = page.getByRole("region", { name: exactly(t("coins:tier.heading")) });
    await card.getByText(SILVER[language], { exact: false }).waitFor();

    // HKD 2,500 more reaches silver (HKD 5,000 in 12 months); the purchase after earns ×1.5.
    await buy(member.memberNo, "2500.00");
    const { balance } = await buy(member.memberNo, "100.00");
    expect(balance).toBe(3000 + 2500 + 150);
    await page.reload();
    await card.locator(".coin-tier-title").getByText(SILVER[language], { exact: true }).waitFor();
    const lines = page.getByRole("list", { name: exactly(t("coins:lines.heading")) }).first();
    await lines.getByText(t("coins:lines.tierNamed", { tier: SILVER[language] }), { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("@smoke a friend registers through the invitation link, makes a first purchase, and both get their reward", async ({
    language,
  }) => {
    const { coinSchemeClient } = suite.server.services;
    const reward = async (title: string) =>
      (
        await coinSchemeClient.saveReward({
          kind: "product",
          // Its price in the catalogue; a referral's voucher is issued at no coins.
          coins: 100,
          stock: 10,
          valueCents: null,
          storeCodes: [],
          title: text(title, title, title),
          description: text("Thanks", "多謝", "多谢"),
          terms: text("One each", "每人一份", "每人一份"),
          imageUrl: null,
          startsAt: null,
          endsAt: null,
          perMemberLimit: null,
          lowStockThreshold: null,
          voucherValidDays: 30,
          active: true,
          sortOrder: 0,
        })
      ).reward.id;
    await coinSchemeClient.setReferralSettings(
      {
        active: true,
        referrerRewardId: await reward(`E2E thank-you ${language}`),
        referredRewardId: await reward(`E2E welcome ${language}`),
        minNetCents: 10_000,
        capPerReferrer: 5,
      },
      "e2e",
    );

    const inviter = await linkedMember();
    const { page, t } = await suite.open(language);
    await signIn(page, inviter.token);
    await page.goto("/invite");
    await expectHeading(page, t("referrals:titles.invite"));
    const link = (await page.locator(".invite-link-text").textContent()) ?? "";
    expect(link).toMatch(/\/register\?ref=[A-Z0-9]{8}$/);
    expect(await seriousViolations(page)).toEqual([]);

    // The friend opens the link in a browser of their own and registers: the code is carried to step 3.
    const friend = await suite.open(language);
    const phone = suite.nextPhone();
    await registerThroughUi(friend.page, suite.server, phone, friend.t, {
      start: new URL(link).pathname + new URL(link).search,
    });
    const friendToken = (await apiLogin(suite.server, phone, PASSWORD)).body.payload?.access_token ?? "";
    await api(suite.server, "POST", "/custom-api/custom/cuapp/customer/hcoin-create", {}, friendToken);
    const friendAccount = await coinSchemeClient.findAccountByPhone("852", phone);
    await waitUntil(
      async () =>
        (await coinSchemeClient.referrals({}, { limit: 50, offset: 0 })).referrals.some(
          (row) => row.state === "pending",
        ),
      "the referral reaches the scheme",
    );
    await buy(friendAccount?.linked_member_ref ?? "", "150.00");

    await page.reload();
    await page.getByText(t("referrals:states.rewarded"), { exact: true }).waitFor();
    const vouchers = async (token: string) =>
      (
        await api<{ vouchers: unknown[] }>(
          suite.server,
          "POST",
          "/custom-api/custom/cuapp/customer/hcoin-vouchers",
          {},
          token,
        )
      ).body.payload.vouchers;
    expect(await vouchers(inviter.token)).toHaveLength(1);
    expect(await vouchers(friendToken)).toHaveLength(1);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
