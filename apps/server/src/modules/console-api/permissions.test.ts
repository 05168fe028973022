import { createHash, randomUUID } from "node:crypto";
import {
  OPERATOR_ROLES,
  type OperatorRole,
  type Permission,
  ROLE_PERMISSIONS,
} from "@hcoins/domain/api/console";
import { DEFAULT_ADJUSTMENT_CEILINGS } from "@hcoins/domain/api/console-member-actions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerMember } from "../../testing/flows.ts";
import { PNG_1X1 } from "../../testing/images.ts";
import type { TestApp } from "../../testing/test-app.ts";
import { createTestApp } from "../../testing/test-app.ts";
import { credit, linkedMember, type Member, newReward } from "../member-coins/coins-test-support.ts";
import { consoleCall, type SignedInOperator, signedInOperator } from "./console-test-support.ts";

/** What a call names: the table's linked member unless the route prepares its own. */
interface Ids {
  member: number;
  phone: string;
  operator: number;
  voucher: string;
  /** A reward of the scheme's catalogue. */
  reward: number;
  /** A brand and a store of its own, for the calls that change or delete one. */
  brand?: number;
  store?: number;
  /** A live till key. */
  tillKey: number;
}

interface ConsoleRoute {
  method: "GET" | "POST";
  path: (ids: Ids) => string;
  /** The permission the call needs; a list: any one of them. */
  permission: Permission | readonly Permission[];
  body?: (role: OperatorRole, ids: Ids) => Record<string, unknown>;
  /** A fresh target for each call that changes something once (a voucher, a member to erase). */
  prepare?: (t: TestApp, ids: Ids) => Promise<Partial<Ids>>;
}

async function freshVoucher(t: TestApp, ids: Ids): Promise<Partial<Ids>> {
  const client = t.app.services.coinSchemeClient;
  const member = await t.app.services.members.findById(ids.member);
  const hcoinsMemberNo = member?.external_customer_id as string;
  await credit(t, hcoinsMemberNo, 100);
  const reward = await newReward(t);
  const { voucher } = await client.redeem({ hcoinsMemberNo, rewardId: reward.id, key: randomUUID() });
  return { voucher: voucher.code };
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

/** Every console call behind a permission, with the permission the contract gives it. */
const ROUTES: ConsoleRoute[] = [
  { method: "GET", path: (_ids) => "/members?q=%2B852%2091234567", permission: "members.read" },
  { method: "GET", path: ({ member }) => `/members/${member}`, permission: "members.read" },
  {
    method: "POST",
    path: ({ member }) => `/members/${member}/unlock`,
    permission: "members.act",
    body: () => ({}),
  },
  {
    method: "POST",
    path: ({ member }) => `/members/${member}/reset-sms-allowance`,
    permission: "members.act",
    body: () => ({ reason: "asked by phone" }),
  },
  {
    method: "POST",
    path: ({ member }) => `/members/${member}/disable`,
    permission: "members.act",
    body: () => ({ reason: "lost phone" }),
  },
  {
    method: "POST",
    path: ({ member }) => `/members/${member}/enable`,
    permission: "members.act",
    body: () => ({ reason: "found phone" }),
  },
  {
    method: "POST",
    path: ({ member }) => `/members/${member}/revoke-sessions`,
    permission: "members.act",
    body: () => ({}),
  },
  {
    method: "POST",
    path: ({ member }) => `/members/${member}/adjust-coins`,
    permission: "coins.adjust",
    body: () => ({ coins: 5, reason: "goodwill" }),
  },
  { method: "GET", path: (_ids) => "/audit", permission: "audit.read" },
  { method: "GET", path: (_ids) => "/audit.csv", permission: "audit.read" },
  { method: "GET", path: (_ids) => "/operators", permission: "operators.manage" },
  {
    method: "POST",
    path: (_ids) => "/operators",
    permission: "operators.manage",
    body: (role) => ({ email: `new-by-${role.toLowerCase()}@example.com`, role: "auditor" }),
  },
  {
    method: "POST",
    path: ({ operator }) => `/operators/${operator}/invite`,
    permission: "operators.manage",
  },
  {
    method: "POST",
    path: ({ operator }) => `/operators/${operator}/disable`,
    permission: "operators.manage",
  },
  {
    method: "POST",
    path: ({ member }) => `/members/${member}/block-number`,
    permission: "members.act",
    body: () => ({ reason: "fraud report" }),
  },
  {
    method: "POST",
    path: ({ member }) => `/members/${member}/unblock-number`,
    permission: "members.act",
    body: () => ({ reason: "cleared" }),
  },
  {
    method: "POST",
    path: ({ member, voucher }) => `/members/${member}/vouchers/${voucher}/cancel`,
    permission: "vouchers.cancel",
    body: () => ({ reason: "member asked" }),
    prepare: freshVoucher,
  },
  { method: "POST", path: ({ member }) => `/members/${member}/export`, permission: "members.dataProtection" },
  {
    method: "POST",
    path: ({ member }) => `/members/${member}/erase`,
    permission: "members.dataProtection",
    body: (_role, { phone }) => ({ confirm_mobile_phone: phone }),
    prepare: freshMember,
  },
  { method: "GET", path: (_ids) => "/adjustment-ceilings", permission: "coins.adjust" },
  {
    method: "POST",
    path: (_ids) => "/adjustment-ceilings",
    permission: "operators.manage",
    body: () => ({ ...DEFAULT_ADJUSTMENT_CEILINGS }),
  },
  { method: "GET", path: () => "/content/banners", permission: ["content.edit", "audit.read"] },
  { method: "GET", path: () => "/content/pages", permission: ["content.edit", "audit.read"] },
  {
    method: "POST",
    path: () => "/images",
    permission: ["content.edit", "programme.edit"],
    body: () => ({ file_name: "dot.png", data_base64: PNG_1X1.toString("base64") }),
  },
  {
    method: "GET",
    path: () => `/images/${PNG_TOKEN}`,
    permission: ["content.edit", "programme.edit", "audit.read"],
    prepare: async (t) => {
      await t.app.services.media.add(PNG_1X1, "dot.png");
      return {};
    },
  },
  {
    method: "POST",
    path: () => "/content/banners",
    permission: "content.edit",
    body: () => ({
      location: "welcome",
      title: { en: "Offers", tc: "優惠", sc: "优惠" },
      image_mobile_token: PNG_TOKEN,
      image_desktop_token: PNG_TOKEN,
      link_url: "",
      active: true,
      starts_at: null,
      ends_at: null,
    }),
  },
  {
    method: "POST",
    path: () => "/content/pages",
    permission: "content.edit",
    body: (role) => ({
      location: "merchant",
      slug: `page-by-${role.toLowerCase()}`,
      title: { en: "Fair", tc: "展銷", sc: "展销" },
      content: { en: "<p>Fair</p>", tc: "<p>展銷</p>", sc: "<p>展销</p>" },
      active: true,
      publish_from: null,
      publish_until: null,
    }),
  },
  { method: "GET", path: () => "/rewards", permission: ["programme.edit", "audit.read"] },
  {
    method: "POST",
    path: ({ reward }) => `/rewards/${reward}/stock`,
    permission: "programme.edit",
    body: () => ({ change: 2 }),
  },
  {
    method: "POST",
    path: ({ reward }) => `/rewards/${reward}/active`,
    permission: "programme.edit",
    body: () => ({ active: false }),
  },
  { method: "GET", path: ({ reward }) => `/rewards/${reward}`, permission: ["programme.edit", "audit.read"] },
  {
    method: "POST",
    path: () => "/rewards",
    permission: "programme.edit",
    body: (role) => ({ ...REWARD_BODY, title: { ...REWARD_BODY.title, en: `By ${role}` }, stock: 5 }),
  },
  {
    method: "POST",
    path: ({ reward }) => `/rewards/${reward}`,
    permission: "programme.edit",
    body: (role) => ({ ...REWARD_BODY, coins: 300 + role.length }),
  },
  { method: "GET", path: () => "/bonus-days", permission: ["programme.edit", "audit.read"] },
  {
    method: "POST",
    path: () => "/birthday-multiplier",
    permission: "programme.edit",
    body: () => ({ multiplier: 200 }),
  },
  {
    method: "POST",
    path: () => "/bonus-days",
    permission: "programme.edit",
    body: () => ({ date: "2026-12-25", multiplier: 200 }),
  },
  {
    method: "POST",
    path: () => "/bonus-days/remove",
    permission: "programme.edit",
    body: () => ({ date: "2026-12-25" }),
  },
  { method: "GET", path: () => "/expiry-policy", permission: ["programme.edit", "audit.read"] },
  {
    method: "POST",
    path: () => "/expiry-policy",
    permission: "programme.edit",
    body: () => ({ policy: "24-months" }),
  },
  { method: "GET", path: () => "/stores", permission: ["programme.edit", "audit.read"] },
  {
    method: "POST",
    path: () => "/stores/partner",
    permission: "programme.edit",
    body: () => ({ code: "HF-CW01", partner: true }),
  },
  { method: "GET", path: () => "/brands", permission: ["content.edit", "programme.edit", "audit.read"] },
  {
    method: "GET",
    path: () => "/stores/list?q=HF",
    permission: ["content.edit", "programme.edit", "audit.read"],
  },
  {
    method: "POST",
    path: () => "/brands",
    permission: ["content.edit", "programme.edit"],
    body: (role) => ({
      code: `brand-by-${role.toLowerCase()}`,
      name: { en: "Sun", tc: "太陽", sc: "太阳" },
      logo_media_token: null,
    }),
  },
  {
    method: "POST",
    path: ({ brand }) => `/brands/${brand}`,
    permission: ["content.edit", "programme.edit"],
    body: (role) => ({
      code: `renamed-by-${role.toLowerCase()}`,
      name: { en: "Moon", tc: "月亮", sc: "月亮" },
      logo_media_token: null,
    }),
    prepare: freshBrand,
  },
  {
    method: "POST",
    path: ({ brand }) => `/brands/${brand}/move`,
    permission: ["content.edit", "programme.edit"],
    // A fresh brand sorts before the seeded ones: down always moves it.
    body: () => ({ direction: "down" }),
    prepare: freshBrand,
  },
  {
    method: "POST",
    path: ({ brand }) => `/brands/${brand}/delete`,
    permission: ["content.edit", "programme.edit"],
    prepare: freshBrand,
  },
  {
    method: "POST",
    path: ({ store }) => `/stores/${store}/status`,
    permission: ["content.edit", "programme.edit"],
    body: () => ({ status: "inactive" }),
    prepare: freshStore,
  },
  {
    method: "GET",
    path: () => "/figures?from=2026-11-01&to=2026-11-27",
    permission: ["programme.edit", "audit.read"],
  },
  { method: "GET", path: () => "/till-keys", permission: ["programme.edit", "audit.read"] },
  {
    method: "POST",
    path: () => "/till-keys",
    permission: "programme.edit",
    body: (role) => ({ name: `till-by-${role}`, stores: ["HF-CW01"] }),
  },
  {
    method: "POST",
    path: ({ tillKey }) => `/till-keys/${tillKey}/stores`,
    permission: "programme.edit",
    body: () => ({ stores: ["HF-CW01"] }),
    prepare: freshTillKey,
  },
  {
    method: "POST",
    path: ({ tillKey }) => `/till-keys/${tillKey}/revoke`,
    permission: "programme.edit",
    prepare: freshTillKey,
  },
];

describe("each role, call by call", () => {
  let t: TestApp;
  let member: Member;
  let table: Ids;
  const operators = new Map<OperatorRole, SignedInOperator>();

  beforeAll(async () => {
    t = await createTestApp();
    member = await linkedMember(t, 100);
    for (const role of OPERATOR_ROLES) operators.set(role, await signedInOperator(t, role));
    const { operator } = await t.app.services.operators.add("target@example.com", "auditor", {
      actor: "cli:test",
      address: null,
    });
    table = {
      member: member.user.id as number,
      phone: member.phone,
      operator: operator.id,
      voucher: "NONE",
      reward: (await newReward(t)).id,
      ...(await freshBrand(t)),
      ...(await freshStore(t)),
      tillKey: (await freshTillKey(t)).tillKey as number,
    };
  });
  afterAll(() => t.close());

  const cases = OPERATOR_ROLES.flatMap((role) =>
    ROUTES.map((route) => ({
      role,
      route,
      allowed: [route.permission].flat().some((permission) => ROLE_PERMISSIONS[role].includes(permission)),
      name: `${route.method} ${route.path({ member: 0, phone: "", operator: 0, voucher: "CODE", reward: 0, brand: 0, store: 0, tillKey: 0 })}`,
    })),
  );

  it.each(cases)("$role → $name: allowed $allowed", async ({ role, route, allowed }) => {
    const operator = operators.get(role) as SignedInOperator;
    const changes = route.method === "POST";
    const ids = { ...table, ...(await route.prepare?.(t, table)) };
    const before = (await t.app.services.audit.all({})).length;
    const answer = await consoleCall(t, route.method, route.path(ids), {
      cookie: operator.cookie,
      csrf: operator.csrf,
      ...(route.body ? { body: route.body(role, ids) } : {}),
    });
    expect(answer.status, answer.text).toBe(allowed ? 200 : 403);
    if (!allowed) expect(answer.body.error_code).toBe(4030);
    const after = await t.app.services.audit.all({});
    // Exactly one entry per state-changing call that went through, none for a refused one or a read.
    expect(after.length - before).toBe(changes && allowed ? 1 : 0);
    if (changes && allowed) expect(after[0]?.actor).toBe(`operator:${operator.email}`);
  });

  it("the auditor is refused every state-changing call", async () => {
    const auditor = operators.get("auditor") as SignedInOperator;
    for (const route of ROUTES.filter((candidate) => candidate.method === "POST")) {
      const answer = await consoleCall(t, "POST", route.path(table), {
        cookie: auditor.cookie,
        csrf: auditor.csrf,
        body: route.body?.("auditor", table) ?? {},
      });
      expect(answer.status, route.path(table)).toBe(403);
    }
  });

  it("without a session every call answers 4010", async () => {
    for (const route of ROUTES) {
      const answer = await consoleCall(t, route.method, route.path(table), {
        body: route.body?.("auditor", table) ?? {},
      });
      expect(answer.status).toBe(401);
      expect(answer.body.error_code).toBe(4010);
    }
  });
});
