import { LANGUAGES, type Language, type LocalizedText } from "@hcoins/domain/languages";
import { findDistrict, findRegion, REGIONS } from "@hcoins/domain/profile-options";
import type { Selectable } from "kysely";
import type { TextColumns } from "../../localized-text.ts";
import type { StoresTable } from "./tables.ts";

/*
 * What a store and a brand may hold: the checks of every store the operator gives, as a
 * whole (the stored store with the input laid over it), and the columns they become.
 */

export const STORE_STATUSES = ["active", "inactive"] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];
export const STORE_CODE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
export const BRAND_CODE = /^[a-z0-9][a-z0-9-]{0,63}$/;

export type Texts = Partial<LocalizedText>;

/** A store as the operator gives it. Fields left out keep their stored value (new stores: defaults). */
export interface StoreInput {
  code: string;
  /** Brand code. */
  brand?: string;
  region?: string;
  district?: string;
  name?: Texts;
  address?: Texts;
  businessHours?: Texts;
  introduction?: Texts;
  phone?: string;
  imageMediaToken?: string | null;
  partnerProperty?: boolean;
  status?: StoreStatus;
}

export const LIMITS = { name: 200, address: 500, businessHours: 500, introduction: 5000 } as const;
const TEXT_FIELDS = ["name", "address", "businessHours", "introduction"] as const;
const COLUMN_OF = {
  name: "name",
  address: "address",
  businessHours: "business_hours",
  introduction: "introduction",
} as const;

type StoreRow = Selectable<StoresTable>;

/** A store with every field filled: the stored one with the input laid over it. */
export interface FullStore {
  code: string;
  brand: string;
  region: string;
  district: string;
  name: LocalizedText;
  address: LocalizedText;
  businessHours: LocalizedText;
  introduction: LocalizedText;
  phone: string;
  imageMediaToken: string | null;
  partnerProperty: boolean;
  status: string;
  /** Brand code of the stored row, when the input names none. */
  storedBrandId?: number;
}

export function mergeStore(before: StoreRow | undefined, input: StoreInput): FullStore {
  const texts = (field: (typeof TEXT_FIELDS)[number]): LocalizedText => ({
    en: "",
    tc: "",
    sc: "",
    ...(before ? pickTexts(before, COLUMN_OF[field]) : {}),
    ...trimTexts(input[field]),
  });
  let region = input.region ?? before?.region ?? "";
  const district = input.district ?? before?.district ?? "";
  // A district names its region, so a file may give the district alone.
  if (input.region === undefined && input.district !== undefined)
    region = findDistrict(district)?.regionCode ?? region;
  return {
    code: input.code,
    brand: input.brand ?? "",
    region,
    district,
    name: texts("name"),
    address: texts("address"),
    businessHours: texts("businessHours"),
    introduction: texts("introduction"),
    phone: (input.phone ?? before?.phone ?? "").trim(),
    imageMediaToken:
      input.imageMediaToken !== undefined ? input.imageMediaToken : (before?.image_media_token ?? null),
    partnerProperty: input.partnerProperty ?? before?.partner_property === 1,
    status: input.status ?? before?.status ?? "active",
    ...(before && input.brand === undefined ? { storedBrandId: before.brand_id } : {}),
  };
}

export function checkStore(
  store: FullStore,
  brands: Map<string, number>,
  tokens: Map<string, boolean>,
): string[] {
  const problems: string[] = [];
  if (!STORE_CODE.test(store.code)) {
    problems.push(`code "${store.code}" must be letters, digits, hyphens and underscores (at most 64)`);
  }
  if (store.storedBrandId === undefined) {
    if (store.brand === "") problems.push("brand is missing");
    else if (!brands.has(store.brand)) {
      problems.push(
        `brand "${store.brand}" is unknown (known: ${[...brands.keys()].join(", ") || "none"}; add it with brand-add)`,
      );
    }
  }
  const region = findRegion(store.region);
  const district = findDistrict(store.district);
  if (store.region === "") problems.push("region is missing");
  else if (!region)
    problems.push(`region "${store.region}" is not one of ${REGIONS.map((r) => r.code).join(", ")}`);
  if (store.district === "") problems.push("district is missing");
  else if (!district) problems.push(`district "${store.district}" is unknown`);
  else if (region && district.regionCode !== region.code) {
    problems.push(
      `district ${district.code} (${district.name.en}) is not in region ${region.code} (${region.name.en}); its region is ${district.regionCode}`,
    );
  }
  if (!store.name.tc)
    problems.push("name_tc is missing (Traditional Chinese is what other languages fall back to)");
  if (!store.address.tc) problems.push("address_tc is missing");
  for (const field of TEXT_FIELDS) {
    for (const lang of LANGUAGES) {
      const length = store[field][lang].length;
      if (length > LIMITS[field]) {
        problems.push(`${COLUMN_OF[field]}_${lang} is ${length} characters; at most ${LIMITS[field]}`);
      }
    }
  }
  if (!/^[+0-9 ()-]{0,32}$/.test(store.phone))
    problems.push(`phone "${store.phone}" may hold only digits, spaces, + ( ) -`);
  if (store.imageMediaToken && tokens.get(store.imageMediaToken) === false) {
    problems.push(`image ${store.imageMediaToken} is not in the media store (add it with media-add)`);
  }
  if (!(STORE_STATUSES as readonly string[]).includes(store.status)) {
    problems.push(`status "${store.status}" must be one of ${STORE_STATUSES.join(", ")}`);
  }
  return problems;
}

export function storeValues(
  store: FullStore,
  brands: Map<string, number>,
): Omit<StoresTable, "id" | "created_at" | "updated_at"> {
  return {
    code: store.code,
    brand_id: store.storedBrandId ?? (brands.get(store.brand) as number),
    region: store.region,
    district: store.district,
    ...columnsOf("name", store.name),
    ...columnsOf("address", store.address),
    ...columnsOf("business_hours", store.businessHours),
    ...columnsOf("introduction", store.introduction),
    phone: store.phone,
    image_media_token: store.imageMediaToken,
    partner_property: store.partnerProperty ? 1 : 0,
    status: store.status,
  };
}

export function trimTexts(texts: Texts | undefined): Texts {
  const result: Texts = {};
  for (const lang of LANGUAGES) {
    const text = texts?.[lang];
    if (text !== undefined) result[lang] = text.trim();
  }
  return result;
}

export function pickTexts<Name extends string>(row: TextColumns<Name> | undefined, name: Name): Texts {
  if (!row) return {};
  const get = (lang: Language) => row[`${name}_${lang}` as keyof TextColumns<Name>];
  return { en: get("en"), tc: get("tc"), sc: get("sc") };
}

export function columnsOf<Name extends string>(name: Name, texts: Texts): TextColumns<Name> {
  const result: Record<string, string> = {};
  for (const [lang, text] of Object.entries(texts)) result[`${name}_${lang}`] = text;
  return result as TextColumns<Name>;
}
