import { createHash, randomUUID } from "node:crypto";
import {
  CONSOLE_API,
  type ConsoleAccess,
  OPERATOR_ROLES,
  type OperatorRole,
  type Permission,
  ROLE_PERMISSIONS,
} from "@hcoins/domain/api/console";
import { DEFAULT_COIN_CONTROLS } from "@hcoins/domain/api/console-coin-controls";
import type { CampaignDefinition } from "@hcoins/domain/campaign-rules";
import { programmeDate } from "@hcoins/domain/earn-rules";
import type { MissionDefinition } from "@hcoins/domain/mission-rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registeredRoutes } from "../../cross-cutting/support.ts";
import { latestCode, nextPhone, registerMember } from "../../testing/flows.ts";
import { PNG_1X1 } from "../../testing/images.ts";
import type { TestApp } from "../../testing/test-app.ts";
import { createTestApp } from "../../testing/test-app.ts";
import { credit, linkedMember, type Member, newReward } from "../member-coins/coins-test-support.ts";
import {
  consoleCall,
  pathWith,
  type RegisteredConsoleRoute,
  registeredConsoleRoutes,
  type SignedInOperator,
  signedInOperator,
} from "./console-test-support.ts";

/** What a call names: the table's linked member unless the route prepares its own. */
interface Ids {
  member: number;
  phone: string;
  operator: number;
  /** The scheme's id of a voucher of the member's. */
  voucher: number;
  /** A reward of the scheme's catalogue. */
  reward: number;
  /** A brand, a store, a banner and a page of its own, for the calls that change or delete one. */
  brand?: number;
  store?: number;
  banner?: number;
  page?: number;
  /** A live till key. */
  tillKey: number;
  /** A campaign of its own: a draft, or an active one for pausing. */
  campaign?: number;
  /** A mission of its own: a draft, or an active one for pausing. */
  mission?: number;
  /** A segment of its own, for the calls that change or delete one. */
  segment?: number;
  /** A pending approval request made by an operator of none of the roles signed in here. */
  approval?: number;
  /** A live session of `operator`. */
  session?: string;
  /** A number nobody holds, with the code sent to it for the member's number change. */
  newPhone?: string;
  code?: string;
  /** The linked member's number, for a bulk adjustment's list. */
  memberNo?: string;
}

interface ConsoleCall {
  path: (ids: Ids) => string;
  /** What the call needs, as the contract must declare it: a permission, or any one of a list; any session; none. */
  needs: Permission | readonly Permission[] | "session" | "open";
  body?: (role: OperatorRole, ids: Ids) => Record<string, unknown>;
  /** A fresh target for each call that changes something once (a voucher, a member to erase). */
  prepare?: (t: TestApp, ids: Ids) => Promise<Partial<Ids>>;
  /** Made with a session of its own (signing out ends the session it is made with). */
  ownSession?: true;
  /** A POST that changes nothing (a dry run): no audit entry. */
  changesNothing?: true;
}

const HOUR = 3_600_000;

/** A campaign as the console writes it: a week from now, doubling the base coins. */
const campaignDefinition = (): CampaignDefinition => ({
  name: { en: "Week", tc: "一週", sc: "一周" },
  conditions: [{ fact: "net_amount", at_least: "100" }],
  action: { type: "multiplier", multiplier: "2" },
  stacks: false,
  starts_at: new Date(Date.now() + HOUR).toISOString(),
  ends_at: new Date(Date.now() + 7 * 24 * HOUR).toISOString(),
  budget_coins: 1_000,
  per_member_cap: null,
  programme_rule: null,
});

/** A draft campaign, written through the scheme as the console's service would. */
async function freshCampaign(t: TestApp): Promise<Partial<Ids>> {
  const { campaign } = await t.app.services.coinSchemeClient.createCampaign(campaignDefinition(), "cli:test");
  return { campaign: campaign.id };
}

/** An active campaign: written and activated by two others. */
async function freshActiveCampaign(t: TestApp): Promise<Partial<Ids>> {
  const { campaign } = await freshCampaign(t);
  await t.app.services.coinSchemeClient.activateCampaign(campaign as number, "cli:maker", "cli:checker");
  return { campaign };
}

/** A mission as the console writes it: two purchases a month for the reward `rewardId`. */
const missionDefinition = (rewardId: number): MissionDefinition => ({
  name: { en: "Twice", tc: "兩次", sc: "两次" },
  description: { en: "Buy twice", tc: "購物兩次", sc: "购物两次" },
  kind: "purchases",
  goal: 2,
  store_codes: [],
  brand_codes: [],
  min_net_amount: null,
  period: "calendar_month",
  starts_at: new Date(Date.now() + HOUR).toISOString(),
  ends_at: new Date(Date.now() + 7 * 24 * HOUR).toISOString(),
  reward_id: rewardId,
  budget_completions: 100,
});

/** A draft mission, written through the scheme as the console's service would. */
async function freshMission(t: TestApp, ids: Ids): Promise<Partial<Ids>> {
  const { mission } = await t.app.services.coinSchemeClient.createMission(
    missionDefinition(ids.reward),
    "cli:test",
  );
  return { mission: mission.id };
}

/** A segment as the console writes it: members born in March. */
const segmentDefinition = () => ({
  name: { en: "March birthdays", tc: "三月生日", sc: "三月生日" },
  conditions: [{ fact: "birth_month" as const, in: [3] }],
});

/** A segment of its own, written through the scheme as the console's service would. */
async function freshSegment(t: TestApp): Promise<Partial<Ids>> {
  const { segment } = await t.app.services.coinSchemeClient.createSegment(segmentDefinition(), "cli:test");
  return { segment: segment.id };
}

/** An active mission: written and activated by two others. */
async function freshActiveMission(t: TestApp, ids: Ids): Promise<Partial<Ids>> {
  const { mission } = await freshMission(t, ids);
  await t.app.services.coinSchemeClient.activateMission(mission as number, "cli:maker", "cli:checker");
  return { mission };
}

/** A credit above customer service's approval threshold, asked by a maker of its own: pending. */
async function freshApproval(t: TestApp, ids: Ids): Promise<Partial<Ids>> {
  const email = `maker-${randomUUID().slice(0, 8)}@example.com`;
  const { operator } = await t.app.services.operators.add(email, "customerService", CLI);
  const answer = await t.app.services.coinAdjustments.adjust(
    { memberId: ids.member, coins: 600, reasonCode: "goodwill", note: "over threshold", key: randomUUID() },
    { id: operator.id, email, role: "customerService" },
    CLI,
  );
  return { approval: answer.approvalId as number };
}

async function freshVoucher(t: TestApp, ids: Ids): Promise<Partial<Ids>> {
  const client = t.app.services.coinSchemeClient;
  const member = await t.app.services.members.findById(ids.member);
  const hcoinsMemberNo = member?.external_customer_id as string;
  await credit(t, hcoinsMemberNo, 100);
  const reward = await newReward(t);
  const { voucher } = await client.redeem({ hcoinsMemberNo, rewardId: reward.id, key: randomUUID() });
  return { voucher: voucher.id };
}

/** A live till key for each call that changes one (revoking it twice would be refused). */
async function freshTillKey(t: TestApp): Promise<Partial<Ids>> {
  const { till_key } = await t.app.services.coinSchemeClient.createTillKey(
    `till-${randomUUID().slice(0, 8)}`,
    ["HF-CW01"],
    "test",
  );
  return { tillKey: till_key.id };
}

/** An operator of their own for each call that changes one once (re-enabling, a new role). */
async function freshOperator(t: TestApp, disabled = false): Promise<Partial<Ids>> {
  const email = `op-${randomUUID().slice(0, 8)}@example.com`;
  const { operator } = await t.app.services.operators.add(email, "auditor", CLI);
  if (disabled) await t.app.services.operators.disable(email, CLI);
  return { operator: operator.id };
}

/** A signed-in operator and their one live session. */
async function operatorWithSession(t: TestApp): Promise<Partial<Ids>> {
  const signedIn = await signedInOperator(t, "auditor", `live-${randomUUID().slice(0, 8)}@example.com`);
  const operator = (await t.app.services.operators.list()).find((one) => one.email === signedIn.email);
  const id = operator?.id as number;
  const [session] = await t.app.services.operators.sessions.liveOf(id);
  return { operator: id, session: session?.id as string };
}

// The image a banner row names: the images row (run before it for each role) stores it.
const PNG_TOKEN = createHash("sha256").update(PNG_1X1).digest("hex");

async function freshBrand(t: TestApp): Promise<Partial<Ids>> {
  const code = `brand-${randomUUID().slice(0, 8)}`;
  const { id } = await t.app.services.stores.saveBrand({ code, name: { en: "B", tc: "乙", sc: "乙" } });
  return { brand: id };
}

async function freshStore(t: TestApp): Promise<Partial<Ids>> {
  const code = `S-${randomUUID().slice(0, 8)}`;
  await t.app.services.stores.saveStores([
    {
      label: code,
      input: {
        code,
        brand: "harbour-fresh",
        district: "5005",
        name: { tc: "新店" },
        address: { tc: "一號" },
      },
    },
  ]);
  const { stores } = await t.app.services.storeEditor.stores({ q: code });
  return { store: stores[0]?.id as number };
}

const CLI = { actor: "cli:test", address: null };

async function freshBanner(t: TestApp): Promise<Partial<Ids>> {
  await t.app.services.media.add(PNG_1X1, "dot.png");
  const banner = await t.app.services.cmsEditor.addBanner(
    {
      location: "welcome",
      title: { en: "Sale", tc: "減價", sc: "减价" },
      imageMobileToken: PNG_TOKEN,
      imageDesktopToken: PNG_TOKEN,
      linkUrl: "",
      active: true,
      startsAt: null,
      endsAt: null,
    },
    CLI,
  );
  return { banner: banner.id };
}

async function freshPage(t: TestApp): Promise<Partial<Ids>> {
  const page = await t.app.services.cmsEditor.addPage(
    {
      location: "merchant",
      slug: `page-${randomUUID().slice(0, 8)}`,
      title: { en: "Fair", tc: "展銷", sc: "展销" },
      content: { en: "<p>Fair</p>", tc: "<p>展銷</p>", sc: "<p>展销</p>" },
      active: true,
      publishFrom: null,
      publishUntil: null,
    },
    CLI,
  );
  return { page: page.id };
}

/** A fresh member and a new number, its code sent as the console's first step sends it. */
async function numberChange(t: TestApp): Promise<Partial<Ids>> {
  const member = await registerMember(t);
  const newPhone = nextPhone();
  await t.app.services.memberRecords.sendNumberCode(
    member.user.id,
    { prefix: "852", phone: newPhone },
    "en",
    CLI,
  );
  return { member: member.user.id as number, newPhone, code: await latestCode(t, newPhone) };
}

async function freshMember(t: TestApp): Promise<Partial<Ids>> {
  const member = await registerMember(t);
  return { member: member.user.id as number, phone: member.phone };
}

/** A reward as the console's form sends it (create adds `stock`). */
const REWARD_BODY = {
  kind: "evoucher",
  coins: 300,
  value_amount: "50.00",
  store_codes: [],
  title: { en: "HKD 50 voucher", tc: "50 港元禮券", sc: "50 港元礼券" },
  description: { en: "", tc: "", sc: "" },
  terms: { en: "", tc: "", sc: "" },
  image_url: null,
  starts_at: null,
  ends_at: null,
  per_member_limit: null,
  voucher_valid_days: 30,
  sort_order: 0,
  active: true,
};

const BANNER_BODY = {
  location: "welcome",
  title: { en: "Offers", tc: "優惠", sc: "优惠" },
  image_mobile_token: PNG_TOKEN,
  image_desktop_token: PNG_TOKEN,
  link_url: "",
  active: true,
  starts_at: null,
  ends_at: null,
};

const pageBody = (slug: string) => ({
  location: "merchant",
  slug,
  title: { en: "Fair", tc: "展銷", sc: "展销" },
  content: { en: "<p>Fair</p>", tc: "<p>展銷</p>", sc: "<p>展销</p>" },
  active: true,
  publish_from: null,
  publish_until: null,
});

/**
 * How to make each console call and what it needs, keyed "METHOD path" as the contract names it.
 * The test enumerates the registered routes: one missing here, or here and not registered, fails.
 */
const CALLS: Record<string, ConsoleCall> = {
  // Signing in: no session to check (session.test.ts covers these).
  "POST /session/invitation": { path: () => "/session/invitation", needs: "open" },
  "POST /session/activate": { path: () => "/session/activate", needs: "open" },
  "POST /session/sign-in": { path: () => "/session/sign-in", needs: "open" },
  "GET /session": { path: () => "/session", needs: "session" },
  "POST /session/sign-out": { path: () => "/session/sign-out", needs: "session", ownSession: true },
  "GET /members": { path: (_ids) => "/members?q=%2B852%2091234567", needs: "members.read" },
  "GET /members/:id": { path: ({ member }) => `/members/${member}`, needs: "members.read" },
  "GET /members/:id/ledger": {
    path: ({ member }) => `/members/${member}/ledger?kind=purchase&from=2025-01-01&dir=asc`,
    needs: "members.read",
  },
  "GET /members/:id/tier": { path: ({ member }) => `/members/${member}/tier`, needs: "members.read" },
  "POST /members/:id/unlock": {
    path: ({ member }) => `/members/${member}/unlock`,
    needs: "members.act",
    body: () => ({}),
  },
  "POST /members/:id/reset-sms-allowance": {
    path: ({ member }) => `/members/${member}/reset-sms-allowance`,
    needs: "members.act",
    body: () => ({ reason: "asked by phone" }),
  },
  "POST /members/:id/disable": {
    path: ({ member }) => `/members/${member}/disable`,
    needs: "members.act",
    body: () => ({ reason: "lost phone" }),
  },
  "POST /members/:id/enable": {
    path: ({ member }) => `/members/${member}/enable`,
    needs: "members.act",
    body: () => ({ reason: "found phone" }),
  },
  "POST /members/:id/revoke-sessions": {
    path: ({ member }) => `/members/${member}/revoke-sessions`,
    needs: "members.act",
    body: () => ({}),
  },
  "POST /members/:id/adjust-coins": {
    path: ({ member }) => `/members/${member}/adjust-coins`,
    needs: "coins.adjust",
    body: () => ({ coins: 5, reason_code: "goodwill", note: "ticket 1", idempotency_key: randomUUID() }),
  },
  "GET /members/:id/sms-limits": {
    path: ({ member }) => `/members/${member}/sms-limits`,
    needs: "members.read",
  },
  "POST /members/:id/edit": {
    path: ({ member }) => `/members/${member}/edit`,
    needs: "members.act",
    body: (role) => ({ first_name: `Edited by ${role}`, reason: "member called" }),
  },
  "POST /members/:id/birth-month": {
    path: ({ member }) => `/members/${member}/birth-month`,
    needs: "members.act",
    body: () => ({ birthday_month: 3, reason: "typed wrong at registration" }),
    prepare: freshMember,
  },
  "POST /members/:id/mobile-number/code": {
    path: ({ member }) => `/members/${member}/mobile-number/code`,
    needs: "members.act",
    body: () => ({ mobile_phone_prefix: "852", mobile_phone: nextPhone() }),
  },
  "POST /members/:id/mobile-number": {
    path: ({ member }) => `/members/${member}/mobile-number`,
    needs: "members.act",
    body: (_role, { newPhone, code }) => ({
      mobile_phone_prefix: "852",
      mobile_phone: newPhone,
      code,
      reason: "new phone",
    }),
    prepare: numberChange,
  },
  "GET /members/:id/phone-history": {
    path: ({ member }) => `/members/${member}/phone-history`,
    needs: "members.read",
  },
  "GET /members/:id/case-notes": {
    path: ({ member }) => `/members/${member}/case-notes`,
    needs: "members.read",
  },
  "POST /members/:id/case-notes": {
    path: ({ member }) => `/members/${member}/case-notes`,
    needs: "members.act",
    body: () => ({ note: "called about a missing receipt" }),
  },
  "GET /members/:id/history": { path: ({ member }) => `/members/${member}/history`, needs: "members.read" },
  "GET /audit": { path: (_ids) => "/audit", needs: "audit.read" },
  "GET /audit.csv": { path: (_ids) => "/audit.csv", needs: "audit.read" },
  "GET /operators": { path: (_ids) => "/operators", needs: "operators.manage" },
  "POST /operators": {
    path: (_ids) => "/operators",
    needs: "operators.manage",
    body: (role) => ({ email: `new-by-${role.toLowerCase()}@example.com`, role: "auditor" }),
  },
  "POST /operators/:id/invite": {
    path: ({ operator }) => `/operators/${operator}/invite`,
    needs: "operators.manage",
  },
  "POST /operators/:id/disable": {
    path: ({ operator }) => `/operators/${operator}/disable`,
    needs: "operators.manage",
  },
  "GET /operators/:id": { path: ({ operator }) => `/operators/${operator}`, needs: "operators.manage" },
  "POST /operators/:id/enable": {
    path: ({ operator }) => `/operators/${operator}/enable`,
    needs: "operators.manage",
    prepare: (t) => freshOperator(t, true),
  },
  "POST /operators/:id/role": {
    path: ({ operator }) => `/operators/${operator}/role`,
    needs: "operators.manage",
    body: () => ({ role: "contentEditor" }),
    prepare: (t) => freshOperator(t),
  },
  "POST /operators/:id/unlock": {
    path: ({ operator }) => `/operators/${operator}/unlock`,
    needs: "operators.manage",
  },
  "POST /operators/:id/reset-authenticator": {
    path: ({ operator }) => `/operators/${operator}/reset-authenticator`,
    needs: "operators.manage",
    prepare: (t) => freshOperator(t),
  },
  "POST /operators/:id/sessions/:session/end": {
    path: ({ operator, session }) => `/operators/${operator}/sessions/${session ?? "0000000000000000"}/end`,
    needs: "operators.manage",
    prepare: (t) => operatorWithSession(t),
  },
  "POST /operators/:id/end-sessions": {
    path: ({ operator }) => `/operators/${operator}/end-sessions`,
    needs: "operators.manage",
  },
  "POST /members/:id/block-number": {
    path: ({ member }) => `/members/${member}/block-number`,
    needs: "members.act",
    body: () => ({ reason: "fraud report" }),
  },
  "POST /members/:id/unblock-number": {
    path: ({ member }) => `/members/${member}/unblock-number`,
    needs: "members.act",
    body: () => ({ reason: "cleared" }),
  },
  "POST /members/:id/vouchers/:voucherId/cancel": {
    path: ({ member, voucher }) => `/members/${member}/vouchers/${voucher}/cancel`,
    needs: "vouchers.cancel",
    body: () => ({ reason: "member asked", idempotency_key: randomUUID() }),
    prepare: freshVoucher,
  },
  "POST /members/:id/vouchers/:voucherId/reveal": {
    path: ({ member, voucher }) => `/members/${member}/vouchers/${voucher}/reveal`,
    needs: "vouchers.reveal",
    body: () => ({ reason: "member on the phone" }),
    prepare: freshVoucher,
  },
  "GET /goodwill-rewards": { path: (_ids) => "/goodwill-rewards", needs: "vouchers.goodwill" },
  "POST /members/:id/goodwill-vouchers": {
    path: ({ member }) => `/members/${member}/goodwill-vouchers`,
    needs: "vouchers.goodwill",
    body: (_role, { reward }) => ({
      reward_id: reward,
      note: "late delivery",
      idempotency_key: randomUUID(),
    }),
    prepare: async (t) => ({ reward: (await newReward(t)).id }),
  },
  "POST /members/:id/export": {
    path: ({ member }) => `/members/${member}/export`,
    needs: "members.dataProtection",
    body: () => ({ reason: "Access request" }),
  },
  "POST /members/:id/erase": {
    path: ({ member }) => `/members/${member}/erase`,
    needs: "members.dataProtection",
    body: (_role, { phone }) => ({ confirm_mobile_phone: phone, reason: "Member asked" }),
    prepare: freshMember,
  },
  "GET /coin-controls": {
    path: (_ids) => "/coin-controls",
    needs: ["coins.adjust", "coins.approve", "operators.manage"],
  },
  "GET /coin-controls/today": { path: (_ids) => "/coin-controls/today", needs: "coins.adjust" },
  "POST /coin-controls": {
    path: (_ids) => "/coin-controls",
    needs: "operators.manage",
    body: () => structuredClone(DEFAULT_COIN_CONTROLS),
  },
  "POST /bulk-adjustments": {
    path: (_ids) => "/bulk-adjustments",
    needs: "coins.bulkAdjust",
    body: (_role, { memberNo }) => ({
      csv: `member number,coins\n${memberNo},25`,
      reason_code: "missedPromotion",
      note: "campaign list",
      idempotency_key: randomUUID(),
    }),
    prepare: async (t, ids) => ({
      memberNo: (await t.app.services.members.findById(ids.member))?.member_no ?? undefined,
    }),
  },
  "GET /approvals": { path: (_ids) => "/approvals", needs: ["coins.approve", "audit.read"] },
  "POST /approvals/:id/approve": {
    path: ({ approval }) => `/approvals/${approval}/approve`,
    needs: "coins.approve",
    body: () => ({ note: "checked the receipt" }),
    prepare: freshApproval,
  },
  "POST /approvals/:id/reject": {
    path: ({ approval }) => `/approvals/${approval}/reject`,
    needs: "coins.approve",
    body: () => ({ note: "no receipt" }),
    prepare: freshApproval,
  },
  "GET /content/banners": { path: () => "/content/banners", needs: ["content.edit", "audit.read"] },
  "GET /content/pages": { path: () => "/content/pages", needs: ["content.edit", "audit.read"] },
  "POST /images": {
    path: () => "/images",
    needs: ["content.edit", "programme.edit"],
    body: () => ({ file_name: "dot.png", data_base64: PNG_1X1.toString("base64") }),
  },
  "GET /images/:token": {
    path: () => `/images/${PNG_TOKEN}`,
    needs: ["content.edit", "programme.edit", "audit.read"],
    prepare: async (t) => {
      await t.app.services.media.add(PNG_1X1, "dot.png");
      return {};
    },
  },
  "POST /content/banners": {
    path: () => "/content/banners",
    needs: "content.edit",
    body: () => BANNER_BODY,
  },
  "POST /content/banners/:id": {
    path: ({ banner }) => `/content/banners/${banner}`,
    needs: "content.edit",
    body: () => ({ ...BANNER_BODY, link_url: "https://example.com/offers" }),
    prepare: freshBanner,
  },
  "POST /content/banners/:id/move": {
    path: ({ banner }) => `/content/banners/${banner}/move`,
    needs: "content.edit",
    // A fresh banner is last in its location, after the seeded ones: up always moves it.
    body: () => ({ direction: "up" }),
    prepare: freshBanner,
  },
  "POST /content/banners/:id/delete": {
    path: ({ banner }) => `/content/banners/${banner}/delete`,
    needs: "content.edit",
    prepare: freshBanner,
  },
  "POST /content/pages": {
    path: () => "/content/pages",
    needs: "content.edit",
    body: (role) => pageBody(`page-by-${role.toLowerCase()}`),
  },
  "POST /content/pages/:id": {
    path: ({ page }) => `/content/pages/${page}`,
    needs: "content.edit",
    body: (role) => pageBody(`renamed-by-${role.toLowerCase()}-${randomUUID().slice(0, 8)}`),
    prepare: freshPage,
  },
  "POST /content/pages/:id/delete": {
    path: ({ page }) => `/content/pages/${page}/delete`,
    needs: "content.edit",
    prepare: freshPage,
  },
  "GET /rewards": { path: () => "/rewards", needs: ["programme.edit", "audit.read"] },
  "POST /rewards/:id/stock": {
    path: ({ reward }) => `/rewards/${reward}/stock`,
    needs: "programme.edit",
    body: () => ({ change: 2 }),
  },
  "POST /rewards/:id/active": {
    path: ({ reward }) => `/rewards/${reward}/active`,
    needs: "programme.edit",
    body: () => ({ active: false }),
  },
  "GET /rewards/:id": { path: ({ reward }) => `/rewards/${reward}`, needs: ["programme.edit", "audit.read"] },
  "POST /rewards": {
    path: () => "/rewards",
    needs: "programme.edit",
    body: (role) => ({ ...REWARD_BODY, title: { ...REWARD_BODY.title, en: `By ${role}` }, stock: 5 }),
  },
  "POST /rewards/:id": {
    path: ({ reward }) => `/rewards/${reward}`,
    needs: "programme.edit",
    body: (role) => ({ ...REWARD_BODY, coins: 300 + role.length }),
  },
  "GET /expiry-policy": { path: () => "/expiry-policy", needs: ["programme.edit", "audit.read"] },
  "GET /figures.csv": {
    path: () => "/figures.csv?from=2026-11-01&to=2026-11-27",
    needs: ["programme.edit", "audit.read"],
  },
  "GET /expiry-policy/preview": {
    // A day within the three years ahead whatever today is (the test clock is the real one).
    path: () => `/expiry-policy/preview?date=${programmeDate(Date.now() + 30 * 86_400_000)}`,
    needs: ["programme.edit", "audit.read"],
  },
  "POST /expiry-policy": {
    path: () => "/expiry-policy",
    needs: "programme.edit",
    body: () => ({ policy: "24-months" }),
  },
  "GET /tiers": { path: () => "/tiers", needs: ["programme.edit", "audit.read"] },
  "POST /tiers": {
    path: () => "/tiers",
    needs: "programme.edit",
    body: () => ({ window: "rolling_12_months", review_rule: "anniversary", tiers: [] }),
  },
  "GET /stores": { path: () => "/stores", needs: ["programme.edit", "audit.read"] },
  "POST /stores/partner": {
    path: () => "/stores/partner",
    needs: "programme.edit",
    body: () => ({ code: "HF-CW01", partner: true }),
  },
  "GET /brands": { path: () => "/brands", needs: ["content.edit", "programme.edit", "audit.read"] },
  "GET /stores/list": {
    path: () => "/stores/list?q=HF",
    needs: ["content.edit", "programme.edit", "audit.read"],
  },
  "POST /brands": {
    path: () => "/brands",
    needs: ["content.edit", "programme.edit"],
    body: (role) => ({
      code: `brand-by-${role.toLowerCase()}`,
      name: { en: "Sun", tc: "太陽", sc: "太阳" },
      logo_media_token: null,
    }),
  },
  "POST /brands/:id": {
    path: ({ brand }) => `/brands/${brand}`,
    needs: ["content.edit", "programme.edit"],
    body: (role) => ({
      code: `renamed-by-${role.toLowerCase()}`,
      name: { en: "Moon", tc: "月亮", sc: "月亮" },
      logo_media_token: null,
    }),
    prepare: freshBrand,
  },
  "POST /brands/:id/move": {
    path: ({ brand }) => `/brands/${brand}/move`,
    needs: ["content.edit", "programme.edit"],
    // A fresh brand sorts before the seeded ones: down always moves it.
    body: () => ({ direction: "down" }),
    prepare: freshBrand,
  },
  "POST /brands/:id/delete": {
    path: ({ brand }) => `/brands/${brand}/delete`,
    needs: ["content.edit", "programme.edit"],
    prepare: freshBrand,
  },
  "POST /stores/:id/status": {
    path: ({ store }) => `/stores/${store}/status`,
    needs: ["content.edit", "programme.edit"],
    body: () => ({ status: "inactive" }),
    prepare: freshStore,
  },
  "GET /figures": {
    path: () => "/figures?from=2026-11-01&to=2026-11-27",
    needs: ["programme.edit", "audit.read"],
  },
  "GET /figures/breakdown": {
    path: () => "/figures/breakdown?from=2026-11-01&to=2026-11-27",
    needs: ["programme.edit", "audit.read"],
  },
  "GET /figures/breakdown.csv": {
    path: () => "/figures/breakdown.csv?from=2026-11-01&to=2026-11-27&by=brand",
    needs: ["programme.edit", "audit.read"],
  },
  "GET /campaigns": { path: () => "/campaigns", needs: ["programme.edit", "audit.read"] },
  "GET /campaigns/:id": {
    path: ({ campaign }) => `/campaigns/${campaign}`,
    needs: ["programme.edit", "audit.read"],
  },
  "POST /campaigns": { path: () => "/campaigns", needs: "programme.edit", body: campaignDefinition },
  "POST /campaigns/:id": {
    path: ({ campaign }) => `/campaigns/${campaign}`,
    needs: "programme.edit",
    body: campaignDefinition,
    prepare: freshCampaign,
  },
  "POST /campaigns/dry-run": {
    path: () => "/campaigns/dry-run",
    needs: "programme.edit",
    body: () => ({ campaign: campaignDefinition(), days: 7 }),
    changesNothing: true,
  },
  "POST /campaigns/:id/request-activation": {
    path: ({ campaign }) => `/campaigns/${campaign}/request-activation`,
    needs: "programme.edit",
    body: () => ({ note: "Budget agreed" }),
    prepare: freshCampaign,
  },
  "POST /campaigns/:id/pause": {
    path: ({ campaign }) => `/campaigns/${campaign}/pause`,
    needs: "programme.edit",
    prepare: freshActiveCampaign,
  },
  "POST /campaigns/:id/end": {
    path: ({ campaign }) => `/campaigns/${campaign}/end`,
    needs: "programme.edit",
    prepare: freshCampaign,
  },
  "GET /missions": { path: () => "/missions", needs: ["programme.edit", "audit.read"] },
  "GET /missions/:id": {
    path: ({ mission }) => `/missions/${mission}`,
    needs: ["programme.edit", "audit.read"],
    prepare: freshMission,
  },
  "POST /missions": {
    path: () => "/missions",
    needs: "programme.edit",
    body: (_role, { reward }) => missionDefinition(reward),
  },
  "POST /missions/:id": {
    path: ({ mission }) => `/missions/${mission}`,
    needs: "programme.edit",
    body: (_role, { reward }) => missionDefinition(reward),
    prepare: freshMission,
  },
  "POST /missions/:id/request-activation": {
    path: ({ mission }) => `/missions/${mission}/request-activation`,
    needs: "programme.edit",
    body: () => ({ note: "Agreed" }),
    prepare: freshMission,
  },
  "POST /missions/:id/pause": {
    path: ({ mission }) => `/missions/${mission}/pause`,
    needs: "programme.edit",
    prepare: freshActiveMission,
  },
  "POST /missions/:id/end": {
    path: ({ mission }) => `/missions/${mission}/end`,
    needs: "programme.edit",
    prepare: freshMission,
  },
  "GET /segments": { path: () => "/segments", needs: ["programme.edit", "audit.read"] },
  "GET /segments/:id": {
    path: ({ segment }) => `/segments/${segment}`,
    needs: ["programme.edit", "audit.read"],
    prepare: freshSegment,
  },
  "POST /segments/count": {
    path: () => "/segments/count",
    needs: "programme.edit",
    body: () => ({ conditions: segmentDefinition().conditions }),
    changesNothing: true,
  },
  "POST /segments": { path: () => "/segments", needs: "programme.edit", body: segmentDefinition },
  "POST /segments/:id": {
    path: ({ segment }) => `/segments/${segment}`,
    needs: "programme.edit",
    body: segmentDefinition,
    prepare: freshSegment,
  },
  "POST /segments/:id/delete": {
    path: ({ segment }) => `/segments/${segment}/delete`,
    needs: "programme.edit",
    prepare: freshSegment,
  },
  "GET /till-keys": { path: () => "/till-keys", needs: ["programme.edit", "audit.read"] },
  "POST /till-keys": {
    path: () => "/till-keys",
    needs: "programme.edit",
    body: (role) => ({ name: `till-by-${role}`, stores: ["HF-CW01"] }),
  },
  "POST /till-keys/:id/stores": {
    path: ({ tillKey }) => `/till-keys/${tillKey}/stores`,
    needs: "programme.edit",
    body: () => ({ stores: ["HF-CW01"] }),
    prepare: freshTillKey,
  },
  "POST /till-keys/:id/revoke": {
    path: ({ tillKey }) => `/till-keys/${tillKey}/revoke`,
    needs: "programme.edit",
    prepare: freshTillKey,
  },
  "GET /referral-settings": { path: () => "/referral-settings", needs: ["programme.edit", "audit.read"] },
  "POST /referral-settings": {
    path: () => "/referral-settings",
    needs: "programme.edit",
    body: (_role, { reward }) => ({
      active: false,
      referrer_reward_id: reward,
      referred_reward_id: reward,
      min_net_amount: "100",
      cap_per_referrer: null,
    }),
  },
  "GET /referrals": { path: () => "/referrals", needs: ["programme.edit", "audit.read", "members.read"] },
};

/** The table's calls as "METHOD path" with what they need. */
const ENTRIES = Object.entries(CALLS).map(([key, call]) => {
  const [method, contractPath] = key.split(" ") as ["GET" | "POST", string];
  return { key, method, contractPath, call };
});

/** Whether the role may make a call that needs this. */
const mayCall = (role: OperatorRole, needs: ConsoleCall["needs"]) =>
  needs === "open" ||
  needs === "session" ||
  [needs].flat().some((permission) => ROLE_PERMISSIONS[role].includes(permission));

/** The contract's access, in the table's spelling. */
const needsOf = (access: ConsoleAccess | undefined) =>
  access === undefined || typeof access === "string" ? access : access.permission;

describe("each role, call by call", () => {
  let t: TestApp;
  let member: Member;
  let table: Ids;
  let registered: RegisteredConsoleRoute[];
  const operators = new Map<OperatorRole, SignedInOperator>();

  beforeAll(async () => {
    t = await createTestApp();
    registered = await registeredConsoleRoutes(t);
    member = await linkedMember(t, 100);
    for (const role of OPERATOR_ROLES) operators.set(role, await signedInOperator(t, role));
    const { operator } = await t.app.services.operators.add("target@example.com", "auditor", CLI);
    table = {
      member: member.user.id as number,
      phone: member.phone,
      operator: operator.id,
      voucher: 999_999,
      reward: (await newReward(t)).id,
      ...(await freshBrand(t)),
      ...(await freshStore(t)),
      tillKey: (await freshTillKey(t)).tillKey as number,
      ...(await freshCampaign(t)),
    };
  });
  afterAll(() => t.close());

  it("the table is every registered console route, each needing what the contract declares", () => {
    const declared = Object.fromEntries(
      registered.map((route) => [`${route.method} ${route.path}`, needsOf(route.access)]),
    );
    // The plugin registered again is the app's: the router of the app under test holds the same routes.
    const onRouter = registeredRoutes(t.app).filter((route) => route.path.startsWith(`${CONSOLE_API}/`));
    expect(onRouter.length).toBe(registered.length);
    for (const route of registered) {
      expect(t.app.hasRoute({ method: route.method, url: `${CONSOLE_API}${route.path}` }), route.path).toBe(
        true,
      );
    }
    expect(Object.keys(declared).sort()).toEqual(Object.keys(CALLS).sort());
    expect(registered.length).toBeGreaterThanOrEqual(63);
    for (const { key, call } of ENTRIES) expect(declared[key], key).toEqual(call.needs);
  });

  const cases = OPERATOR_ROLES.flatMap((role) =>
    ENTRIES.filter(({ call }) => call.needs !== "open").map(({ key, method, call }) => ({
      role,
      method,
      call,
      allowed: mayCall(role, call.needs),
      name: key,
    })),
  );

  it.each(cases)("$role → $name: allowed $allowed", async ({ role, method, call, allowed }) => {
    const operator = call.ownSession
      ? await signedInOperator(t, role, `${role.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`)
      : (operators.get(role) as SignedInOperator);
    const changes = method === "POST" && !call.changesNothing;
    const ids = { ...table, ...(await call.prepare?.(t, table)) };
    const before = (await t.app.services.audit.all({})).length;
    const answer = await consoleCall(t, method, call.path(ids), {
      cookie: operator.cookie,
      csrf: operator.csrf,
      ...(call.body ? { body: call.body(role, ids) } : {}),
    });
    expect(answer.status, answer.text).toBe(allowed ? 200 : 403);
    if (!allowed) expect(answer.body.error_code).toBe(4030);
    const after = await t.app.services.audit.all({});
    // Exactly one entry per state-changing call that went through, none for a refused one or a read.
    expect(after.length - before).toBe(changes && allowed ? 1 : 0);
    if (changes && allowed) expect(after[0]?.actor).toBe(`operator:${operator.email}`);
  });

  it("the auditor is refused every state-changing call behind a permission", async () => {
    const auditor = operators.get("auditor") as SignedInOperator;
    const changes = ENTRIES.filter(
      ({ method, call }) => method === "POST" && call.needs !== "open" && call.needs !== "session",
    );
    expect(changes.length).toBeGreaterThanOrEqual(40);
    for (const { call } of changes) {
      const answer = await consoleCall(t, "POST", call.path(table), {
        cookie: auditor.cookie,
        csrf: auditor.csrf,
        body: call.body?.("auditor", table) ?? {},
      });
      expect(answer.status, call.path(table)).toBe(403);
    }
  });

  it("without a session every call but signing in answers 4010", async () => {
    for (const { method, call } of ENTRIES.filter((entry) => entry.call.needs !== "open")) {
      const answer = await consoleCall(t, method, call.path(table), {
        body: call.body?.("auditor", table) ?? {},
      });
      expect(answer.status).toBe(401);
      expect(answer.body.error_code).toBe(4010);
    }
  });

  // The access is checked before the input is read: an anonymous caller learns nothing of a route's fields.
  it("an anonymous call with an invalid body, query and path answers 401 with no field errors, on every registered route but signing in", async () => {
    const closed = registered.filter((route) => route.access !== "open");
    expect(closed.length).toBeGreaterThanOrEqual(58);
    for (const route of closed) {
      const path = `${pathWith(route.path, () => "not-a-number")}?page=-1&q=&from=yesterday`;
      const response = await t.app.inject({
        method: route.method,
        url: `${CONSOLE_API}${path}`,
        ...(route.method === "POST"
          ? { headers: { "content-type": "application/json" }, payload: '[{"reason": 42}]' }
          : {}),
      });
      const key = `${route.method} ${route.path}`;
      expect(response.statusCode, `${key}: ${response.body}`).toBe(401);
      const body = response.json();
      expect(body.error_code, key).toBe(4010);
      expect(body.payload.errors ?? [], key).toEqual([]);
    }
  });
});
