import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { HOLDER_COLUMNS } from "@hcoins/coin-scheme/contract";
import { CONSENT_STATEMENT_VERSION } from "@hcoins/domain/marketing-consent";
import type { ColumnPolicy } from "@hcoins/server-kit/column-policy";
import { describe, expect, it } from "vitest";
import { MEMBER_COLUMNS, TABLES_WITHOUT_MEMBER_DATA } from "../modules/data-protection/service.ts";
import { embeddedTill, memberWithEverything } from "../testing/data-protection.ts";
import { registerMember } from "../testing/flows.ts";
import { tablesOf } from "../testing/tables.ts";
import { testApps } from "../testing/test-apps.ts";
import { CliError } from "./command.ts";
import { memberExport } from "./member-export.ts";

const { shared, fresh } = testApps();

const POLICIES: Record<string, Record<string, ColumnPolicy>> = { ...MEMBER_COLUMNS, ...HOLDER_COLUMNS };
const exported = (table: string) =>
  Object.entries(POLICIES[table] as Record<string, ColumnPolicy>)
    .filter(([, policy]) => policy === "exported")
    .map(([column]) => column);

const WHY = ["--reason", "Access request by email"];

describe("member-export", () => {
  it("holds every exported column of a member with data everywhere, and none of their secrets", async () => {
    const t = await shared();
    const m = await memberWithEverything(t, embeddedTill(t));
    await t.app.services.members.block(m.prefix, m.phone, "export test");
    const output = await memberExport(t.app.services, [m.prefix, m.phone, ...WHY]);
    const doc = JSON.parse(output);

    expect(doc.format).toBe("hcoins-member-export/1");
    for (const column of exported("members")) {
      expect(doc.member[column], `members.${column}`).not.toBeUndefined();
      expect(doc.member[column], `members.${column}`).not.toBeNull();
    }
    expect(doc.member).toMatchObject({
      mobile_phone: m.phone,
      email: m.email,
      first_name: m.first,
      member_no: m.memberNo,
      external_customer_id: m.hcoinsMemberNo,
      unsubscribe_reasons: "2,5",
      password_set: true,
    });
    expect(doc.member).not.toHaveProperty("password_hash");
    expect(doc.member.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    const sections: [string, unknown[]][] = [
      ["access_tokens", doc.access_tokens],
      ["reset_tokens", doc.reset_tokens],
      ["sms_codes", doc.sms_codes],
      ["sms_deliveries", doc.sms_deliveries],
      ["marketing_consents", doc.marketing_consents],
      ["blocked_numbers", [doc.blocked_number]],
      ["hcoin_accounts", doc.coin_scheme.accounts],
      ["hcoin_ledger", doc.coin_scheme.accounts[0]?.transactions ?? []],
    ];
    for (const [table, rows] of sections) {
      expect(rows.length, table).toBeGreaterThan(0);
      for (const row of rows as Record<string, unknown>[]) {
        expect(Object.keys(row), table).toEqual(expect.arrayContaining(exported(table)));
        for (const [column, policy] of Object.entries(POLICIES[table] as object)) {
          if (policy !== "exported") expect(row, `${table}.${column}`).not.toHaveProperty(column);
        }
      }
    }
    expect(doc.access_tokens.map((token: { state: string }) => token.state).sort()).toEqual([
      "live",
      "revoked",
    ]);
    // The consent history: registration's choice of each channel, then the preferences page's opt-outs.
    expect(
      doc.marketing_consents.map((record: Record<string, unknown>) => [
        record.source,
        record.channel,
        record.opted_in,
        record.statement_version,
      ]),
    ).toEqual([
      ["registration", "email", 1, CONSENT_STATEMENT_VERSION],
      ["registration", "sms", 1, CONSENT_STATEMENT_VERSION],
      ["registration", "phone", 1, CONSENT_STATEMENT_VERSION],
      ["preferences", "email", 0, CONSENT_STATEMENT_VERSION],
      ["preferences", "sms", 0, CONSENT_STATEMENT_VERSION],
      ["preferences", "phone", 0, CONSENT_STATEMENT_VERSION],
    ]);
    expect(doc.marketing_consents[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(doc.coin_scheme).toMatchObject({ kind: "embedded" });
    const [account] = doc.coin_scheme.accounts;
    expect(account).toMatchObject({ hcoins_memberno: m.hcoinsMemberNo, linked_member_ref: m.memberNo });
    expect(account.transactions.map((entry: { net_cents: number }) => entry.net_cents)).toEqual([
      12_345, 6_789,
    ]);
    const ledger = await t.app.services.coinSchemeClient.ledger(m.hcoinsMemberNo);
    expect(account.balance).toBe(ledger.balance);
    expect(account.balance).toBe(123 + 67);
    // Each purchase with its statement: what its coins were for, adding up to them.
    for (const entry of account.transactions as {
      coins: number;
      lines: { kind: string; coins: number }[];
    }[]) {
      expect(entry.lines[0]?.kind).toBe("base");
      expect(entry.lines.reduce((total, line) => total + line.coins, 0)).toBe(entry.coins);
    }

    // The secrets themselves appear nowhere in the document.
    const db = tablesOf(t.app.services);
    const row = await t.app.services.members.findByPhone(m.prefix, m.phone);
    const secrets = [
      row?.password_hash as string,
      ...(
        await db
          .selectFrom("access_tokens")
          .select("token_hash")
          .where("member_id", "=", row?.id as number)
          .execute()
      ).map((r) => r.token_hash),
      ...(
        await db
          .selectFrom("reset_tokens")
          .select("token_hash")
          .where("member_id", "=", row?.id as number)
          .execute()
      ).map((r) => r.token_hash),
      ...(
        await db.selectFrom("sms_codes").select("code_hash").where("mobile_phone", "=", m.phone).execute()
      ).map((r) => r.code_hash),
    ];
    expect(secrets.length).toBeGreaterThanOrEqual(5);
    for (const secret of secrets) expect(output).not.toContain(secret);
    const counts = Object.values(POLICIES).flatMap((policy) => Object.values(policy));
    console.info(
      `[member-export] ${Object.keys(POLICIES).length} tables with member data, ${counts.filter((p) => p === "exported").length} columns exported and ${counts.filter((p) => p !== "exported").length} withheld; ${Object.keys(TABLES_WITHOUT_MEMBER_DATA).length} tables without member data; one member's document: ${output.length} bytes, ${secrets.length} secrets absent.`,
    );
    expect(Object.keys(doc.withheld)).toEqual(
      expect.arrayContaining(["members.password_hash", "access_tokens.token_hash", "sms_codes.code_hash"]),
    );
  });

  it("finds a member by number, member number or #id, writes --out with mode 600, and names who is missing", async () => {
    const t = await shared();
    const m = await registerMember(t);
    const row = await t.app.services.members.findByPhone(m.prefix, m.phone);
    const exports = async () =>
      (await t.app.services.audit.all({})).filter((entry) => entry.target === `member:${row?.id}`);
    for (const args of [
      [m.prefix, m.phone],
      [m.user.member_no],
      [`#${row?.id}`],
      [`+${m.prefix}`, m.phone],
    ]) {
      const before = (await exports()).length;
      expect(
        JSON.parse(await memberExport(t.app.services, [...args, ...WHY])).member.id,
        args.join(" "),
      ).toBe(row?.id);
      // Each export is recorded once, by the data-protection service, as the console's are.
      const after = await exports();
      expect(after.length - before).toBe(1);
      expect(after[0]).toMatchObject({ actor: `cli:${userInfo().username}`, action: "member.export" });
    }
    const dir = await mkdtemp(join(tmpdir(), "member-export-"));
    try {
      const file = join(dir, "export.json");
      expect(await memberExport(t.app.services, [m.user.member_no, "--out", file, ...WHY])).toBe(
        `Wrote everything held about member ${m.user.member_no} (+852 ${m.phone}) to ${file}.`,
      );
      expect(JSON.parse(await readFile(file, "utf8")).member.mobile_phone).toBe(m.phone);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const missing = async (args: string[]) => {
      const error = await memberExport(t.app.services, [...args, ...WHY]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CliError);
      return (error as CliError).message;
    };
    expect(await missing(["852", "59999999"])).toBe("no member has the number +852 59999999");
    expect(await missing(["M999999999"])).toBe("no member has the member number M999999999");
    expect(await missing(["#999999999"])).toBe("no member has the id 999999999");
    expect(await missing([])).toContain("Usage: member-export");
    // The reason is required, and the audit entry keeps it with the member number.
    const noReason = await memberExport(t.app.services, [m.user.member_no]).catch((e: unknown) => e);
    expect((noReason as CliError).message).toContain('give the reason with --reason "…"');
    expect((await exports())[0]?.after).toEqual({
      member_no: m.user.member_no,
      reason: "Access request by email",
    });
  });

  it("refuses, exporting nothing, while an external coin scheme cannot be reached", async () => {
    const t = await fresh({ COIN_SCHEME_URL: "http://127.0.0.1:9", COIN_SCHEME_TIMEOUT_MS: "300" });
    const m = await registerMember(t);
    const error = await memberExport(t.app.services, [m.prefix, m.phone, ...WHY]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as Error).message).toMatch(
      /^the coin scheme did not answer \(coin scheme unreachable: .*nothing was exported/,
    );
    expect((await t.app.services.audit.all({})).map((entry) => entry.action)).not.toContain("member.export");
  });
});
