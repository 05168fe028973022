import { CONSENT_CHANNELS, type ConsentChannel, OPT_OUT_FLAG_OF } from "@hcoins/domain/marketing-consent";
import { emailSchema, FIRST_LAST_NAME_MAX_LENGTH } from "@hcoins/domain/payloads";
import { phoneKey } from "@hcoins/domain/phone-rules";
import { checkPhone, showMember, showMemberNo, showPhone } from "./operator-text.ts";
import type { MemberRow } from "./tables.ts";

/**
 * The consent columns: `yes` when the member agreed, in the app, to direct marketing on the
 * channel; `no` or empty (or the column left out) and the member is opted out. Consent is given,
 * never presumed (Hong Kong's PDPO), so a file without these columns opts everyone out.
 */
const CONSENT_COLUMN_OF = {
  email: "email_consent",
  sms: "sms_consent",
  phone: "phone_consent",
} as const satisfies Record<ConsentChannel, MemberImportColumn>;

/** The columns of a member import, the first two required. */
export const MEMBER_IMPORT_COLUMNS = [
  "mobile_phone_prefix",
  "mobile_phone",
  "member_no",
  "first_name",
  "last_name",
  "email",
  "birthday_month",
  "register_store_code",
  "external_customer_id",
  "email_consent",
  "sms_consent",
  "phone_consent",
  // The version of the app's consent statement the member agreed to: required with a `yes`.
  "consent_statement",
] as const;
export type MemberImportColumn = (typeof MEMBER_IMPORT_COLUMNS)[number];
export const REQUIRED_IMPORT_COLUMNS: readonly MemberImportColumn[] = ["mobile_phone_prefix", "mobile_phone"];

/** One row of an import, by its line in the operator's file; an empty cell is null. */
export interface MemberImportRow {
  line: number;
  cells: Partial<Record<MemberImportColumn, string | null>>;
}

export interface ImportedMember {
  mobile_phone_prefix: string;
  mobile_phone: string;
  member_no: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  birthday_month: number | null;
  register_store_code: string | null;
  external_customer_id: string | null;
  /** What the member agreed to in the app; left out, they are opted out of every channel. */
  consent?: ImportedConsent;
}

/** The opt-out flags (1 = opted out, the members table's sense) and the statement agreed under. */
export interface ImportedConsent {
  email_subscription: number;
  sms_subscription: number;
  do_not_call: number;
  statement: string | null;
}

export const OPTED_OUT: ImportedConsent = {
  email_subscription: 1,
  sms_subscription: 1,
  do_not_call: 1,
  statement: null,
};

/** The problems of each bad row; nothing was imported. */
export class MemberImportRefused extends Error {
  constructor(readonly rows: { line: number; problems: string[] }[]) {
    super(rows.map((row) => `line ${row.line}: ${row.problems.join("; ")}`).join("\n"));
  }
}

/** Another writer took a number, member number or email between the checks and the insert; nothing was imported. */
export class MemberImportConflict extends Error {}

/** The widths of the members table's columns: PostgreSQL would refuse a longer value mid-import. */
const MAX_LENGTH: Partial<Record<MemberImportColumn, number>> = {
  member_no: 32,
  first_name: FIRST_LAST_NAME_MAX_LENGTH,
  last_name: FIRST_LAST_NAME_MAX_LENGTH,
  register_store_code: 32,
  external_customer_id: 64,
  consent_statement: 32,
};

/**
 * The forms the members service gives: "M" and eleven digits (random, with a check digit) now,
 * "M" and the row id in nine digits before. An imported number of either form could collide
 * with one it gives, or read as one of its made-up kind.
 */
const WEB_MEMBER_NO = /^M(\d{9}|\d{11})$/;

/** What the checks ask of the members already held. */
export interface HeldMembers {
  findByPhone(prefix: string, phone: string): Promise<MemberRow | undefined>;
  findByMemberNo(memberNo: string): Promise<MemberRow | undefined>;
  emailTaken(email: string): Promise<boolean>;
}

/** Checks every row, then the rows against each other and against the members held. */
export async function checkImportRows(
  rows: MemberImportRow[],
  held: HeldMembers,
): Promise<{
  valid: { line: number; member: ImportedMember }[];
  bad: { line: number; problems: string[] }[];
}> {
  const valid: { line: number; member: ImportedMember }[] = [];
  const bad: { line: number; problems: string[] }[] = [];
  const phoneLines = new Map<string, number>();
  const memberNoLines = new Map<string, number>();
  const emailLines = new Map<string, number>();
  /** The line that already used a value, or undefined after recording this one. */
  const earlierLine = (lines: Map<string, number>, key: string, line: number): number | undefined => {
    const earlier = lines.get(key);
    if (earlier === undefined) lines.set(key, line);
    return earlier;
  };

  for (const { cells, line } of rows) {
    const problems: string[] = [];

    const phone = checkPhone(cells.mobile_phone_prefix ?? "", cells.mobile_phone ?? "", {
      prefix: "mobile_phone_prefix",
      phone: "mobile_phone",
    });
    if ("problem" in phone) problems.push(phone.problem);
    else {
      const number = showPhone(phone.prefix, phone.phone);
      const earlier = earlierLine(phoneLines, phoneKey(phone.prefix, phone.phone), line);
      if (earlier !== undefined) problems.push(`mobile number ${number} is also on line ${earlier}`);
      else {
        const holder = await held.findByPhone(phone.prefix, phone.phone);
        if (holder) problems.push(`mobile number ${number} already belongs to ${showMemberNo(holder)}`);
      }
    }

    const memberNo = cells.member_no ?? null;
    if (memberNo !== null) {
      const earlier = earlierLine(memberNoLines, memberNo, line);
      if (WEB_MEMBER_NO.test(memberNo)) {
        problems.push(
          `member_no "${memberNo}" has the form the server gives web registrations ("M" and nine or eleven digits)`,
        );
      } else if (earlier !== undefined) problems.push(`member_no "${memberNo}" is also on line ${earlier}`);
      else {
        const holder = await held.findByMemberNo(memberNo);
        if (holder) problems.push(`member_no "${memberNo}" already belongs to ${showMember(holder)}`);
      }
    }

    let email: string | null = null;
    if (cells.email) {
      const parsed = emailSchema.safeParse(cells.email);
      if (!parsed.success) problems.push(`email "${cells.email}" is not a valid email address`);
      else {
        email = parsed.data;
        const earlier = earlierLine(emailLines, email, line);
        if (earlier !== undefined) problems.push(`email "${email}" is also on line ${earlier}`);
        else if (await held.emailTaken(email)) {
          problems.push(`email "${email}" is already taken by another member`);
        }
      }
    }

    let month: number | null = null;
    if (cells.birthday_month) {
      month = /^\d{1,2}$/.test(cells.birthday_month) ? Number(cells.birthday_month) : Number.NaN;
      if (!(month >= 1 && month <= 12)) {
        problems.push(`birthday_month "${cells.birthday_month}" is not a month 1-12`);
      }
    }

    const consent = { ...OPTED_OUT, statement: cells.consent_statement ?? null };
    for (const channel of CONSENT_CHANNELS) {
      const column = CONSENT_COLUMN_OF[channel];
      const value = cells[column]?.toLowerCase() ?? "no";
      if (value === "yes") consent[OPT_OUT_FLAG_OF[channel]] = 0;
      else if (value !== "no") problems.push(`${column} "${cells[column]}" must be yes, no or empty`);
    }
    const agreed = CONSENT_CHANNELS.filter((channel) => consent[OPT_OUT_FLAG_OF[channel]] === 0);
    if (agreed.length > 0 && !cells.consent_statement) {
      problems.push(
        `${agreed.map((channel) => CONSENT_COLUMN_OF[channel]).join(", ")} ${agreed.length === 1 ? "is" : "are"} yes but consent_statement is empty: name the version of the statement the member agreed to`,
      );
    }

    for (const [column, max] of Object.entries(MAX_LENGTH) as [MemberImportColumn, number][]) {
      const value = cells[column];
      if (value && value.length > max)
        problems.push(`${column} is ${value.length} characters long, at most ${max}`);
    }

    if (problems.length > 0 || "problem" in phone) {
      bad.push({ line, problems });
      continue;
    }
    valid.push({
      line,
      member: {
        mobile_phone_prefix: phone.prefix,
        mobile_phone: phone.phone,
        member_no: memberNo,
        first_name: cells.first_name ?? null,
        last_name: cells.last_name ?? null,
        email,
        birthday_month: month,
        register_store_code: cells.register_store_code ?? null,
        external_customer_id: cells.external_customer_id ?? null,
        consent,
      },
    });
  }
  return { valid, bad };
}
