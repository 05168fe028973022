import { afterEach, describe, expect, it } from "vitest";
import { CoinSchemeRefusedError } from "../modules/coins/coin-scheme-client.ts";
import { numberMoveTheSchemeRefuses } from "../modules/scheme-outbox/outbox-test-support.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { CliError } from "./command.ts";
import { schemeStepDismiss, schemeStepRetry, schemeSteps } from "./scheme-steps.ts";

let t: TestApp;
afterEach(() => t?.close());

async function refusal(run: Promise<string>): Promise<string> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CliError);
  return (error as CliError).message;
}

/** A store step written in its transaction but not yet delivered, as when the scheme was down. */
const storeStep = (code: string, partner: boolean) =>
  t.app.services.database.transaction((trx) =>
    t.app.services.schemeOutbox.add("store-set", `store:${code}`, { code, partner }, trx),
  );

/** A step the scheme refuses while `refusing.now` holds (no compensation: nothing to undo here). */
const refusing = { now: true };
function refusedStep() {
  const { schemeOutbox, database } = t.app.services;
  refusing.now = true;
  schemeOutbox.define<{ code: string }, unknown>("test-refused", {
    invoke: async () => {
      if (refusing.now) throw new CoinSchemeRefusedError(4000, "store_code: storeCode");
      return {};
    },
  });
  return database.transaction((trx) => schemeOutbox.add("test-refused", "store:X", { code: "X" }, trx));
}

const schemeFlag = async (code: string) =>
  (await t.app.services.coinSchemeClient.stores()).stores.find((s) => s.store_code === code)
    ?.partner_property;

describe("scheme-steps, scheme-step-retry and scheme-step-dismiss", () => {
  it("lists a pending step and sends it now on retry, with an audit entry", async () => {
    t = await createTestApp();
    const { services } = t.app;
    expect(await schemeSteps(services, [])).toMatch(/no step is pending or refused/);
    const partner = await schemeFlag("HF-CW01");
    const id = await storeStep("HF-CW01", !partner);
    expect(await schemeSteps(services, [])).toMatch(
      new RegExp(`^#${id} store-set \\(store:HF-CW01\\), written .*: pending, try 1 at `),
    );

    expect(await schemeStepRetry(services, [String(id)])).toBe(
      `Step #${id} (store-set) reached the coin scheme.`,
    );
    expect(await schemeFlag("HF-CW01")).toBe(!partner);
    expect(await services.schemeOutbox.steps()).toEqual([]);
    expect((await services.audit.all({ action: "scheme-step.retry" }))[0]).toMatchObject({
      target: `scheme-step:${id}`,
      after: { kind: "store-set", subject: "store:HF-CW01", outcome: "delivered" },
    });
    expect(await refusal(schemeStepRetry(services, [String(id)]))).toMatch(`no step has id ${id}`);
    expect(await refusal(schemeStepRetry(services, ["x1"]))).toMatch(/must be a number/);
  });

  it("dismisses only a refused step, with its reason; a pending one stays", async () => {
    t = await createTestApp();
    const { services } = t.app;
    const id = await refusedStep();
    expect(await refusal(schemeStepDismiss(services, [String(id), "--reason", "x"]))).toMatch(
      /still pending/,
    );
    expect(await services.schemeOutbox.deliverPending()).toMatchObject({ refused: 1 });
    expect(await schemeSteps(services, [])).toMatch(
      new RegExp(`#${id} test-refused .*REFUSED at .* after 1 tries`),
    );
    expect(await refusal(schemeStepDismiss(services, [String(id)]))).toMatch(/--reason is required/);

    expect(await schemeStepDismiss(services, [String(id), "--reason", "typo in an import"])).toBe(
      `Dismissed refused step #${id} (test-refused, store:X).`,
    );
    expect(await services.schemeOutbox.steps()).toEqual([]);
    expect((await services.audit.all({ action: "scheme-step.dismiss" }))[0]).toMatchObject({
      target: `scheme-step:${id}`,
      after: { reason: "typo in an import" },
    });
  });

  it("sends a refused step again, but not one whose change was undone here", async () => {
    t = await createTestApp();
    const { services } = t.app;
    const refused = await refusedStep();
    await services.schemeOutbox.deliverPending();
    expect(await schemeStepRetry(services, [String(refused)])).toMatch(
      `The coin scheme refused step #${refused} (test-refused) again: coin scheme refused (4000)`,
    );
    refusing.now = false;
    expect(await schemeStepRetry(services, [String(refused)])).toBe(
      `Step #${refused} (test-refused) reached the coin scheme.`,
    );

    const { step: moved } = await numberMoveTheSchemeRefuses(t, "cli:root");
    expect(await services.schemeOutbox.deliverPending()).toMatchObject({ refused: 1 });
    expect(await refusal(schemeStepRetry(services, [String(moved)]))).toMatch(
      /was undone here when the scheme refused it/,
    );
    expect(await services.schemeOutbox.step(moved)).toMatchObject({ failed_at: expect.any(Number) });
  });
});
