import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { LastAdministrator } from "../operators/service.ts";
import { consoleCall, signedInOperator } from "./console-test-support.ts";

const CLI = { actor: "cli:test", address: null };

/** An administrator cannot lock the console out: not their own account, not the last administrator. */
describe("disabling an operator", () => {
  let t: TestApp;
  afterEach(() => t?.close());

  const idOf = async (email: string) =>
    (await t.app.services.operators.list()).find((one) => one.email === email)?.id as number;

  it("refuses an administrator's own account (4250), and records nothing", async () => {
    t = await createTestApp();
    const admin = await signedInOperator(t, "administrator");
    await signedInOperator(t, "administrator", "second@example.com");
    const entries = (await t.app.services.audit.all({})).length;
    const answer = await consoleCall(t, "POST", `/operators/${await idOf(admin.email)}/disable`, {
      cookie: admin.cookie,
      csrf: admin.csrf,
    });
    expect(answer.status).toBe(409);
    expect(answer.body.error_code).toBe(4250);
    expect((await t.app.services.audit.all({})).length).toBe(entries);
    expect((await consoleCall(t, "GET", "/session", { cookie: admin.cookie })).status).toBe(200);
  });

  it("refuses the last active administrator (4251), from the console or the command line", async () => {
    t = await createTestApp();
    const first = await signedInOperator(t, "administrator");
    const second = await signedInOperator(t, "administrator", "second@example.com");
    // One administrator disables the other: allowed while one who can sign in remains.
    const disabled = await consoleCall(t, "POST", `/operators/${await idOf(second.email)}/disable`, {
      cookie: first.cookie,
      csrf: first.csrf,
    });
    expect(disabled.status).toBe(200);
    // An administrator invited but never signed in does not count as one who can administer.
    await t.app.services.operators.add("invited@example.com", "administrator", CLI);
    await expect(t.app.services.operators.disable(first.email, CLI)).rejects.toBeInstanceOf(
      LastAdministrator,
    );
    const again = await consoleCall(t, "POST", `/operators/${await idOf(first.email)}/disable`, {
      cookie: first.cookie,
      csrf: first.csrf,
    });
    // Their own account and the last one: the self rule speaks first.
    expect(again.body.error_code).toBe(4250);
    expect((await t.app.services.operators.byId(await idOf(first.email)))?.active).toBe(1);
    // Disabling the invited administrator leaves the one who can sign in: allowed.
    await t.app.services.operators.disable("invited@example.com", CLI);
  });
});
