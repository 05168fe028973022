import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { CoinSchemeUnavailableError } from "../coins/coin-scheme-client.ts";
import { numberMoveTheSchemeRefuses } from "./outbox-test-support.ts";
import { SchemeOutboxRepository } from "./repository.ts";
import { retryDelay, SchemeOutbox } from "./service.ts";

let t: TestApp;
afterEach(() => t?.close());

const schemeStores = async () =>
  new Map(
    (await t.app.services.coinSchemeClient.stores()).stores.map((s) => [s.store_code, s.partner_property]),
  );

describe("the scheme outbox", () => {
  it("tells the scheme of a store once its transaction commits, and never of one rolled back", async () => {
    t = await createTestApp();
    const { stores, database } = t.app.services;
    const partner = (await schemeStores()).get("HF-CW01") as boolean;
    await expect(
      database.transaction(async (trx) => {
        await stores.saveStores(
          [{ label: "a", input: { code: "HF-CW01", partnerProperty: !partner } }],
          {},
          trx,
        );
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await t.app.services.schemeOutbox.steps()).toEqual([]);
    expect((await schemeStores()).get("HF-CW01")).toBe(partner);

    await stores.setPartnerProperty("HF-CW01", !partner);
    expect((await schemeStores()).get("HF-CW01")).toBe(!partner);
    expect(await t.app.services.schemeOutbox.steps()).toEqual([]);
  });

  it("keeps a step the scheme could not take, retries it after its backoff, in the order of its subject", async () => {
    t = await createTestApp();
    const { database, log } = { database: t.app.services.database, log: t.app.log };
    let down = true;
    const told: string[] = [];
    const scheme = {
      async setStore(code: string, partner: boolean) {
        if (down) throw new CoinSchemeUnavailableError("unreachable", "test");
        told.push(`${code}:${partner}`);
        return {};
      },
    } as never;
    const outbox = new SchemeOutbox(new SchemeOutboxRepository(database), scheme, log, () => t.clock.now());
    outbox.define<{ code: string; partner: boolean }, unknown>("test-store", {
      invoke: (client, step) => client.setStore(step.code, step.partner),
    });
    const [first, second] = await database.transaction(async (trx) => [
      await outbox.add("test-store", "store:X", { code: "X", partner: true }, trx),
      await outbox.add("test-store", "store:X", { code: "X", partner: false }, trx),
    ]);
    expect(await outbox.deliver([first as number, second as number])).toEqual([
      { state: "pending" },
      { state: "pending" },
    ]);
    // The second waits for the first; the first for its backoff.
    down = false;
    expect(await outbox.deliverPending()).toEqual({ delivered: 0, refused: 0, pending: 1 });
    t.clock.advance(retryDelay(1));
    expect(await outbox.deliverPending()).toEqual({ delivered: 2, refused: 0, pending: 0 });
    expect(told).toEqual(["X:true", "X:false"]);
    expect(await outbox.steps()).toEqual([]);
    expect(retryDelay(2)).toBe(2 * retryDelay(1));
    expect(retryDelay(30)).toBe(3_600_000);
  });

  it("undoes a number change the scheme refuses: the old number back, with its audit entry", async () => {
    t = await createTestApp();
    const { members, schemeOutbox, coinSchemeClient, audit } = t.app.services;
    const { member, id } = await numberMoveTheSchemeRefuses(t, "operator:cs@example.com");
    expect(await schemeOutbox.deliverPending()).toEqual({ delivered: 0, refused: 1, pending: 0 });
    expect((await members.findById(id))?.mobile_phone).toBe(member.phone);
    expect((await audit.all({ action: "member.undoNumberChange" }))[0]).toMatchObject({
      actor: "operator:cs@example.com",
      after: { mobile_phone: member.phone, reason: "the coin scheme refused the move (6010)" },
    });
    expect(await schemeOutbox.steps()).toMatchObject([
      { kind: "account-number", failed_at: expect.any(Number) },
    ]);
    expect((await coinSchemeClient.findAccountByPhone("852", member.phone))?.hcoins_memberno).toBe(
      member.hcoins,
    );
  });
});
