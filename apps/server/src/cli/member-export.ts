import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { type ColumnPolicy, HOLDER_COLUMNS, type HolderExport } from "@hcoins/coin-scheme/holders";
import type {
  AccessTokensTable,
  BlockedNumbersTable,
  MemberRow,
  MembersTable,
  ResetTokensTable,
  SmsCodesTable,
} from "../db/schema.ts";
import { CoinSchemeRefusedError, CoinSchemeUnavailableError } from "../modules/coins/coin-scheme-client.ts";
import { memberRefOf } from "../modules/coins/service.ts";
import type { Services } from "../services.ts";
import { CliError, showMember } from "./command.ts";
import { MEMBER_ARGUMENT, memberFromArguments, parseMemberCommand } from "./member-argument.ts";

export const MEMBER_EXPORT_USAGE = `member-export ${MEMBER_ARGUMENT} [--out file.json]`;

/**
 * Every column of the member server's tables that hold personal data, exported or withheld
 * with the reason (the scheme's tables are in the scheme's holders.ts). Typed against the
 * tables, and checked against the live schema by member-export.test.ts, so that a column
 * added later cannot stay out of exports unnoticed.
 */
export const MEMBER_COLUMNS: {
  members: Record<keyof MembersTable, ColumnPolicy>;
  access_tokens: Record<keyof AccessTokensTable, ColumnPolicy>;
  reset_tokens: Record<keyof ResetTokensTable, ColumnPolicy>;
  sms_codes: Record<keyof SmsCodesTable, ColumnPolicy>;
  blocked_numbers: Record<keyof BlockedNumbersTable, ColumnPolicy>;
} = {
  members: {
    id: "exported",
    member_no: "exported",
    mobile_phone_prefix: "exported",
    mobile_phone: "exported",
    password_hash: { withheld: "a secret (argon2 hash); `password_set` says whether one is set" },
    title: "exported",
    name: "exported",
    first_name: "exported",
    last_name: "exported",
    email: "exported",
    gender: "exported",
    birthday_month: "exported",
    age_range: "exported",
    region: "exported",
    district: "exported",
    referral_code: "exported",
    sms_subscription: "exported",
    email_subscription: "exported",
    do_not_call: "exported",
    unsubscribe_reasons: "exported",
    register_store_code: "exported",
    external_customer_id: "exported",
    source: "exported",
    disabled: "exported",
    created_at: "exported",
    updated_at: "exported",
  },
  access_tokens: {
    token_hash: { withheld: "a secret (hash of a login session's token)" },
    member_id: "exported",
    created_at: "exported",
    expires_at: "exported",
    revoked_at: "exported",
  },
  reset_tokens: {
    token_hash: { withheld: "a secret (hash of a password-reset token)" },
    member_id: "exported",
    created_at: "exported",
    expires_at: "exported",
    used_at: "exported",
  },
  sms_codes: {
    id: "exported",
    mobile_phone_prefix: "exported",
    mobile_phone: "exported",
    purpose: "exported",
    code_hash: { withheld: "a secret (hash of a one-time code)" },
    attempts: "exported",
    expires_at: "exported",
    verified_at: "exported",
    consumed_at: "exported",
    created_at: "exported",
  },
  blocked_numbers: {
    mobile_phone_prefix: "exported",
    mobile_phone: "exported",
    reason: "exported",
    created_at: "exported",
  },
};

/** The member server's tables that hold nothing about a member, and why; with the map above they cover its schema. */
export const TABLES_WITHOUT_MEMBER_DATA: Readonly<Record<string, string>> = {
  settings: "server settings (the seed flag, the unsubscribe-link secret)",
  signature_nonces: "random nonces of signed logins, with no member or number, pruned after twice the window",
  media: "content images uploaded by operators",
  cms_locations: "content",
  cms_pages: "content",
  cms_banners: "content",
  tags: "content (brands)",
  stores: "content (the programme's stores)",
};

const iso = (ms: number) => new Date(ms).toISOString();

/** The exported columns of a row, times (`*_at`, unix ms) as ISO 8601. */
function exportRow<T extends object>(row: T, policy: Record<keyof T, ColumnPolicy>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    if (policy[column as keyof T] !== "exported") continue;
    out[column] = column.endsWith("_at") && typeof value === "number" ? iso(value) : value;
  }
  return out;
}

function withheldColumns(): Record<string, string> {
  const withheld: Record<string, string> = {};
  for (const [table, columns] of Object.entries({ ...MEMBER_COLUMNS, ...HOLDER_COLUMNS })) {
    for (const [column, policy] of Object.entries(columns as Record<string, ColumnPolicy>)) {
      if (policy !== "exported") withheld[`${table}.${column}`] = policy.withheld;
    }
  }
  return withheld;
}

/** What the coin scheme holds about the member, or a CliError when it cannot say. */
async function coinData(services: Services, member: MemberRow): Promise<HolderExport> {
  try {
    return await services.coinSchemeClient.holderData({
      memberRef: memberRefOf(member),
      prefix: member.mobile_phone_prefix,
      phone: member.mobile_phone,
    });
  } catch (error) {
    if (error instanceof CoinSchemeUnavailableError || error instanceof CoinSchemeRefusedError) {
      throw new CliError(
        `the coin scheme did not answer (${error.message}); nothing was exported, since an export without the coin ledger would be incomplete. Try again when the scheme is up.`,
      );
    }
    throw error;
  }
}

/** One JSON document with everything held about the member, secrets left out (see `withheld`). */
export async function memberExportDocument(services: Services, member: MemberRow) {
  const { db } = services;
  const [accessTokens, resetTokens, smsCodes, blocked, coins] = await Promise.all([
    db
      .selectFrom("access_tokens")
      .selectAll()
      .where("member_id", "=", member.id)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("reset_tokens")
      .selectAll()
      .where("member_id", "=", member.id)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("sms_codes")
      .selectAll()
      .where("mobile_phone_prefix", "=", member.mobile_phone_prefix)
      .where("mobile_phone", "=", member.mobile_phone)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("blocked_numbers")
      .selectAll()
      .where("mobile_phone_prefix", "=", member.mobile_phone_prefix)
      .where("mobile_phone", "=", member.mobile_phone)
      .executeTakeFirst(),
    coinData(services, member),
  ]);
  const now = services.now();
  return {
    format: "hcoins-member-export/1",
    exported_at: iso(now),
    member: { ...exportRow(member, MEMBER_COLUMNS.members), password_set: member.password_hash !== null },
    access_tokens: accessTokens.map((token) => ({
      ...exportRow(token, MEMBER_COLUMNS.access_tokens),
      state: token.revoked_at !== null ? "revoked" : token.expires_at <= now ? "expired" : "live",
    })),
    reset_tokens: resetTokens.map((token) => exportRow(token, MEMBER_COLUMNS.reset_tokens)),
    sms_codes: smsCodes.map((code) => exportRow(code, MEMBER_COLUMNS.sms_codes)),
    blocked_number: blocked ? exportRow(blocked, MEMBER_COLUMNS.blocked_numbers) : null,
    coin_scheme: { kind: services.coinSchemeClient.kind, ...coins },
    withheld: withheldColumns(),
  };
}

export async function memberExport(services: Services, args: string[]): Promise<string> {
  const { values, positionals } = parseMemberCommand(MEMBER_EXPORT_USAGE, () =>
    parseArgs({ args, options: { out: { type: "string" } }, allowPositionals: true, strict: true }),
  );
  const member = await memberFromArguments(services, positionals, MEMBER_EXPORT_USAGE);
  const json = JSON.stringify(await memberExportDocument(services, member), null, 2);
  if (values.out === undefined) return json;
  // Personal data: readable by the operator's account only.
  await writeFile(values.out, `${json}\n`, { mode: 0o600 });
  return `Wrote everything held about ${showMember(member)} to ${values.out}.`;
}
