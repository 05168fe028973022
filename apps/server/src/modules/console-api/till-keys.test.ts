import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { linkedMember, type Member } from "../member-coins/coins-test-support.ts";
import { consoleCall, type SignedInOperator, signedInOperator } from "./console-test-support.ts";

/*
 * Till keys from the console (issue 17): made with the key shown once, used at the till API the
 * member server serves for its embedded scheme, bound to other stores, revoked; each change one
 * audit entry that never holds the key.
 */

describe("till keys from the console", () => {
  let t: TestApp;
  let manager: SignedInOperator;
  let member: Member;

  beforeAll(async () => {
    t = await createTestApp();
    manager = await signedInOperator(t, "programmeManager");
    member = await linkedMember(t);
  });
  afterAll(() => t.close());

  const call = (path: string, body?: Record<string, unknown>, as = manager) =>
    consoleCall(t, body ? "POST" : "GET", path, {
      cookie: as.cookie,
      csrf: as.csrf,
      ...(body ? { body } : {}),
    });
  const audit = () => t.app.services.audit.all({});
  const buy = async (key: string, store: string) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/coin-scheme/v1/purchases",
      headers: { "x-api-key": key, "content-type": "application/json" },
      payload: JSON.stringify({
        qr_text: `${member.user.member_no},0,01,${Math.floor(Date.now() / 1000)}`,
        store_code: store,
        receipt_no: `R-${Math.random().toString(36).slice(2)}`,
        net_amount: "20",
      }),
    });
    return { status: res.statusCode, body: res.json() };
  };

  it("makes a key that earns at its stores only, shown once and never in the audit log", async () => {
    const made = await call("/till-keys", { name: "wan-chai-1", stores: ["HF-CW01", " HF-CW01 "] });
    expect(made.status, made.text).toBe(200);
    const { key, till_key: record } = made.body.payload;
    expect(record).toMatchObject({
      name: "wan-chai-1",
      stores: ["HF-CW01"],
      created_by: `operator:${manager.email}`,
      revoked_at: null,
    });
    const entries = await audit();
    expect(entries[0]).toMatchObject({
      action: "tillKey.create",
      target: `till-key:${record.id}`,
      actor: `operator:${manager.email}`,
      after: { name: "wan-chai-1", stores: ["HF-CW01"] },
    });
    expect(JSON.stringify(entries)).not.toContain(key);

    const bought = await buy(key, "HF-CW01");
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(bought.body.payload.transaction).toMatchObject({ actor_type: "till", actor: "wan-chai-1" });
    const elsewhere = await buy(key, "PC-CW02");
    expect(elsewhere.body.error_code).toBe(6017);

    const list = await call("/till-keys");
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(key);
    const listed = list.body.payload.till_keys.find((one: { id: number }) => one.id === record.id);
    expect(listed.last_used_at).not.toBeNull();
  });

  it("binds a key to other stores and revokes it, one audit entry each; a revoked key is refused at once", async () => {
    const { key, till_key: record } = (await call("/till-keys", { name: "causeway-1", stores: ["HF-CW01"] }))
      .body.payload;
    const moved = await call(`/till-keys/${record.id}/stores`, { stores: ["PC-CW02"] });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.payload.till_key.stores).toEqual(["PC-CW02"]);
    expect((await audit())[0]).toMatchObject({
      action: "tillKey.stores",
      target: `till-key:${record.id}`,
      before: { stores: ["HF-CW01"] },
      after: { stores: ["PC-CW02"] },
    });
    expect((await buy(key, "PC-CW02")).status).toBe(200);
    expect((await buy(key, "HF-CW01")).body.error_code).toBe(6017);

    const revoked = await call(`/till-keys/${record.id}/revoke`, {});
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body.payload.till_key.revoked_at).not.toBeNull();
    expect((await audit())[0]).toMatchObject({
      action: "tillKey.revoke",
      target: `till-key:${record.id}`,
      before: { revoked_at: null },
    });
    const refused = await buy(key, "PC-CW02");
    expect(refused.status).toBe(401);
    expect(refused.body.error_code).toBe(4010);

    const count = (await audit()).length;
    const again = await call(`/till-keys/${record.id}/revoke`, {});
    expect(again.status).toBe(400);
    expect(again.body.payload.errors).toEqual([{ field: "id", rule: "revoked" }]);
    const change = await call(`/till-keys/${record.id}/stores`, { stores: ["HF-CW01"] });
    expect(change.body.payload.errors).toEqual([{ field: "id", rule: "revoked" }]);
    expect((await audit()).length).toBe(count);
  });

  it("answers bad input with field rules and writes nothing", async () => {
    await call("/till-keys", { name: "taken-1", stores: ["HF-CW01"] });
    const count = (await audit()).length;
    for (const [body, errors] of [
      [{ name: "taken-1", stores: ["HF-CW01"] }, [{ field: "name", rule: "tillKeyNameTaken" }]],
      [{ name: "new-1", stores: ["NOWHERE"] }, [{ field: "stores", rule: "unknownStore" }]],
      [{ name: "till one", stores: ["HF-CW01"] }, [{ field: "name", rule: "tillKeyName" }]],
      [{ name: "new-2", stores: [] }, [{ field: "stores", rule: "required" }]],
      [{ name: "new-3", stores: ["bad code"] }, [{ field: "stores", rule: "storeCode" }]],
      [
        {},
        [
          { field: "name", rule: "required" },
          { field: "stores", rule: "required" },
        ],
      ],
    ] as const) {
      const answer = await call("/till-keys", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.payload.errors).toEqual(errors);
    }
    const missing = await call("/till-keys/999999/revoke", {});
    expect(missing.status).toBe(404);
    expect(missing.body.error_code).toBe(4040);
    expect((await call("/till-keys/999999/stores", { stores: ["HF-CW01"] })).status).toBe(404);
    expect((await audit()).length).toBe(count);
  });

  it("shows the auditor the list and refuses their changes", async () => {
    const auditor = await signedInOperator(t, "auditor");
    expect((await call("/till-keys", undefined, auditor)).status).toBe(200);
    expect((await call("/till-keys", { name: "auditor-1", stores: ["HF-CW01"] }, auditor)).status).toBe(403);
  });
});
