import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import { MemberCheckCode } from "@hcoins/domain/codes";
import {
  MEMBER_IMPORT_COLUMNS,
  type MemberImportColumn,
  MemberImportConflict,
  MemberImportRefused,
  type MemberImportRow,
  REQUIRED_IMPORT_COLUMNS,
} from "../modules/members/member-import.ts";
import { showPhone } from "../modules/members/operator-text.ts";
import type { Services } from "../services.ts";
import { CliError, parseCommandArgs } from "./command.ts";
import { readCsvRecords } from "./csv-records.ts";

export const IMPORT_MEMBERS_USAGE = "import-members <file.csv>";

/** A row whose shape is already wrong (cell count, line breaks): it is not checked further. */
interface BadRow {
  line: number;
  problems: string[];
}

/**
 * Imports app members from a CSV file: the members service checks every row (against the
 * file and the database) and imports all of them, in one transaction, or none. Imported
 * members have no password, so CheckPhone answers 40005 until they finish web registration.
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

  const { rows, bad } = parseMembersCsv(text, name);
  if (rows.length + bad.length === 0) {
    throw new CliError(`${name} has a header but no member rows; nothing was imported`);
  }

  let imported: Awaited<ReturnType<Services["members"]["importMembers"]>> = [];
  try {
    // With bad rows in the file already, the others are still checked, and nothing is written.
    imported = await services.members.importMembers(rows, { dryRun: bad.length > 0 });
  } catch (error) {
    if (error instanceof MemberImportRefused) bad.push(...error.rows);
    else if (error instanceof MemberImportConflict) {
      throw new CliError(
        `${name}: a mobile number, member_no or email was taken while importing (${error.message}); nothing was imported. Run the import again to see which row.`,
      );
    } else throw error;
  }
  if (bad.length > 0) {
    const count = bad.length === 1 ? "1 bad row" : `${bad.length} bad rows`;
    const shown = bad
      .sort((a, b) => a.line - b.line)
      .map((row) => `  line ${row.line}: ${row.problems.join("; ")}`);
    throw new CliError([`${name} has ${count}; nothing was imported:`, ...shown].join("\n"));
  }

  const lines = [
    `Imported ${imported.length === 1 ? "1 member" : `${imported.length} members`} from ${name}. ` +
      `CheckPhone answers ${MemberCheckCode.appMemberIncomplete} for them until they complete their profile and set a password.`,
  ];
  for (const { line, member } of imported) {
    const { mobile_phone_prefix: prefix, mobile_phone: phone } = member;
    if (await services.members.isBlocked(prefix, phone)) {
      lines.push(
        `Note: line ${line}: ${showPhone(prefix, phone)} is blocked, so CheckPhone answers ${MemberCheckCode.mayNotRegister} for it until "unblock".`,
      );
    }
  }
  return lines.join("\n");
}

/**
 * The data rows of the file, keyed by the header's column names, and the rows whose shape is
 * wrong; a CliError for a bad header or CSV syntax.
 */
function parseMembersCsv(text: string, name: string): { rows: MemberImportRow[]; bad: BadRow[] } {
  const records = readCsvRecords(text, name);

  const [header, ...data] = records;
  if (!header) throw new CliError(`${name} is empty: it needs a header row naming its columns`);
  const headerLine = header.info.lines;
  const headerProblems: string[] = [];
  const seen = new Set<string>();
  for (const column of header.record) {
    if (column === "") headerProblems.push("a column has no name");
    else if (!(MEMBER_IMPORT_COLUMNS as readonly string[]).includes(column)) {
      headerProblems.push(`unknown column "${column}"`);
    } else if (seen.has(column)) headerProblems.push(`column "${column}" appears twice`);
    seen.add(column);
  }
  for (const column of REQUIRED_IMPORT_COLUMNS) {
    if (!seen.has(column)) headerProblems.push(`required column "${column}" is missing`);
  }
  if (headerProblems.length > 0) {
    throw new CliError(
      `${name} line ${headerLine} (the header row): ${headerProblems.join("; ")}. ` +
        `Columns: ${MEMBER_IMPORT_COLUMNS.join(", ")} (the first two required). Nothing was imported.`,
    );
  }
  const columns = header.record as MemberImportColumn[];

  const rows: MemberImportRow[] = [];
  const bad: BadRow[] = [];
  for (const { record, info } of data) {
    const lineBreaks = record.reduce((sum, cell) => sum + (cell.match(/\n/g)?.length ?? 0), 0);
    const line = info.lines - lineBreaks;
    if (record.length !== columns.length) {
      bad.push({ line, problems: [`has ${record.length} cells, the header has ${columns.length}`] });
      continue;
    }
    const row: MemberImportRow = { line, cells: {} };
    const problems: string[] = [];
    columns.forEach((column, index) => {
      const cell = record[index] as string;
      if (cell.includes("\n")) problems.push(`${column} contains a line break`);
      row.cells[column] = cell === "" ? null : cell;
    });
    if (problems.length > 0) bad.push({ line, problems });
    else rows.push(row);
  }
  return { rows, bad };
}
