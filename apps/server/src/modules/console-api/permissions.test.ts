import { createHash } from "node:crypto";
import {
  OPERATOR_ROLES,
  type OperatorRole,
  type Permission,
  ROLE_PERMISSIONS,
} from "@hcoins/domain/api/console";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PNG_1X1 } from "../../testing/images.ts";
import type { TestApp } from "../../testing/test-app.ts";
import { createTestApp } from "../../testing/test-app.ts";
import { linkedMember, type Member } from "../member-coins/coins-test-support.ts";
import { consoleCall, type SignedInOperator, signedInOperator } from "./console-test-support.ts";

interface ConsoleRoute {
  method: "GET" | "POST";
  path: (memberId: number) => string;
  /** The permission the call needs; a list: any one of them. */
  permission: Permission | readonly Permission[];
  body?: (role: OperatorRole) => Record<string, unknown>;
}

// The image a banner row names: the images row (run before it for each role) stores it.
const PNG_TOKEN = createHash("sha256").update(PNG_1X1).digest("hex");

/** Every console call behind a permission, with the permission the contract gives it. */
const ROUTES: ConsoleRoute[] = [
  { method: "GET", path: () => "/members?q=%2B852%2091234567", permission: "members.read" },
  { method: "GET", path: (id) => `/members/${id}`, permission: "members.read" },
  { method: "POST", path: (id) => `/members/${id}/unlock`, permission: "members.act", body: () => ({}) },
  {
    method: "POST",
    path: (id) => `/members/${id}/reset-sms-allowance`,
    permission: "members.act",
    body: () => ({ reason: "asked by phone" }),
  },
  {
    method: "POST",
    path: (id) => `/members/${id}/disable`,
    permission: "members.act",
    body: () => ({ reason: "lost phone" }),
  },
  {
    method: "POST",
    path: (id) => `/members/${id}/enable`,
    permission: "members.act",
    body: () => ({ reason: "found phone" }),
  },
  {
    method: "POST",
    path: (id) => `/members/${id}/revoke-sessions`,
    permission: "members.act",
    body: () => ({}),
  },
  {
    method: "POST",
    path: (id) => `/members/${id}/adjust-coins`,
    permission: "coins.adjust",
    body: () => ({ coins: 5, reason: "goodwill" }),
  },
  { method: "GET", path: () => "/audit", permission: "audit.read" },
  { method: "GET", path: () => "/audit.csv", permission: "audit.read" },
  { method: "GET", path: () => "/operators", permission: "operators.manage" },
  {
    method: "POST",
    path: () => "/operators",
    permission: "operators.manage",
    body: (role) => ({ email: `new-by-${role.toLowerCase()}@example.com`, role: "auditor" }),
  },
  { method: "GET", path: () => "/content/banners", permission: ["content.edit", "audit.read"] },
  { method: "GET", path: () => "/content/pages", permission: ["content.edit", "audit.read"] },
  {
    method: "POST",
    path: () => "/content/images",
    permission: "content.edit",
    body: () => ({ file_name: "dot.png", data_base64: PNG_1X1.toString("base64") }),
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
];

describe("each role, call by call", () => {
  let t: TestApp;
  let member: Member;
  let memberId: number;
  const operators = new Map<OperatorRole, SignedInOperator>();

  beforeAll(async () => {
    t = await createTestApp();
    member = await linkedMember(t, 100);
    memberId = member.user.id ?? (await t.app.services.members.findByPhone(member.prefix, member.phone))?.id;
    for (const role of OPERATOR_ROLES) operators.set(role, await signedInOperator(t, role));
  });
  afterAll(() => t.close());

  const cases = OPERATOR_ROLES.flatMap((role) =>
    ROUTES.map((route) => ({
      role,
      route,
      allowed: [route.permission].flat().some((permission) => ROLE_PERMISSIONS[role].includes(permission)),
      name: `${route.method} ${route.path(0)}`,
    })),
  );

  it.each(cases)("$role → $name: allowed $allowed", async ({ role, route, allowed }) => {
    const operator = operators.get(role) as SignedInOperator;
    const changes = route.method === "POST";
    const before = (await t.app.services.audit.all({})).length;
    const answer = await consoleCall(t, route.method, route.path(memberId), {
      cookie: operator.cookie,
      csrf: operator.csrf,
      ...(route.body ? { body: route.body(role) } : {}),
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
      const answer = await consoleCall(t, "POST", route.path(memberId), {
        cookie: auditor.cookie,
        csrf: auditor.csrf,
        body: route.body?.("auditor") ?? {},
      });
      expect(answer.status, route.path(memberId)).toBe(403);
    }
  });

  it("without a session every call answers 4010", async () => {
    for (const route of ROUTES) {
      const answer = await consoleCall(t, route.method, route.path(memberId), {
        body: route.body?.("auditor") ?? {},
      });
      expect(answer.status).toBe(401);
      expect(answer.body.error_code).toBe(4010);
    }
  });
});
