import { CsvError, type Info, parse } from "csv-parse/sync";
import { CliError } from "./command.ts";

export interface CsvRecord {
  record: string[];
  info: Info;
}

/**
 * The rows of an operator's CSV file (cells trimmed, blank lines skipped), each with its
 * line number; a file csv-parse cannot read is a CliError naming the file, and nothing
 * is imported.
 */
export function readCsvRecords(text: string, name: string): CsvRecord[] {
  try {
    // csv-parse counts a CRLF inside quotes as two lines; one kind of line end keeps line numbers true.
    return parse(text.replace(/\r\n?/g, "\n"), {
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }) as unknown as CsvRecord[];
  } catch (error) {
    if (error instanceof CsvError) throw new CliError(`${name}: ${error.message}; nothing was imported`);
    throw error;
  }
}
