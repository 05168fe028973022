import { LANGUAGES, type LocalizedText } from "@hcoins/domain/languages";
import { REGIONS } from "@hcoins/domain/profile-options";
import { STORE_STATUSES, type StoreInput, type StoreStatus } from "./store-rules.ts";

/** The columns of a store import and export, in export order. Only `code` is required in an import. */
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
export type StoreColumn = (typeof STORE_COLUMNS)[number];

/** One row of an import, by its line in the operator's file. */
export interface StoreImportRow {
  line: number;
  cells: Partial<Record<StoreColumn, string>>;
}

/** Every problem of an import, by line; nothing was imported. */
export class StoreImportRefused extends Error {
  constructor(readonly problems: { line: number; text: string }[]) {
    super(problems.map((problem) => `line ${problem.line}: ${problem.text}`).join("\n"));
  }
}

const TEXT_COLUMNS = {
  name: "name",
  address: "address",
  businessHours: "business_hours",
  introduction: "introduction",
} as const;

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
 * One row of an import as a StoreInput (empty cells clear texts and keep codes and flags),
 * with the problems of its cells; a cell with a problem is left out.
 */
export function storeFromRow(cells: Partial<Record<StoreColumn, string>>): {
  input?: StoreInput;
  problems: string[];
} {
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
      const cell = cells[`${column}_${lang}` as StoreColumn];
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
