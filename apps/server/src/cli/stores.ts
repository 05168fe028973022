import { writeFile } from "node:fs/promises";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import { LANGUAGES, type LocalizedText } from "@hcoins/domain/languages";
import { stringify } from "csv-stringify/sync";
import { MediaRejected } from "../modules/media/service.ts";
import { StoreFieldError } from "../modules/stores/store-editor.ts";
import {
  STORE_COLUMNS,
  type StoreColumn,
  StoreImportRefused,
  type StoreImportRow,
} from "../modules/stores/store-import.ts";
import type { Services } from "../services.ts";
import { cliActor } from "./cli-actor.ts";
import { scheme } from "./coin-scheme.ts";
import { CliError, parseCommandArgs } from "./command.ts";
import { imageArgument, imageNote, parseIntegerArgument, readFileArgument } from "./content.ts";
import { readCsvRecords } from "./csv-records.ts";

export const STORES_IMPORT_USAGE = "stores-import <file.csv> [--deactivate-missing]";
export const STORES_EXPORT_USAGE = "stores-export [file.csv]";
export const BRAND_ADD_USAGE =
  "brand-add <code> [--name-en t] [--name-tc t] [--name-sc t] [--logo file|token] [--order n]";
export const BRAND_LIST_USAGE = "brand-list";
export const BRAND_DELETE_USAGE = "brand-delete <code>";

const ROWS_SHOWN = 40;

/** The data rows of the file and the rows whose cell count is wrong; a CliError for a bad header or CSV syntax. */
function parseStoresCsv(
  text: string,
  name: string,
): { rows: StoreImportRow[]; problems: { line: number; text: string }[] } {
  const records = readCsvRecords(text, name);
  const [header, ...data] = records;
  if (!header)
    throw new CliError(`${name} is empty: it needs a header row naming its columns; nothing was imported`);
  const headerProblems: string[] = [];
  const seen = new Set<string>();
  for (const column of header.record) {
    if (!(STORE_COLUMNS as readonly string[]).includes(column))
      headerProblems.push(`unknown column "${column}"`);
    else if (seen.has(column)) headerProblems.push(`column "${column}" appears twice`);
    seen.add(column);
  }
  if (!seen.has("code")) headerProblems.push('the required column "code" is missing');
  if (headerProblems.length > 0) {
    throw new CliError(
      `${name} line ${header.info.lines} (the header row): ${headerProblems.join("; ")}.\nColumns: ${STORE_COLUMNS.join(", ")} (only code is required). Nothing was imported.`,
    );
  }
  const columns = header.record as StoreColumn[];
  const rows: StoreImportRow[] = [];
  const problems: { line: number; text: string }[] = [];
  for (const { record, info } of data) {
    const lineBreaks = record.reduce((sum, cell) => sum + (cell.match(/\n/g)?.length ?? 0), 0);
    const line = info.lines - lineBreaks;
    if (record.length !== columns.length) {
      problems.push({ line, text: `has ${record.length} cells, the header has ${columns.length}` });
      continue;
    }
    const cells: Partial<Record<StoreColumn, string>> = {};
    columns.forEach((column, index) => {
      cells[column] = record[index] as string;
    });
    rows.push({ line, cells });
  }
  return { rows, problems };
}

/**
 * Imports stores from a CSV file (the columns of stores-export): stores are matched
 * by code, created or updated; columns left out keep their stored values. Every row
 * is checked first; one bad row and nothing is imported.
 */
export async function storesImport(services: Services, args: string[]): Promise<string> {
  const { positionals, values } = parseCommandArgs(STORES_IMPORT_USAGE, ["file.csv"], () =>
    parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: { "deactivate-missing": { type: "boolean", default: false } },
    }),
  );
  const file = positionals[0] as string;
  const name = basename(file);
  const text = (await readFileArgument(file, "nothing was imported")).toString("utf8");
  const { rows, problems } = parseStoresCsv(text, name);
  if (rows.length + problems.length === 0) {
    throw new CliError(`${name} has a header but no store rows; nothing was imported`);
  }
  let saved: Awaited<ReturnType<Services["stores"]["importStores"]>> | undefined;
  try {
    // With problems in the file already, the rows are still checked, writing nothing.
    // The stores go to the H Coins scheme's registry too: a scheme that fails leaves nothing imported.
    saved = await scheme(() =>
      services.stores.importStores(rows, {
        deactivateMissing: values["deactivate-missing"],
        dryRun: problems.length > 0,
      }),
    );
  } catch (error) {
    if (!(error instanceof StoreImportRefused)) throw error;
    problems.push(...error.problems);
  }
  if (!saved || problems.length > 0) {
    const sorted = problems
      .sort((a, b) => a.line - b.line)
      .map((problem) => `line ${problem.line}: ${problem.text}`);
    const shown = sorted.slice(0, ROWS_SHOWN);
    const more = sorted.length - shown.length;
    throw new CliError(
      [
        `${name} has ${problems.length === 1 ? "1 problem" : `${problems.length} problems`}; nothing was imported:`,
        ...shown.map((problem) => `  ${problem}`),
        ...(more > 0 ? [`  … and ${more} more`] : []),
      ].join("\n"),
    );
  }

  const list = (codes: string[]) =>
    codes.length > 10 ? `${codes.slice(0, 10).join(", ")} …` : codes.join(", ");
  const lines = [
    `Imported ${name}: ${saved.created.length} created, ${saved.updated.length} updated, ${saved.unchanged.length} unchanged.`,
  ];
  if (saved.created.length > 0) lines.push(`  created: ${list(saved.created)}`);
  if (saved.updated.length > 0) lines.push(`  updated: ${list(saved.updated)}`);
  if (values["deactivate-missing"]) {
    lines.push(
      saved.deactivated.length > 0
        ? `  hidden (not in the file, now inactive): ${list(saved.deactivated)}`
        : "  every active store is in the file; none hidden.",
    );
  }
  return lines.join("\n");
}

/** Every store, active or not, as CSV (the import's columns): to a file, or printed. */
export async function storesExport(services: Services, args: string[]): Promise<string> {
  // The file is optional: without one the CSV is printed.
  const { positionals } = parseCommandArgs(STORES_EXPORT_USAGE, args.length === 0 ? [] : ["file.csv"], () =>
    parseArgs({ args, allowPositionals: true, strict: true, options: {} }),
  );
  const stores = await services.stores.listAllStores();
  const csv = stringify(
    stores.map((store) => ({
      code: store.code,
      brand: store.brand_code,
      region: store.region,
      district: store.district,
      name_en: store.name_en,
      name_tc: store.name_tc,
      name_sc: store.name_sc,
      address_en: store.address_en,
      address_tc: store.address_tc,
      address_sc: store.address_sc,
      business_hours_en: store.business_hours_en,
      business_hours_tc: store.business_hours_tc,
      business_hours_sc: store.business_hours_sc,
      introduction_en: store.introduction_en,
      introduction_tc: store.introduction_tc,
      introduction_sc: store.introduction_sc,
      phone: store.phone,
      partner_property: store.partner_property ? "1" : "0",
      image_media_token: store.image_media_token ?? "",
      status: store.status,
    })),
    { header: true, columns: [...STORE_COLUMNS] },
  );
  const file = positionals[0];
  if (file === undefined) return csv.trimEnd();
  try {
    // A byte-order mark, so that spreadsheet programs read the Chinese texts as UTF-8.
    await writeFile(file, `\uFEFF${csv}`);
  } catch (error) {
    throw new CliError(`cannot write ${file}: ${(error as Error).message}`);
  }
  return `Exported ${stores.length === 1 ? "1 store" : `${stores.length} stores`} to ${file}.`;
}

/**
 * Creates a brand or updates the fields given, through the console's editor (the same rules:
 * three names, a unique code, a stored logo) with one audit entry for the CLI's operator.
 */
export async function brandAdd(services: Services, args: string[]): Promise<string> {
  const { positionals, values } = parseCommandArgs(BRAND_ADD_USAGE, ["code"], () =>
    parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        "name-en": { type: "string" },
        "name-tc": { type: "string" },
        "name-sc": { type: "string" },
        logo: { type: "string" },
        order: { type: "string" },
      },
    }),
  );
  const code = positionals[0] as string;
  const name: Partial<LocalizedText> = {};
  for (const lang of LANGUAGES) {
    const value = values[`name-${lang}`];
    if (value !== undefined) name[lang] = value;
  }
  const sortOrder = values.order === undefined ? undefined : parseIntegerArgument("order", values.order);
  const logo = values.logo === undefined ? undefined : await imageArgument(services, values.logo);
  const saved = await services.storeEditor
    .saveBrandByCode(code, { name, ...(sortOrder !== undefined ? { sortOrder } : {}) }, logo, cliActor())
    .catch((error: unknown) => {
      if (error instanceof StoreFieldError || error instanceof MediaRejected) {
        throw new CliError(`${error.message}; nothing changed`);
      }
      throw error;
    });
  const id = saved.brand.id;
  const lines = [
    saved.created
      ? `Created brand ${code} (id ${id}).`
      : saved.changed.length === 0
        ? `Brand ${code} (id ${id}) already says that; nothing changed.`
        : `Updated brand ${code} (id ${id}): ${saved.changed.join(", ")}.`,
  ];
  if (logo && saved.logo) lines.push(`  ${imageNote("logo", logo, saved.logo)}`);
  return lines.join("\n");
}

/** Deletes a brand that no store names. */
export async function brandDelete(services: Services, args: string[]): Promise<string> {
  const { positionals } = parseCommandArgs(BRAND_DELETE_USAGE, ["code"], () =>
    parseArgs({ args, allowPositionals: true, strict: true, options: {} }),
  );
  const code = positionals[0] as string;
  const brand = (await services.storeEditor.brands()).find((candidate) => candidate.code === code);
  if (!brand) throw new CliError(`no brand has code ${code} (brand-list lists them)`);
  await services.storeEditor.deleteBrand(brand.id, cliActor()).catch((error: unknown) => {
    if (error instanceof StoreFieldError)
      throw new CliError(`brand ${code}: ${error.message}; nothing changed`);
    throw error;
  });
  return `Deleted brand ${code} (id ${brand.id}).`;
}

export async function brandList(services: Services, args: string[]): Promise<string> {
  parseCommandArgs(BRAND_LIST_USAGE, [], () =>
    parseArgs({ args, allowPositionals: true, strict: true, options: {} }),
  );
  const brands = await services.stores.listBrandRows();
  if (brands.length === 0) return "No brands yet (add one with brand-add).";
  return [
    "id  code  order  en / tc / sc",
    ...brands.map(
      (brand) =>
        `${brand.id}  ${brand.code}  ${brand.sort_order}  ${brand.name_en} / ${brand.name_tc} / ${brand.name_sc}`,
    ),
  ].join("\n");
}
