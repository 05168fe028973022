import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import {
  admin,
  KEYS,
  linkedMember,
  nextReceipt,
  qr,
  type Res,
  scheme,
  schemeApp,
  TILL_KEY,
} from "./testing/scheme-calls.ts";
import { createTestScheme, type TestScheme } from "./testing/test-scheme.ts";

/*
 * Till keys an operator makes (issue 17): shown once, kept as a hash, bound to registered stores
 * like a configured till key, refused from the call after their revoke, on any instance.
 */

const schemes: TestScheme[] = [];
afterEach(async () => {
  // A second instance closes before the first, which drops the shared database.
  for (const one of schemes.reverse()) await one.close();
  schemes.length = 0;
});

async function started() {
  const t = await schemeApp();
  schemes.push(t);
  await linkedMember(t, "TK1", 1);
  return t;
}

const refused = (res: Res, status: number, errorCode: number) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error_code).toBe(errorCode);
};

const create = async (t: TestScheme, name: string, stores: string[]) => {
  const res = await admin(t, "POST", "/till-keys", { name, stores, operator: "ops@example.com" });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.payload as { key: string; till_key: { id: number; name: string; stores: string[] } };
};

const buy = (t: TestScheme, key: string, store: string) =>
  scheme(
    t,
    "POST",
    "/purchases",
    { qr_text: qr(t, "TK1", "01"), store_code: store, receipt_no: nextReceipt(), net_amount: "10" },
    key,
  );

describe("till keys operators make", () => {
  it("earns at a bound store only (6017 elsewhere), as the till named; the key is kept only as its hash", async () => {
    const t = await started();
    const made = await create(t, "counter-7", ["S1", "S1", "P1"]);
    expect(made.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(made.till_key).toMatchObject({
      name: "counter-7",
      stores: ["S1", "P1"],
      created_by: "ops@example.com",
      revoked_at: null,
      last_used_at: null,
    });

    const bought = await buy(t, made.key, "S1");
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(bought.body.payload.transaction).toMatchObject({ actor_type: "till", actor: "counter-7" });
    refused(await buy(t, made.key, "S2"), 403, 6017);
    // The account read a till may make, and no other.
    const account = await scheme(t, "POST", "/till/account", { qr_text: qr(t, "TK1", "01") }, made.key);
    expect(account.status).toBe(200);
    refused(await scheme(t, "GET", "/stores", undefined, made.key), 403, 4030);

    const rows = await t.db.selectFrom("hcoin_till_keys").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.key_hash).toBe(createHash("sha256").update(made.key).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(made.key);

    const list = await admin(t, "GET", "/till-keys");
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(made.key);
    expect(JSON.stringify(list.body)).not.toContain(rows[0]?.key_hash);
    expect(list.body.payload.till_keys[0].last_used_at).not.toBeNull();
  });

  it("moves a key to other stores from its next call", async () => {
    const t = await started();
    const made = await create(t, "counter-8", ["S1"]);
    const moved = await admin(t, "PUT", `/till-keys/${made.till_key.id}/stores`, { stores: ["S2"] });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.payload.till_key).toMatchObject({ stores: ["S2"] });
    expect(moved.body.payload.till_key.stores_changed_at).not.toBeNull();
    expect((await buy(t, made.key, "S2")).status).toBe(200);
    refused(await buy(t, made.key, "S1"), 403, 6017);
  });

  it("refuses a revoked key at once (4010); its name is free again, its row stays", async () => {
    const t = await started();
    const made = await create(t, "counter-9", ["S1"]);
    expect((await buy(t, made.key, "S1")).status).toBe(200);
    const revoked = await admin(t, "POST", `/till-keys/${made.till_key.id}/revoke`, {
      operator: "ops@example.com",
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.payload.till_key).toMatchObject({ revoked_by: "ops@example.com" });
    refused(await buy(t, made.key, "S1"), 401, 4010);
    refused(
      await admin(t, "POST", `/till-keys/${made.till_key.id}/revoke`, { operator: "ops@example.com" }),
      409,
      6031,
    );
    refused(await admin(t, "PUT", `/till-keys/${made.till_key.id}/stores`, { stores: ["S2"] }), 409, 6031);
    const again = await create(t, "counter-9", ["S2"]);
    expect(again.key).not.toBe(made.key);
    expect((await admin(t, "GET", "/till-keys")).body.payload.till_keys).toHaveLength(2);
  });

  it("answers bad input with its own code: name taken 6029, unknown store 6014, no such key 6030, bad fields 4000", async () => {
    const t = await started();
    await create(t, "counter-1", ["S1"]);
    refused(
      await admin(t, "POST", "/till-keys", { name: "counter-1", stores: ["S2"], operator: "ops" }),
      409,
      6029,
    );
    const unknown = await admin(t, "POST", "/till-keys", {
      name: "counter-2",
      stores: ["S1", "NOWHERE", "ELSEWHERE"],
      operator: "ops",
    });
    refused(unknown, 422, 6014);
    expect(unknown.body.payload.store_codes).toEqual(["NOWHERE", "ELSEWHERE"]);
    refused(await admin(t, "PUT", "/till-keys/999/stores", { stores: ["S1"] }), 404, 6030);
    refused(await admin(t, "POST", "/till-keys/999/revoke", { operator: "ops" }), 404, 6030);
    const badName = await admin(t, "POST", "/till-keys", { name: "till 1", stores: ["S1"], operator: "ops" });
    refused(badName, 400, 4000);
    expect(badName.body.payload.errors).toContainEqual({ field: "name", rule: "tillKeyName" });
    const noStores = await admin(t, "POST", "/till-keys", { name: "counter-3", stores: [], operator: "ops" });
    expect(noStores.body.payload.errors).toContainEqual({ field: "stores", rule: "required" });
    expect((await admin(t, "GET", "/till-keys")).body.payload.till_keys).toHaveLength(1);
  });

  it("is for full-scope clients only: a till key, configured or made, may not list, make or revoke keys", async () => {
    const t = await started();
    const made = await create(t, "counter-4", ["S1"]);
    for (const key of [TILL_KEY, made.key]) {
      refused(await scheme(t, "GET", "/till-keys", undefined, key), 403, 4030);
      refused(
        await scheme(t, "POST", "/till-keys", { name: "mine", stores: ["S1"], operator: "x" }, key),
        403,
        4030,
      );
      refused(
        await scheme(t, "PUT", `/till-keys/${made.till_key.id}/stores`, { stores: ["S2"] }, key),
        403,
        4030,
      );
      refused(
        await scheme(t, "POST", `/till-keys/${made.till_key.id}/revoke`, { operator: "x" }, key),
        403,
        4030,
      );
    }
    refused(await scheme(t, "GET", "/till-keys", undefined, "not-a-key-of-anyone-at-all"), 401, 4010);
  });

  it.runIf(process.env.DATABASE_URL)(
    "on PostgreSQL with two scheme instances: a revoke on one is refused by the other from its next call",
    async () => {
      const first = await started();
      const second = await createTestScheme({ COIN_SCHEME_API_KEYS: KEYS }, first);
      schemes.push(second);
      const made = await create(first, "counter-5", ["S1"]);
      expect((await buy(second, made.key, "S1")).status).toBe(200);
      await admin(first, "POST", `/till-keys/${made.till_key.id}/revoke`, { operator: "ops" });
      refused(await buy(second, made.key, "S1"), 401, 4010);
    },
  );
});
