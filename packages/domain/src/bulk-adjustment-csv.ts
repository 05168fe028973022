import { memberNumberPlausible } from "./member-number.ts";

/**
 * A bulk coin adjustment's list, as an operator pastes or uploads it: one `member number, coins`
 * line each (comma, semicolon or tab between them, as spreadsheets save or copy them), an optional
 * header line, blank lines ignored. The console reads it to count the lines before sending; the
 * server reads it again and is the one that decides (it also looks every member up).
 */

/**
 * At most this many lines per request. A second operator approves the list as a whole and reads it
 * on the Approvals screen, page by page: 1,000 is a large store's campaign day of corrections, and
 * applying them at approval takes seconds, not minutes (each line is one call to the scheme). A
 * longer list is split into several requests, each approved on its own.
 */
export const BULK_ADJUSTMENT_MAX_LINES = 1_000;
/** The pasted or uploaded text's size cap: 1,000 lines of up to ~60 characters. */
export const BULK_ADJUSTMENT_MAX_CHARS = 64_000;

/** Why a line is refused: the parser's rules, then the server's (member lookups, the role's ceiling). */
export const BULK_LINE_RULES = [
  "lineMalformed",
  "memberNumberMalformed",
  "coinsMalformed",
  "coinsZero",
  "memberDuplicate",
  "coinsAboveCeiling",
  "memberUnknown",
  "memberDisabled",
  "memberNotLinked",
] as const;
export type BulkLineRule = (typeof BULK_LINE_RULES)[number];

export interface BulkLine {
  /** The line's number in the text as sent (1 = the first), so the operator finds it in their file. */
  line: number;
  member_no: string;
  coins: number;
}

export interface BulkLineError {
  line: number;
  /** What the line named, when it named something. */
  member_no: string | null;
  rule: BulkLineRule;
}

const MEMBER_NO = /^[A-Za-z0-9-]{1,32}$/;
const COINS = /^[+-]?\d{1,9}$/;
const MAX_COINS = 100_000_000;

const unquoted = (field: string) =>
  field
    .trim()
    .replace(/^"(.*)"$/, "$1")
    .trim();

/**
 * A first line naming its columns (`member number, coins`, `會員編號,H Coins`): its second value is
 * no number, and its first is no member number or says so in words. `M000123,abc` is a member's
 * line with bad coins, not a header.
 */
const HEADER_WORDS = /member|number|no\.?$|會員|会员|編號|编号/i;
const isHeader = (fields: string[]) =>
  fields.length >= 2 &&
  !COINS.test(fields[1] ?? "") &&
  (!MEMBER_NO.test(fields[0] ?? "") || HEADER_WORDS.test(fields[0] ?? ""));

/** The text's lines, and the errors of those that cannot be read; duplicates named on their later lines. */
export function parseBulkAdjustmentCsv(text: string): { lines: BulkLine[]; errors: BulkLineError[] } {
  const lines: BulkLine[] = [];
  const errors: BulkLineError[] = [];
  const seen = new Set<string>();
  let first = true;
  const rows = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  rows.forEach((row, index) => {
    const line = index + 1;
    if (row.trim() === "") return;
    const fields = row.split(/[,;\t]/).map(unquoted);
    const header = first && isHeader(fields);
    first = false;
    if (header) return;
    // A trailing separator (a spreadsheet's empty third column) is not a third value.
    while (fields.length > 2 && fields.at(-1) === "") fields.pop();
    const [memberNo = "", coinsText = ""] = fields;
    if (fields.length !== 2) {
      errors.push({ line, member_no: memberNo || null, rule: "lineMalformed" });
      return;
    }
    const member_no = memberNo.toUpperCase();
    if (!MEMBER_NO.test(member_no) || !memberNumberPlausible(member_no)) {
      errors.push({ line, member_no: memberNo || null, rule: "memberNumberMalformed" });
      return;
    }
    // A member named twice is refused on the later line even when the first is refused for its
    // coins: correcting that one would make the list name them twice.
    if (seen.has(member_no)) {
      errors.push({ line, member_no, rule: "memberDuplicate" });
      return;
    }
    seen.add(member_no);
    if (!COINS.test(coinsText) || Math.abs(Number(coinsText)) > MAX_COINS) {
      errors.push({ line, member_no, rule: "coinsMalformed" });
      return;
    }
    const coins = Number(coinsText);
    if (coins === 0) {
      errors.push({ line, member_no, rule: "coinsZero" });
      return;
    }
    lines.push({ line, member_no, coins });
  });
  return { lines, errors };
}
