import { randomBytes } from "node:crypto";
import type { ScheduledJob } from "@hcoins/server-kit/scheduler";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import { memberServerJobs } from "./jobs.ts";
import type { AuditTables } from "./modules/audit/tables.ts";
import { signMessage } from "./modules/auth/signature.ts";
import { sha256 } from "./secrets.ts";
import { nextPhone, registerMember, validRegistration, verifiedRegisterCode } from "./testing/flows.ts";
import { tablesOf } from "./testing/tables.ts";
import { createTestApp, type TestApp } from "./testing/test-app.ts";

// On in-memory SQLite in the server-sqlite project, on a schema of its own in server-postgres.
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const PROFILE = "/crm/user/profile";

let t: TestApp;
afterEach(() => t?.close());

/** Runs the member server's job of that name at the app's clock, as the scheduler would. */
function runJob(name: string): Promise<Record<string, number>> {
  const job = memberServerJobs(t.app.services).find((candidate) => candidate.name === name);
  if (!job) throw new Error(`no job ${name}`);
  return job.run(t.clock.now());
}

const rowsOf = (
  table:
    | "access_tokens"
    | "reset_tokens"
    | "sms_codes"
    | "sms_deliveries"
    | "sms_limit_sources"
    | "signature_nonces",
) => tablesOf(t.app.services).selectFrom(table).selectAll().execute();

describe("the member server's jobs", () => {
  it("are named and timed for the scheduler, with other modules' jobs added at the end", () => {
    const extra: ScheduledJob = { name: "expire-coins", cron: "0 2 * * *", run: async () => ({}) };
    const services = {} as Parameters<typeof memberServerJobs>[0];
    const jobs = memberServerJobs(services, [extra]);
    expect(jobs.map(({ name, cron }) => [name, cron])).toEqual([
      ["purge-ended-tokens", "15 * * * *"],
      ["purge-signature-nonces", "45 * * * *"],
      ["purge-old-sms-codes", "30 4 * * *"],
      ["purge-old-sms-log", "35 4 * * *"],
      ["purge-old-audit-entries", "40 4 * * *"],
      ["verify-audit-chain", "50 4 * * *"],
      ["expire-approval-requests", "5,35 * * * *"],
      ["deliver-scheme-steps", "* * * * *"],
      ["send-profile-facts", "2-59/5 * * * *"],
      ["expire-coins", "0 2 * * *"],
    ]);
  });

  it("are on by default, the SMS code records kept 30 days and the SMS delivery log 90", () => {
    expect(loadConfig({})).toMatchObject({
      JOBS_ENABLED: true,
      JOBS_PGBOSS_SCHEMA: "pgboss",
      SMS_CODE_RETENTION_DAYS: 30,
      SMS_LOG_RETENTION_DAYS: 90,
    });
    expect(() => loadConfig({ SMS_LOG_RETENTION_DAYS: "0" })).toThrow(/SMS_LOG_RETENTION_DAYS/);
    expect(loadConfig({ JOBS_ENABLED: "false" }).JOBS_ENABLED).toBe(false);
    expect(() => loadConfig({ JOBS_PGBOSS_SCHEMA: "pg-boss" })).toThrow(/JOBS_PGBOSS_SCHEMA/);
    expect(() => loadConfig({ SMS_CODE_RETENTION_DAYS: "-1" })).toThrow(/SMS_CODE_RETENTION_DAYS/);
  });
});

describe("purge-ended-tokens", () => {
  it("deletes expired access tokens, revoked ones after a day, and used or expired reset tokens", async () => {
    t = await createTestApp();
    const member = await registerMember(t);
    const memberId = member.user.id as number;
    const now = t.clock.now();
    const loggedOut = (
      await t.call("POST", "/crm/auth/login-with-mobile-password", {
        body: { mobile_phone_prefix: "852", mobile_phone: member.phone, password: member.payload.password },
      })
    ).body.payload.access_token as string;
    expect((await t.call("POST", "/crm/auth/logout", { token: loggedOut })).status).toBe(200);
    const db = tablesOf(t.app.services);
    const token = (name: string, fields: { expires_at: number; revoked_at: number | null }) => ({
      token_hash: sha256(name),
      member_id: memberId,
      created_at: now - 40 * DAY,
      ...fields,
    });
    await db
      .insertInto("access_tokens")
      .values([
        token("expired", { expires_at: now - 1, revoked_at: null }),
        token("revoked-two-days-ago", { expires_at: now + DAY, revoked_at: now - 2 * DAY }),
      ])
      .execute();
    const resetToken = (name: string, fields: { expires_at: number; used_at: number | null }) => ({
      token_hash: sha256(name),
      member_id: memberId,
      created_at: now - MINUTE,
      ...fields,
    });
    await db
      .insertInto("reset_tokens")
      .values([
        resetToken("used", { expires_at: now + 5 * MINUTE, used_at: now - MINUTE }),
        resetToken("expired", { expires_at: now - 1, used_at: null }),
        resetToken("live", { expires_at: now + 5 * MINUTE, used_at: null }),
      ])
      .execute();
    const unknownAnswer = await t.call("GET", PROFILE, { token: "no-such-token" });
    const refusedBefore = await t.call("GET", PROFILE, { token: loggedOut });
    expect(refusedBefore.status).toBe(unknownAnswer.status);

    expect(await runJob("purge-ended-tokens")).toEqual({ accessTokens: 2, resetTokens: 2 });
    // The session in use, the token logged out just now, and the unused reset token stay.
    expect((await rowsOf("access_tokens")).map((row) => row.token_hash).sort()).toEqual(
      [sha256(member.token), sha256(loggedOut)].sort(),
    );
    expect((await rowsOf("reset_tokens")).map((row) => row.token_hash)).toEqual([sha256("live")]);
    expect((await t.call("GET", PROFILE, { token: member.token })).status).toBe(200);
    // Idempotent: a second run finds nothing.
    expect(await runJob("purge-ended-tokens")).toEqual({ accessTokens: 0, resetTokens: 0 });

    t.clock.advance(DAY + 1);
    expect(await runJob("purge-ended-tokens")).toMatchObject({ accessTokens: 1 });
    expect((await rowsOf("access_tokens")).map((row) => row.token_hash)).toEqual([sha256(member.token)]);
    // The deleted token is refused as before: it now reads as unknown.
    const refusedAfter = await t.call("GET", PROFILE, { token: loggedOut });
    expect([refusedAfter.status, refusedAfter.body]).toEqual([refusedBefore.status, refusedBefore.body]);
  });
});

describe("purge-old-sms-codes", () => {
  it("deletes the code records whose expiry passed more than SMS_CODE_RETENTION_DAYS ago", async () => {
    t = await createTestApp({ env: { SMS_CODE_RETENTION_DAYS: "30" } });
    const member = await registerMember(t);
    const now = t.clock.now();
    const code = (phone: string, expiresAt: number) => ({
      mobile_phone_prefix: "852",
      mobile_phone: phone,
      purpose: "reset",
      code_hash: sha256(phone),
      attempts: 0,
      expires_at: expiresAt,
      verified_at: null,
      consumed_at: null,
      created_at: expiresAt - 5 * MINUTE,
    });
    const [old, kept] = [nextPhone(), nextPhone()];
    await tablesOf(t.app.services)
      .insertInto("sms_codes")
      .values([code(old, now - 30 * DAY - 1), code(kept, now - 30 * DAY + MINUTE)])
      .execute();

    expect(await runJob("purge-old-sms-codes")).toMatchObject({ smsCodes: 1 });
    // The member's registration code (for their data export) and the younger record stay.
    expect((await rowsOf("sms_codes")).map((row) => row.mobile_phone).sort()).toEqual(
      [member.phone, kept].sort(),
    );
    expect(await runJob("purge-old-sms-codes")).toMatchObject({ smsCodes: 0 });
    t.clock.advance(2 * MINUTE);
    expect(await runJob("purge-old-sms-codes")).toMatchObject({ smsCodes: 1 });
  });

  it("keeps a verified code while it can still be used, even with no retention", async () => {
    t = await createTestApp({ env: { SMS_CODE_RETENTION_DAYS: "0" } });
    const phone = nextPhone();
    const sms_token = await verifiedRegisterCode(t, phone);
    // Past the code's 5 minutes, inside the 30 minutes a verified code may still register.
    t.clock.advance(10 * MINUTE);
    expect(await runJob("purge-old-sms-codes")).toMatchObject({ smsCodes: 0 });
    const res = await t.call("POST", "/crm/registration/register-with-mobile", {
      body: { ...validRegistration(phone), sms_token },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    t.clock.advance(30 * MINUTE);
    expect(await runJob("purge-old-sms-codes")).toMatchObject({ smsCodes: 1 });
  });

  it("forgets the addresses that asked for a number once their hour is over", async () => {
    t = await createTestApp();
    const phone = nextPhone();
    await verifiedRegisterCode(t, phone);
    expect(await runJob("purge-old-sms-codes")).toMatchObject({ smsLimitSources: 0 });
    expect(await rowsOf("sms_limit_sources")).toHaveLength(1);
    t.clock.advance(60 * MINUTE);
    expect(await runJob("purge-old-sms-codes")).toMatchObject({ smsLimitSources: 1 });
    expect(await rowsOf("sms_limit_sources")).toEqual([]);
  });
});

describe("purge-old-sms-log", () => {
  it("deletes the SMS delivery log's rows older than SMS_LOG_RETENTION_DAYS", async () => {
    t = await createTestApp({ env: { SMS_LOG_RETENTION_DAYS: "10" } });
    const old = await registerMember(t);
    t.clock.advance(5 * DAY);
    const young = await registerMember(t);
    t.clock.advance(5 * DAY + MINUTE);
    expect(await runJob("purge-old-sms-log")).toEqual({ smsDeliveries: 1 });
    expect((await rowsOf("sms_deliveries")).map((row) => row.mobile_phone)).toEqual([young.phone]);
    expect(await t.app.services.sms.recentDeliveries("852", old.phone, 10)).toEqual([]);
    expect(await runJob("purge-old-sms-log")).toEqual({ smsDeliveries: 0 });
  });
});

describe("purge-signature-nonces", () => {
  const SECRET = "signature-login-test-secret";
  const WINDOW_SECONDS = 300;

  function signedLogin(phone: string, issuedAt: number) {
    const message = Buffer.from(
      JSON.stringify({
        mobile_phone_prefix: "852",
        mobile_phone: phone,
        issued_at: issuedAt,
        nonce: randomBytes(16).toString("hex"),
      }),
    ).toString("base64url");
    return { message, signature: signMessage(message, SECRET) };
  }
  const signatureLogin = (body: Record<string, unknown>) =>
    t.call("POST", "/crm/auth/signature-login", { body });

  it("forgets a nonce only once its message can no longer be accepted", async () => {
    t = await createTestApp({
      env: { SIGNATURE_LOGIN_SECRET: SECRET, SIGNATURE_LOGIN_WINDOW_SECONDS: String(WINDOW_SECONDS) },
    });
    const member = await registerMember(t);
    // Issued as far ahead as the window allows: its message stays acceptable for two windows.
    const issuedAt = Math.floor(t.clock.now() / 1000) + WINDOW_SECONDS;
    const body = signedLogin(member.phone, issuedAt);
    expect((await signatureLogin(body)).body.Status).toBe("Success");
    expect(await rowsOf("signature_nonces")).toHaveLength(1);

    // The start of the last second its issued_at is within the window (the test clock runs on the
    // wall clock, so this is set from it rather than advanced by a fixed step): the nonce is kept,
    // the replay refused.
    t.clock.advance((issuedAt + WINDOW_SECONDS) * 1000 - t.clock.now());
    expect(await runJob("purge-signature-nonces")).toEqual({ signatureNonces: 0 });
    expect((await signatureLogin(body)).body).toEqual({ Status: "Fail", Message: "Message already used" });

    t.clock.advance(2 * MINUTE);
    expect(await runJob("purge-signature-nonces")).toEqual({ signatureNonces: 1 });
    expect(await runJob("purge-signature-nonces")).toEqual({ signatureNonces: 0 });
    // Forgotten, and still refused: its message has expired.
    expect((await signatureLogin(body)).body).toEqual({ Status: "Fail", Message: "Message expired" });
  });
});

describe("purge-old-audit-entries", () => {
  it("deletes audit entries older than AUDIT_RETENTION_DAYS", async () => {
    t = await createTestApp({ env: { AUDIT_RETENTION_DAYS: "10" } });
    const { audit } = t.app.services;
    await audit.record({ actor: "system", action: "test.old" });
    t.clock.advance(5 * DAY);
    await audit.record({ actor: "system", action: "test.young" });
    t.clock.advance(5 * DAY + MINUTE);
    expect(await runJob("purge-old-audit-entries")).toEqual({ auditEntries: 1, operatorSessions: 0 });
    expect((await audit.all({})).map((entry) => entry.action)).toEqual(["test.young"]);
    expect(await runJob("purge-old-audit-entries")).toEqual({ auditEntries: 0, operatorSessions: 0 });
  });
});

describe("verify-audit-chain", () => {
  it("counts the intact entries, and fails naming the first broken link (the scheduler logs it at error)", async () => {
    t = await createTestApp();
    const { audit } = t.app.services;
    for (const action of ["test.one", "test.two", "test.three"])
      await audit.record({ actor: "system", action });
    expect(await runJob("verify-audit-chain")).toEqual({ auditEntries: 3 });
    const second = (await audit.all({})).find((entry) => entry.action === "test.two")?.id as number;
    await t.app.services.database
      .tables<AuditTables>()
      .updateTable("audit_log")
      .set({ actor: "operator:someone-else@example.com" })
      .where("id", "=", second)
      .execute();
    await expect(runJob("verify-audit-chain")).rejects.toThrow(
      `audit chain broken at entry ${second} (changed): 1 entries intact before it`,
    );
  });
});
