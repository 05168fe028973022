import { campaignDefinitionSchema, holidayRule } from "@hcoins/domain/campaign-rules";
import type { DatabaseOptions } from "@hcoins/server-kit/database";
import { expect } from "vitest";
import { createTestScheme, type TestScheme } from "./test-scheme.ts";

/*
 * The scheme's HTTP API as tests call it: a full-scope key (the member server) and a till key
 * bound to the stores the scheme registers at start. The clock is pinned to 2025-07-15 12:00
 * in Hong Kong, so July is the birthday month and 2025-07-15 the day a holiday can fall on.
 */

export const MEMBER_SERVER_KEY = "test-member-server-key-0001";
export const TILL_KEY = "test-till-key-0000000001";
export const STORES = ["S1", "S2", "P1", "PLAIN1", "PARTNER1"];
export const KEYS = `member-server:${MEMBER_SERVER_KEY},pos-1:${TILL_KEY}:till:${STORES.join("|")}`;
export const NOON_HK = Date.UTC(2025, 6, 15, 4, 0, 0);
export const TODAY = "2025-07-15";

export async function schemeApp(env: Record<string, string> = {}, databaseOptions: DatabaseOptions = {}) {
  const t = await createTestScheme({ COIN_SCHEME_API_KEYS: KEYS, ...env }, undefined, databaseOptions);
  t.clock.advance(NOON_HK - t.clock.now());
  for (const store of STORES) {
    const res = await admin(t, "PUT", `/stores/${store}`, { partner_property: store === "PARTNER1" });
    expect(res.status).toBe(200);
  }
  return t;
}

// biome-ignore lint/suspicious/noExplicitAny: tests read envelope fields freely
export type Res = { status: number; body: any; headers: Record<string, unknown> };

export function scheme(
  t: TestScheme,
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  body?: unknown,
  key = TILL_KEY,
) {
  return t.app
    .inject({
      method,
      url: `/coin-scheme/v1${path}`,
      headers: {
        ...(key ? { "x-api-key": key } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    })
    .then(
      (response): Res => ({
        status: response.statusCode,
        body: JSON.parse(response.body),
        headers: response.headers,
      }),
    );
}

export const admin = (
  t: TestScheme,
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  body?: unknown,
) => scheme(t, method, path, body, MEMBER_SERVER_KEY);

let phoneSequence = 0;
/** A linked account for a fresh member ref, with the birth month the member server knows (if any). */
export async function linkedMember(t: TestScheme, memberRef: string, birthMonth?: number) {
  phoneSequence += 1;
  const res = await admin(t, "POST", "/accounts", {
    mobile_phone_prefix: "852",
    mobile_phone: String(61_000_000 + phoneSequence),
    member_ref: memberRef,
    ...(birthMonth === undefined ? {} : { birth_month: birthMonth }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.payload.account.hcoins_memberno as string;
}

export const qr = (t: TestScheme, memberRef: string, month: string, offsetSeconds = 0) =>
  `${memberRef},0,${month},${Math.floor(t.clock.now() / 1000) + offsetSeconds}`;

let receiptSequence = 0;
export const nextReceipt = () => {
  receiptSequence += 1;
  return `R-${receiptSequence}`;
};

/** A campaign `writer` writes and `checker` activates; its id. */
export async function activeCampaign(t: TestScheme, definition: Record<string, unknown>): Promise<number> {
  const created = await admin(t, "POST", "/campaigns", { ...definition, operator: "writer" });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.payload.campaign.id as number;
  const activated = await admin(t, "POST", `/campaigns/${id}/activate`, {
    operator: "writer",
    approver: "checker",
  });
  expect(activated.status, JSON.stringify(activated.body)).toBe(200);
  return id;
}

/**
 * Makes a Hong Kong date a holiday of `multiplier`, or none with null, as an operator now does
 * (decision 238): the date's active holiday rules end, and a new one is written and activated.
 */
export async function setHoliday(
  t: TestScheme,
  date: string,
  multiplier: string | null,
): Promise<number | null> {
  const { days } = (await admin(t, "GET", "/bonus-days")).body.payload as {
    days: { date: string; campaign_id: number }[];
  };
  for (const day of days.filter((each) => each.date === date))
    expect((await admin(t, "POST", `/campaigns/${day.campaign_id}/end`, { operator: "writer" })).status).toBe(
      200,
    );
  if (multiplier === null) return null;
  return activeCampaign(t, holidayRule(date, multiplier));
}

/** The campaign of the programme rule migration 0018 made of a kind (`electronic` or `birthday`). */
export async function programmeRule(t: TestScheme, rule: "electronic" | "birthday") {
  const { campaigns } = (await admin(t, "GET", "/campaigns")).body.payload as {
    campaigns: { id: number; programme_rule: string | null; created_by: string }[];
  };
  const found = campaigns.find(
    (each) => each.programme_rule === rule && each.created_by === "migration 0018",
  );
  expect(found, `the ${rule} rule`).toBeDefined();
  // biome-ignore lint/suspicious/noExplicitAny: tests read the campaign's fields freely
  return found as any;
}

/** Changes a live campaign's multiplier the way its lifecycle allows: paused, edited, activated by a second operator. */
export async function changeMultiplier(t: TestScheme, id: number, multiplier: string) {
  // The view's definition fields, the scheme's figures and names left out.
  const definition = campaignDefinitionSchema.parse(
    (await admin(t, "GET", `/campaigns/${id}`)).body.payload.campaign,
  );
  expect((await admin(t, "POST", `/campaigns/${id}/pause`, { operator: "writer" })).status).toBe(200);
  const edit = await admin(t, "PUT", `/campaigns/${id}`, {
    ...definition,
    action: { type: "multiplier", multiplier },
    operator: "writer",
  });
  expect(edit.status, JSON.stringify(edit.body)).toBe(200);
  const activated = await admin(t, "POST", `/campaigns/${id}/activate`, {
    operator: "writer",
    approver: "checker",
  });
  expect(activated.status, JSON.stringify(activated.body)).toBe(200);
}
