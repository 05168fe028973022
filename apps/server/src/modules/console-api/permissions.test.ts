import {
  OPERATOR_ROLES,
  type OperatorRole,
  type Permission,
  ROLE_PERMISSIONS,
} from "@hcoins/domain/api/console";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../testing/test-app.ts";
import { createTestApp } from "../../testing/test-app.ts";
import { linkedMember, type Member, newReward } from "../member-coins/coins-test-support.ts";
import { consoleCall, type SignedInOperator, signedInOperator } from "./console-test-support.ts";

interface ConsoleRoute {
  method: "GET" | "POST";
  path: (memberId: number, rewardId: number) => string;
  /** Any one of them lets the call through. */
  permission: Permission | Permission[];
  body?: (role: OperatorRole) => Record<string, unknown>;
}

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
  { method: "GET", path: () => "/rewards", permission: ["programme.edit", "audit.read"] },
  {
    method: "POST",
    path: (_, rewardId) => `/rewards/${rewardId}/stock`,
    permission: "programme.edit",
    body: () => ({ change: 2 }),
  },
  {
    method: "POST",
    path: (_, rewardId) => `/rewards/${rewardId}/active`,
    permission: "programme.edit",
    body: () => ({ active: false }),
  },
  { method: "GET", path: () => "/bonus-days", permission: ["programme.edit", "audit.read"] },
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
];

const allows = (role: OperatorRole, permission: Permission | Permission[]) =>
  (Array.isArray(permission) ? permission : [permission]).some((one) => ROLE_PERMISSIONS[role].includes(one));

describe("each role, call by call", () => {
  let t: TestApp;
  let member: Member;
  let memberId: number;
  let rewardId: number;
  const operators = new Map<OperatorRole, SignedInOperator>();

  beforeAll(async () => {
    t = await createTestApp();
    member = await linkedMember(t, 100);
    memberId = member.user.id ?? (await t.app.services.members.findByPhone(member.prefix, member.phone))?.id;
    rewardId = (await newReward(t)).id;
    for (const role of OPERATOR_ROLES) operators.set(role, await signedInOperator(t, role));
  });
  afterAll(() => t.close());

  const cases = OPERATOR_ROLES.flatMap((role) =>
    ROUTES.map((route) => ({
      role,
      route,
      allowed: allows(role, route.permission),
      name: `${route.method} ${route.path(0, 0)}`,
    })),
  );

  it.each(cases)("$role → $name: allowed $allowed", async ({ role, route, allowed }) => {
    const operator = operators.get(role) as SignedInOperator;
    const changes = route.method === "POST";
    const before = (await t.app.services.audit.all({})).length;
    const answer = await consoleCall(t, route.method, route.path(memberId, rewardId), {
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
      const answer = await consoleCall(t, "POST", route.path(memberId, rewardId), {
        cookie: auditor.cookie,
        csrf: auditor.csrf,
        body: route.body?.("auditor") ?? {},
      });
      expect(answer.status, route.path(memberId, rewardId)).toBe(403);
    }
  });

  it("without a session every call answers 4010", async () => {
    for (const route of ROUTES) {
      const answer = await consoleCall(t, route.method, route.path(memberId, rewardId), {
        body: route.body?.("auditor") ?? {},
      });
      expect(answer.status).toBe(401);
      expect(answer.body.error_code).toBe(4010);
    }
  });
});
