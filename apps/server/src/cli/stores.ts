import { writeFile } from "node:fs/promises";
import { basename } from "node:path";
import { parseArgs } from "node:util";
import { LANGUAGES, type LocalizedText, REGIONS } from "@hcoins/domain/profile-options";
import { stringify } from "csv-stringify/sync";
import { MediaRejected } from "../modules/media/service.ts";
import {
  STORE_STATUSES,
  type StoreInput,
  StoreInputError,
  type StoreStatus,
} from "../modules/stores/service.ts";
import type { Services } from "../services.ts";
import { CliError, parseCommandArgs } from "./command.ts";
import { imageArgument, parseIntegerArgument, readFileArgument } from "./content.ts";
import { readCsvRecords } from "./csv-records.ts";

export const STORES_IMPORT_USAGE = "stores-import <file.csv> [--deactivate-missing]";
export const STORES_EXPORT_USAGE = "stores-export [file.csv]";
export const BRAND_ADD_USAGE =
  "brand-add <code> [--name-en t] [--name-tc t] [--name-sc t] [--logo file|token] [--order n]";
export const BRAND_LIST_USAGE = "brand-list";

/** The store CSV's columns, in export order. Only `code` is required in an import. */
export const STORE_COLUMNS = [
  "code",
  "brand",
  "region",
  "district",
  "name_en",
  "name_tc",
  "name_sc",
  "address_en",
  "address_tc",
  "address_sc",
  "business_hours_en",
  "business_hours_tc",
  "business_hours_sc",
  "introduction_en",
  "introduction_tc",
  "introduction_sc",
  "phone",
  "partner_property",
  "image_media_token",
  "status",
] as const;
type Column = (typeof STORE_COLUMNS)[number];

const TEXT_COLUMNS = {
  name: "name",
  address: "address",
  businessHours: "business_hours",
  introduction: "introduction",
} as const;

const ROWS_SHOWN = 40;

/** A region or district given by code or by name in any language ("Kowloon", "九龍", "5046"). */
function placeCode(value: string, kind: "region" | "district"): string {
  const wanted = value.trim().toLowerCase();
  const places = kind === "region" ? REGIONS : REGIONS.flatMap((region) => region.districts);
  const found = places.find(
    (place) => place.code === wanted || LANGUAGES.some((lang) => place.name[lang].toLowerCase() === wanted),
  );
  return found?.code ?? value.trim();
}

const YES = new Set(["1", "yes", "y", "true"]);
const NO = new Set(["0", "no", "n", "false"]);

/**
 * One data row of the CSV as a StoreInput (empty cells clear texts and keep codes
 * and flags), with the problems of its cells; a cell with a problem is left out.
 */
function storeFromRow(cells: Partial<Record<Column, string>>): { input?: StoreInput; problems: string[] } {
  const problems: string[] = [];
  const code = cells.code ?? "";
  if (code === "") return { problems: ["code is empty"] };
  const input: StoreInput = { code };
  if (cells.brand) input.brand = cells.brand;
  if (cells.region) input.region = placeCode(cells.region, "region");
  if (cells.district) input.district = placeCode(cells.district, "district");
  for (const [field, column] of Object.entries(TEXT_COLUMNS) as [keyof typeof TEXT_COLUMNS, string][]) {
    const texts: Partial<LocalizedText> = {};
    for (const lang of LANGUAGES) {
      const cell = cells[`${column}_${lang}` as Column];
      if (cell !== undefined) texts[lang] = cell;
    }
    if (Object.keys(texts).length > 0) input[field] = texts;
  }
  if (cells.phone !== undefined) input.phone = cells.phone;
  if (cells.image_media_token !== undefined) input.imageMediaToken = cells.image_media_token || null;
  const flag = cells.partner_property?.toLowerCase();
  if (flag) {
    if (YES.has(flag)) input.partnerProperty = true;
    else if (NO.has(flag)) input.partnerProperty = false;
    else problems.push(`partner_property "${cells.partner_property}" must be 1 or 0 (yes or no)`);
  }
  const status = cells.status?.toLowerCase();
  if (status) {
    if ((STORE_STATUSES as readonly string[]).includes(status)) input.status = status as StoreStatus;
    else problems.push(`status "${cells.status}" must be one of ${STORE_STATUSES.join(", ")}`);
  }
  return { input, problems };
}

function parseStoresCsv(
  text: string,
  name: string,
): { line: number; cells: Partial<Record<Column, string>> }[] {
  const records = readCsvRecords(text, name);
  const [header, ...data] = records;
  if (!header)
    throw new CliError(`${name} is empty: it needs a header row naming its columns; nothing was imported`);
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const column of header.record) {
    if (!(STORE_COLUMNS as readonly string[]).includes(column)) problems.push(`unknown column "${column}"`);
    else if (seen.has(column)) problems.push(`column "${column}" appears twice`);
    seen.add(column);
  }
  if (!seen.has("code")) problems.push('the required column "code" is missing');
  if (problems.length > 0) {
    throw new CliError(
      `${name} line ${header.info.lines} (the header row): ${problems.join("; ")}.\nColumns: ${STORE_COLUMNS.join(", ")} (only code is required). Nothing was imported.`,
    );
  }
  const columns = header.record as Column[];
  return data.map(({ record, info }) => {
    const lineBreaks = record.reduce((sum, cell) => sum + (cell.match(/\n/g)?.length ?? 0), 0);
    const line = info.lines - lineBreaks;
    if (record.length !== columns.length) {
      return { line, cells: {}, shape: `has ${record.length} cells, the header has ${columns.length}` };
    }
    const cells: Partial<Record<Column, string>> = {};
    columns.forEach((column, index) => {
      cells[column] = record[index] as string;
    });
    return { line, cells };
  }) as { line: number; cells: Partial<Record<Column, string>>; shape?: string }[];
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
  const rows = parseStoresCsv(text, name) as {
    line: number;
    cells: Partial<Record<Column, string>>;
    shape?: string;
  }[];
  if (rows.length === 0) throw new CliError(`${name} has a header but no store rows; nothing was imported`);

  const problems: { line: number; text: string }[] = [];
  const stores: { label: string; input: StoreInput }[] = [];
  for (const row of rows) {
    if (row.shape) {
      problems.push({ line: row.line, text: row.shape });
      continue;
    }
    const parsed = storeFromRow(row.cells);
    if (parsed.input) stores.push({ label: `line ${row.line}`, input: parsed.input });
    problems.push(...parsed.problems.map((text) => ({ line: row.line, text })));
  }
  let saved: Awaited<ReturnType<Services["stores"]["saveStores"]>> | undefined;
  try {
    // With problems in the file already, the rows are still checked against the database, writing nothing.
    saved = await services.stores.saveStores(stores, {
      deactivateMissing: values["deactivate-missing"],
      dryRun: problems.length > 0,
    });
  } catch (error) {
    if (!(error instanceof StoreInputError)) throw error;
    for (const problem of error.problems) {
      const match = /^line (\d+): (.*)$/s.exec(problem);
      problems.push(
        match ? { line: Number(match[1]), text: match[2] as string } : { line: 0, text: problem },
      );
    }
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

/** Creates a brand or updates the fields given. */
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
  const { logo } = values;
  const { saved, note } = await services.db
    .transaction()
    .execute(async (trx) => {
      const image = logo === undefined ? undefined : await imageArgument(services, "logo", logo, trx);
      const result = await services.stores.saveBrand(
        {
          code,
          name,
          ...(image ? { logoMediaToken: image.token } : {}),
          ...(sortOrder !== undefined ? { sortOrder } : {}),
        },
        trx,
      );
      return { saved: result, note: image?.note };
    })
    .catch((error: unknown) => {
      if (error instanceof StoreInputError || error instanceof MediaRejected) {
        throw new CliError(`${error.message}; nothing changed`);
      }
      throw error;
    });
  const lines = [
    saved.created
      ? `Created brand ${code} (id ${saved.id}).`
      : saved.changed.length === 0
        ? `Brand ${code} (id ${saved.id}) already says that; nothing changed.`
        : `Updated brand ${code} (id ${saved.id}): ${saved.changed.join(", ")}.`,
  ];
  if (note) lines.push(`  ${note}`);
  return lines.join("\n");
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
