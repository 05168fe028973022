import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { consoleCall, linkToken, signedInOperator } from "../modules/console-api/console-test-support.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { CliError } from "./command.ts";
import { operatorAdd, operatorDisable, operatorInvite, operatorList } from "./operators.ts";

describe("operator commands", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: "https://members.example.com" } });
  });
  afterEach(() => t?.close());

  const linkIn = (output: string) => {
    const link = output.match(/https:\/\/\S+/)?.[0];
    expect(link).toMatch(/^https:\/\/members\.example\.com\/console\/invitation#[\w-]{43}$/);
    return link as string;
  };

  it("operator-add prints a one-time link that opens the invitation; both role spellings are accepted", async () => {
    const output = await operatorAdd(t.app.services, ["Amy@Example.com", "--role", "customer-service"]);
    expect(output).toContain("Added operator amy@example.com (customerService)");
    const opened = await consoleCall(t, "POST", "/session/invitation", {
      body: { token: linkToken(linkIn(output)) },
    });
    expect(opened.body.payload).toMatchObject({ email: "amy@example.com", role: "customerService" });
    expect(await operatorAdd(t.app.services, ["bob@example.com", "--role", "programmeManager"])).toContain(
      "(programmeManager)",
    );
    const [entry] = await t.app.services.audit.all({ action: "operator.add" });
    expect(entry?.actor).toMatch(/^cli:/);
    expect(entry?.after).toMatchObject({ email: "bob@example.com", role: "programmeManager" });
  });

  it("refuses a role it does not know, a missing role, a bad email and an email already added", async () => {
    await expect(operatorAdd(t.app.services, ["amy@example.com", "--role", "boss"])).rejects.toThrow(
      /role "boss" is unknown: one of customer-service, content-editor, programme-manager, administrator, auditor/,
    );
    await expect(operatorAdd(t.app.services, ["amy@example.com"])).rejects.toThrow(/--role is required/);
    await expect(operatorAdd(t.app.services, ["amy", "--role", "auditor"])).rejects.toThrow(/not an email/);
    await operatorAdd(t.app.services, ["amy@example.com", "--role", "auditor"]);
    await expect(
      operatorAdd(t.app.services, ["AMY@example.com", "--role", "auditor"]),
    ).rejects.toBeInstanceOf(CliError);
  });

  it("operator-invite replaces the link; operator-disable stops it; operator-list shows each state", async () => {
    const first = linkToken(
      linkIn(await operatorAdd(t.app.services, ["amy@example.com", "--role", "auditor"])),
    );
    const second = linkToken(linkIn(await operatorInvite(t.app.services, ["amy@example.com"])));
    const open = (token: string) => consoleCall(t, "POST", "/session/invitation", { body: { token } });
    expect((await open(first)).body.error_code).toBe(4240);
    expect((await open(second)).status).toBe(200);
    await operatorAdd(t.app.services, ["bob@example.com", "--role", "administrator"]);
    await operatorDisable(t.app.services, ["bob@example.com"]);
    expect(await operatorList(t.app.services, [])).toMatch(
      /^amy@example\.com\tauditor\tinvited\tnever signed in\nbob@example\.com\tadministrator\tdisabled\tnever signed in$/,
    );
    await expect(operatorInvite(t.app.services, ["nobody@example.com"])).rejects.toThrow(/no operator has/);
  });

  it("operator-disable refuses the last administrator who can sign in, and changes nothing", async () => {
    const admin = await signedInOperator(t, "administrator");
    await expect(operatorDisable(t.app.services, [admin.email])).rejects.toThrow(
      `${admin.email} is the last active administrator: add another (operator-add <email> --role administrator) first; nothing changed`,
    );
    expect((await consoleCall(t, "GET", "/session", { cookie: admin.cookie })).status).toBe(200);
  });
});
