import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hashPassword } from "../modules/auth/passwords.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { disableAccount, enableAccount } from "./accounts.ts";
import { CliError } from "./command.ts";

const PASSWORD = "Secret123";
const NUMBER = { mobile_phone_prefix: "852", mobile_phone: "91234567" };

describe("disable and enable", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
    const member = await t.app.services.members.importMember({
      ...NUMBER,
      member_no: "APP1",
      first_name: null,
      last_name: null,
      email: null,
      birthday_month: null,
      register_store_code: null,
      external_customer_id: null,
    });
    await t.app.services.members.setPasswordHash(member.id, await hashPassword(PASSWORD));
  });
  afterEach(() => t?.close());

  const login = () =>
    t.call("POST", "/crm/auth/login-with-mobile-password", { body: { ...NUMBER, password: PASSWORD } });
  const profileStatus = async (token: string) =>
    (await t.call("GET", "/crm/user/profile?include_custom_field=1", { token })).status;

  it("disable makes login answer 4202 and revokes the tokens the member holds; enable restores login", async () => {
    const first = await login();
    expect(first.status).toBe(200);
    const token = first.body.payload.access_token as string;
    expect(await profileStatus(token)).toBe(200);

    const output = await disableAccount(t.app.services, ["852", "91234567"]);

    expect(output).toBe(
      "Disabled member APP1 (+852 91234567): login now answers 4202, and every access token they held is revoked.",
    );
    const refused = await login();
    expect(refused.status).toBe(403);
    expect(refused.body.error_code).toBe(4202);
    expect(await profileStatus(token)).toBe(401);

    expect(await enableAccount(t.app.services, ["852", "91234567"])).toBe(
      "Enabled member APP1 (+852 91234567): they can log in again.",
    );
    const again = await login();
    expect(again.status).toBe(200);
    expect(await profileStatus(again.body.payload.access_token)).toBe(200);
    // The revoked token stays revoked.
    expect(await profileStatus(token)).toBe(401);
  });

  it("says when nothing changed", async () => {
    expect(await enableAccount(t.app.services, ["852", "91234567"])).toBe(
      "Member APP1 (+852 91234567) is not disabled; nothing changed.",
    );
    await disableAccount(t.app.services, ["852", "91234567"]);
    expect(await disableAccount(t.app.services, ["852", "91234567"])).toContain("was already disabled");
  });

  it("refuses a number that no member holds or that breaks the mobile rule", async () => {
    for (const run of [disableAccount, enableAccount]) {
      const unknown = await run(t.app.services, ["852", "91234568"]).catch((e: unknown) => e);
      expect(unknown).toBeInstanceOf(CliError);
      expect((unknown as Error).message).toBe("no member has the number +852 91234568; nothing changed");
      const bad = await run(t.app.services, ["853", "6123456"]).catch((e: unknown) => e);
      expect((bad as Error).message).toBe('mobile "6123456" must be 8 digits for prefix 853');
    }
    expect((await login()).status).toBe(200);
  });

  it("records each change in the audit log with the login and the reason", async () => {
    await disableAccount(t.app.services, ["852", "91234567", "--reason", "fraud check"]);
    await enableAccount(t.app.services, ["852", "91234567"]);
    const entries = await t.app.services.audit.all({});
    expect(
      entries.map((entry) => [entry.action, entry.actor.startsWith("cli:"), entry.after?.reason]),
    ).toEqual([
      ["member.enable", true, null],
      ["member.disable", true, "fraud check"],
    ]);
  });
});
