import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import { MemberCheckCode } from "@hcoins/domain/codes";
import { emailSchema, FIRST_LAST_NAME_MAX_LENGTH } from "@hcoins/domain/payloads";
import { phoneKey } from "@hcoins/domain/phone-rules";
import { isUniqueViolation } from "@hcoins/server-kit/database-errors";
import type { MemberRow } from "../db/schema.ts";
import type { ImportedMember } from "../modules/members/service.ts";
import type { Services } from "../services.ts";
import { CliError, checkPhone, parseCommandArgs, showMember, showPhone } from "./command.ts";
import { readCsvRecords } from "./csv-records.ts";

export const IMPORT_MEMBERS_USAGE = "import-members <file.csv>";

export const IMPORT_COLUMNS = [
  "mobile_phone_prefix",
  "mobile_phone",
  "member_no",
  "first_name",
  "last_name",
  "email",
  "birthday_month",
  "register_store_code",
  "external_customer_id",
] as const;
type Column = (typeof IMPORT_COLUMNS)[number];
const REQUIRED_COLUMNS: readonly Column[] = ["mobile_phone_prefix", "mobile_phone"];

/** The widths of the members table's columns: PostgreSQL would refuse a longer value mid-import. */
const MAX_LENGTH: Partial<Record<Column, number>> = {
  member_no: 32,
  first_name: FIRST_LAST_NAME_MAX_LENGTH,
  last_name: FIRST_LAST_NAME_MAX_LENGTH,
  register_store_code: 32,
  external_customer_id: 64,
};

/**
 * The form MemberService gives web registrations ("M" and the row id, nine digits).
 * An imported number of that form would later collide with a web registration's.
 */
const WEB_MEMBER_NO = /^M\d{9}$/;

interface CsvRow {
  line: number;
  cells: Partial<Record<Column, string | null>>;
  /** Set when the row's shape is already wrong (cell count, line breaks). */
  problems: string[];
}

interface ValidRow {
  line: number;
  member: ImportedMember;
}

/**
 * Imports app members from a CSV file: every row is checked first (against the file
 * and the database), and either all rows go in, in one transaction, or none does.
 * Imported members have no password, so CheckPhone answers 40005 until they finish
 * web registration.
 */
export async function importMembers(services: Services, args: string[]): Promise<string> {
  const { positionals } = parseCommandArgs(IMPORT_MEMBERS_USAGE, ["file.csv"], () =>
    parseArgs({ args, options: {}, allowPositionals: true, strict: true }),
  );
  const file = positionals[0] as string;
  const name = basename(file);

  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a directory" : String(error);
    throw new CliError(`cannot read ${file}: ${why}; nothing was imported`);
  }

  const rows = parseMembersCsv(text, name);
  if (rows.length === 0) throw new CliError(`${name} has a header but no member rows; nothing was imported`);

  const { valid, bad } = await validateRows(services, rows);
  if (bad.length > 0) {
    const count = bad.length === 1 ? "1 bad row" : `${bad.length} bad rows`;
    throw new CliError(
      [`${name} has ${count}; nothing was imported:`, ...bad.map((row) => `  ${row}`)].join("\n"),
    );
  }

  try {
    await services.db.transaction().execute(async (trx) => {
      for (const row of valid) await services.members.importMember(row.member, trx);
    });
  } catch (error) {
    // Another writer took a number, member number or email between the checks and the insert.
    if (!isUniqueViolation(error)) throw error;
    throw new CliError(
      `${name}: a mobile number, member_no or email was taken while importing (${(error as Error).message}); nothing was imported. Run the import again to see which row.`,
    );
  }

  const lines = [
    `Imported ${valid.length === 1 ? "1 member" : `${valid.length} members`} from ${name}. ` +
      `CheckPhone answers ${MemberCheckCode.appMemberIncomplete} for them until they complete their profile and set a password.`,
  ];
  for (const row of valid) {
    const { mobile_phone_prefix: prefix, mobile_phone: phone } = row.member;
    if (await services.members.isBlocked(prefix, phone)) {
      lines.push(
        `Note: line ${row.line}: ${showPhone(prefix, phone)} is blocked, so CheckPhone answers ${MemberCheckCode.mayNotRegister} for it until "unblock".`,
      );
    }
  }
  return lines.join("\n");
}

/** The data rows of the file, keyed by the header's column names, or a CliError for a bad header or CSV syntax. */
function parseMembersCsv(text: string, name: string): CsvRow[] {
  const records = readCsvRecords(text, name);

  const [header, ...data] = records;
  if (!header) throw new CliError(`${name} is empty: it needs a header row naming its columns`);
  const headerLine = header.info.lines;
  const headerProblems: string[] = [];
  const seen = new Set<string>();
  for (const column of header.record) {
    if (column === "") headerProblems.push("a column has no name");
    else if (!(IMPORT_COLUMNS as readonly string[]).includes(column)) {
      headerProblems.push(`unknown column "${column}"`);
    } else if (seen.has(column)) headerProblems.push(`column "${column}" appears twice`);
    seen.add(column);
  }
  for (const column of REQUIRED_COLUMNS) {
    if (!seen.has(column)) headerProblems.push(`required column "${column}" is missing`);
  }
  if (headerProblems.length > 0) {
    throw new CliError(
      `${name} line ${headerLine} (the header row): ${headerProblems.join("; ")}. ` +
        `Columns: ${IMPORT_COLUMNS.join(", ")} (the first two required). Nothing was imported.`,
    );
  }
  const columns = header.record as Column[];

  return data.map(({ record, info }) => {
    const lineBreaks = record.reduce((sum, cell) => sum + (cell.match(/\n/g)?.length ?? 0), 0);
    const row: CsvRow = { line: info.lines - lineBreaks, cells: {}, problems: [] };
    if (record.length !== columns.length) {
      row.problems.push(`has ${record.length} cells, the header has ${columns.length}`);
      return row;
    }
    columns.forEach((column, index) => {
      const cell = record[index] as string;
      if (cell.includes("\n")) row.problems.push(`${column} contains a line break`);
      row.cells[column] = cell === "" ? null : cell;
    });
    return row;
  });
}

/** Checks every row, then the rows against each other and against the database; one message per bad row. */
async function validateRows(
  services: Services,
  rows: CsvRow[],
): Promise<{ valid: ValidRow[]; bad: string[] }> {
  const valid: ValidRow[] = [];
  const bad: string[] = [];
  const phoneLines = new Map<string, number>();
  const memberNoLines = new Map<string, number>();
  const emailLines = new Map<string, number>();
  /** The line that already used a value, or undefined after recording this one. */
  const earlierLine = (lines: Map<string, number>, key: string, line: number): number | undefined => {
    const earlier = lines.get(key);
    if (earlier === undefined) lines.set(key, line);
    return earlier;
  };

  for (const row of rows) {
    if (row.problems.length > 0) {
      bad.push(`line ${row.line}: ${row.problems.join("; ")}`);
      continue;
    }
    const { cells, line } = row;
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
        const holder = await services.members.findByPhone(phone.prefix, phone.phone);
        if (holder) problems.push(`mobile number ${number} already belongs to ${showMemberNo(holder)}`);
      }
    }

    const memberNo = cells.member_no ?? null;
    if (memberNo !== null) {
      const earlier = earlierLine(memberNoLines, memberNo, line);
      if (WEB_MEMBER_NO.test(memberNo)) {
        problems.push(
          `member_no "${memberNo}" has the form the server gives web registrations ("M" and nine digits)`,
        );
      } else if (earlier !== undefined) problems.push(`member_no "${memberNo}" is also on line ${earlier}`);
      else {
        const holder = await services.members.findByMemberNo(memberNo);
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
        else if (await services.members.emailTaken(email)) {
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

    for (const [column, max] of Object.entries(MAX_LENGTH) as [Column, number][]) {
      const value = cells[column];
      if (value && value.length > max)
        problems.push(`${column} is ${value.length} characters long, at most ${max}`);
    }

    if (problems.length > 0 || "problem" in phone) {
      bad.push(`line ${line}: ${problems.join("; ")}`);
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
      },
    });
  }
  return { valid, bad };
}

const showMemberNo = (member: MemberRow) => `member ${member.member_no ?? `#${member.id}`}`;
