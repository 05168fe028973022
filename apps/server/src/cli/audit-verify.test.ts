import { afterEach, describe, expect, it } from "vitest";
import type { AuditTables } from "../modules/audit/tables.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { auditVerify } from "./audit-verify.ts";
import { CliError } from "./command.ts";
import { COMMANDS } from "./commands.ts";

let t: TestApp;
afterEach(() => t?.close());

describe("audit-verify", () => {
  it("says the chain is intact with its head's hash, then names the entry changed by hand", async () => {
    t = await createTestApp();
    const { audit } = t.app.services;
    await audit.record({ actor: "cli:root", action: "member.disable", target: "member:1" });
    await audit.record({ actor: "cli:root", action: "member.enable", target: "member:1" });
    expect(COMMANDS["audit-verify"]?.run).toBe(auditVerify);
    expect(await auditVerify(t.app.services, [])).toMatch(
      /^audit chain intact: 2 entries, head [0-9a-f]{64}\.$/,
    );

    const [first] = await audit.all({ action: "member.disable" });
    await t.app.services.database
      .tables<AuditTables>()
      .updateTable("audit_log")
      .set({ target: "member:2" })
      .where("id", "=", first?.id as number)
      .execute();
    const failure = await auditVerify(t.app.services, []).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CliError);
    expect((failure as CliError).exitCode).toBe(1);
    expect((failure as CliError).message).toBe(
      `audit chain broken at entry ${first?.id} (changed): 0 entries intact before it. Compare with a backup.`,
    );
  });

  it("takes no argument", async () => {
    t = await createTestApp();
    await expect(auditVerify(t.app.services, ["x"])).rejects.toThrow(/unexpected argument "x"/);
  });
});
