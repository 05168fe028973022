import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { cell, markdownTable } from "./markdown-table.ts";

/** The decision records, one file each: `NNN-slug.md`, or `new-slug.md` until it is numbered. */
export const DECISIONS_DIRECTORY = "docs/decisions";
export const DECISIONS_INDEX = join(DECISIONS_DIRECTORY, "README.md");

interface DecisionRecord {
  file: string;
  number: string;
  title: string;
  area: string;
  status: string;
}

/** A record's heading and its `- Status:` and `- Area:` lines; a record without an area says so. */
function readRecord(file: string, text: string): DecisionRecord {
  const title = /^# (.+)$/m.exec(text)?.[1];
  const status = /^- Status: (.+)$/m.exec(text)?.[1];
  if (!title || !status) throw new Error(`${file}: a record starts "# Title", then "- Status: …"`);
  return {
    file,
    number: /^(\d{3})-/.exec(file)?.[1] ?? "new",
    title,
    area: /^- Area: (.+)$/m.exec(text)?.[1] ?? "—",
    // "superseded by [042](042-slug.md)": the link is relative to the record, and so to the index.
    status,
  };
}

/**
 * docs/decisions/README.md: every record file in the folder, numbered ones in order, then the
 * `new-*` ones a branch added (the lead numbers them at the merge and runs `npm run docs` again).
 */
export async function decisionsIndex(directory = DECISIONS_DIRECTORY): Promise<string> {
  const files = (await readdir(directory)).filter((file) => file.endsWith(".md") && file !== "README.md");
  const records = await Promise.all(
    files.map(async (file) => readRecord(file, await readFile(join(directory, file), "utf8"))),
  );
  records.sort((a, b) =>
    a.number === b.number ? a.file.localeCompare(b.file) : a.number.localeCompare(b.number),
  );
  const table = markdownTable(
    ["no.", "decision", "area", "status"],
    records.map((record) => [
      record.number,
      `[${cell(record.title)}](${record.file})`,
      cell(record.area),
      record.status,
    ]),
  );
  return `<!-- Written by \`npm run docs\` from the records in this folder: edit a record, not this index. -->

# Decisions

Choices a newcomer might question, one record each, with the reason: \`NNN-slug.md\`, numbered in
the order they were made. A record starts with its title, then \`- Date:\`, \`- Status:\` (\`accepted\`,
or \`superseded by\` the record that replaced it) and \`- Area:\`. A new decision is a file
\`new-<slug>.md\` in that shape until it is given the next number; \`npm run docs\` writes this index.

${table}
`;
}
