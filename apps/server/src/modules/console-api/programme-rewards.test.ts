import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PNG_1X1 } from "../../testing/images.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { newReward } from "../member-coins/coins-test-support.ts";
import { consoleCall, type SignedInOperator, signedInOperator } from "./console-test-support.ts";

/** A reward as the console's form sends it. */
const body = (fields: Record<string, unknown> = {}) => ({
  kind: "evoucher",
  coins: 500,
  value_amount: "100.00",
  store_codes: ["HF-CW01"],
  title: { en: "HKD 100 voucher", tc: "100 港元禮券", sc: "100 港元礼券" },
  description: { en: "Spend it in store", tc: "店內使用", sc: "店内使用" },
  terms: { en: "One per bill", tc: "每單一張", sc: "每单一张" },
  image_url: null,
  starts_at: "2026-12-01T10:00:00+08:00",
  ends_at: "2027-01-31T23:59:00+08:00",
  per_member_limit: 2,
  voucher_valid_days: 60,
  sort_order: 3,
  active: true,
  ...fields,
});

describe("the programme manager adds and edits rewards in the console", () => {
  let t: TestApp;
  let manager: SignedInOperator;

  beforeAll(async () => {
    t = await createTestApp();
    manager = await signedInOperator(t, "programmeManager");
  });
  afterAll(() => t.close());

  const call = (method: "GET" | "POST", path: string, payload?: Record<string, unknown>) =>
    consoleCall(t, method, path, {
      cookie: manager.cookie,
      csrf: manager.csrf,
      ...(payload ? { body: payload } : {}),
    });
  const audits = async () => t.app.services.audit.all({});

  it("adds a reward with its first stock, as the scheme keeps it, with one audit entry", async () => {
    const before = (await audits()).length;
    const answer = await call("POST", "/rewards", body({ stock: 40 }));
    expect(answer.status, answer.text).toBe(200);
    const reward = answer.body.payload.reward;
    expect(reward).toMatchObject({
      kind: "evoucher",
      coins: 500,
      stock: 40,
      value_amount: "100.00",
      store_codes: ["HF-CW01"],
      title: { tc: "100 港元禮券" },
      per_member_limit: 2,
      voucher_valid_days: 60,
      sort_order: 3,
    });
    expect(Date.parse(reward.starts_at)).toBe(Date.parse("2026-12-01T02:00:00Z"));
    const inScheme = (await t.app.services.coinSchemeClient.reward(reward.id)).reward;
    expect(inScheme).toMatchObject({ coins: 500, stock: 40, title: { sc: "100 港元礼券" } });
    const entries = await audits();
    expect(entries.length - before).toBe(1);
    expect(entries[0]).toMatchObject({
      action: "reward.create",
      target: `reward:${reward.id}`,
      actor: `operator:${manager.email}`,
      before: null,
      after: { coins: 500, stock: 40, value_amount: "100.00" },
    });
  });

  it("edits a reward: the audit entry holds only the fields that changed, the stock stays", async () => {
    const reward = await newReward(t, { stock: 7, coins: 100 });
    const shown = await call("GET", `/rewards/${reward.id}`);
    expect(shown.body.payload.reward).toMatchObject({ id: reward.id, terms: { en: "One per bill" } });
    const edited = await call(
      "POST",
      `/rewards/${reward.id}`,
      body({ coins: 120, store_codes: ["HF-CW01"], title: shown.body.payload.reward.title }),
    );
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.payload.reward).toMatchObject({ coins: 120, stock: 7, value_amount: "100.00" });
    const entry = (await audits())[0];
    expect(entry).toMatchObject({
      action: "reward.edit",
      target: `reward:${reward.id}`,
      before: { coins: 100, value_amount: "50.00" },
      after: { coins: 120, value_amount: "100.00" },
    });
    expect(entry?.before).not.toHaveProperty("stock");
    expect(entry?.after).not.toHaveProperty("title");
  });

  it("refuses what the scheme would refuse, naming each field's rule, and changes nothing", async () => {
    const before = (await audits()).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ value_amount: null }, "value_amount", "valueRequired"],
      [{ kind: "product" }, "value_amount", "valueForProduct"],
      [{ value_amount: "12.345" }, "value_amount", "amountFormat"],
      [{ coins: 0 }, "coins", "coinsInvalid"],
      [{ title: { en: "Voucher", tc: " ", sc: "礼券" } }, "title.tc", "required"],
      [{ ends_at: "2026-11-30T10:00:00+08:00" }, "ends_at", "endsBeforeStart"],
      [{ image_url: "//elsewhere.example/a.png" }, "image_url", "imageUrlInvalid"],
      [{ voucher_valid_days: 4000 }, "voucher_valid_days", "validDaysInvalid"],
      [{ per_member_limit: 0 }, "per_member_limit", "limitInvalid"],
      [{ stock: -1 }, "stock", "stockInvalid"],
    ];
    for (const [fields, field, rule] of cases) {
      const answer = await call("POST", "/rewards", body({ stock: 5, ...fields }));
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.body.payload.errors, JSON.stringify(fields)).toContainEqual({ field, rule });
    }
    expect((await audits()).length).toBe(before);
  });

  it("refuses a store the scheme does not know (storeUnknown) and a reward that is not there (4040)", async () => {
    const unknown = await call("POST", "/rewards", body({ stock: 1, store_codes: ["NOPE-9"] }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.payload.errors).toEqual([{ field: "store_codes", rule: "storeUnknown" }]);
    const missing = await call("POST", "/rewards/999999", body());
    expect(missing.status).toBe(404);
    expect(missing.body.error_code).toBe(4040);
  });

  it("stores a picture and answers its address, which the reward keeps", async () => {
    const upload = await call("POST", "/images", {
      file_name: "card.png",
      data_base64: PNG_1X1.toString("base64"),
    });
    expect(upload.status, upload.text).toBe(200);
    expect(upload.body.payload.image_url).toBe(`/crm/media/${upload.body.payload.token}`);
    const saved = await call(
      "POST",
      "/rewards",
      body({ stock: 1, image_url: upload.body.payload.image_url }),
    );
    expect(saved.body.payload.reward.image_url).toBe(upload.body.payload.image_url);
    const preview = await call("GET", `/images/${upload.body.payload.token}`);
    expect(preview.status).toBe(200);
    expect(preview.headers["content-type"]).toBe("image/png");
    expect((await call("GET", `/images/${"0".repeat(64)}`)).status).toBe(404);

    const notAnImage = await call("POST", "/images", {
      file_name: "card.png",
      data_base64: Buffer.from("hello").toString("base64"),
    });
    expect(notAnImage.status).toBe(400);
    expect(notAnImage.body.payload.errors[0]).toMatchObject({ field: "data_base64" });
  });
});
