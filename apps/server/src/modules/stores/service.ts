import { type Brand, STORE_PAGE_SIZE_MAX, type Store } from "@hcoins/domain/api/stores";
import {
  findDistrict,
  findRegion,
  LANGUAGES,
  type Language,
  type LocalizedText,
  REGIONS,
} from "@hcoins/domain/profile-options";
import type { Insertable, Kysely, Updateable } from "kysely";
import type { Database, StoreRow, StoresTable, TagRow } from "../../db/schema.ts";
import { localizedIn, type TextColumns, textIn } from "../../localized-text.ts";
import type { MediaService } from "../media/service.ts";
import type { StoreFilters, StoreRepository, StoreWithBrand } from "./repository.ts";

export const STORE_STATUSES = ["active", "inactive"] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];
export const BRAND_TAG = "brand";
export const STORE_CODE = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
export const BRAND_CODE = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** Store or brand input the operator must fix; each problem names the row or field. Nothing was changed. */
export class StoreInputError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
  }
}

type Texts = Partial<LocalizedText>;

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

export interface BrandInput {
  code: string;
  name?: Texts;
  logoMediaToken?: string | null;
  sortOrder?: number;
}

export interface StoresSaved {
  created: string[];
  updated: string[];
  unchanged: string[];
  deactivated: string[];
}

const LIMITS = { name: 200, address: 500, businessHours: 500, introduction: 5000 } as const;
const TEXT_FIELDS = ["name", "address", "businessHours", "introduction"] as const;
const COLUMN_OF = {
  name: "name",
  address: "address",
  businessHours: "business_hours",
  introduction: "introduction",
} as const;

/**
 * Stores and their brands (tags of type `brand`): the store list with its
 * filters, and the operator's imports. Region and district codes are the
 * profile's (packages/domain); a district always belongs to its region.
 */
export class StoreService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repository: StoreRepository,
    private readonly media: MediaService,
    private readonly now: () => number,
  ) {}

  async search(
    filters: { region?: string; district?: string; brand?: string; q?: string },
    page: number,
    pageSize: number,
    lang: Language,
  ): Promise<{ items: Store[]; total: number; page: number; page_size: number }> {
    const size = Math.min(pageSize, STORE_PAGE_SIZE_MAX);
    const query: StoreFilters = {};
    if (filters.region !== undefined) query.region = filters.region;
    if (filters.district !== undefined) query.district = filters.district;
    if (filters.q !== undefined && filters.q !== "") query.text = filters.q.toLowerCase();
    if (filters.brand !== undefined) {
      const brand = await this.findBrand(filters.brand);
      if (!brand) return { items: [], total: 0, page, page_size: size };
      query.brandId = brand.id;
    }
    const { rows, total } = await this.repository.search(query, { limit: size, offset: (page - 1) * size });
    return { items: rows.map((row) => storeView(row, lang)), total, page, page_size: size };
  }

  async store(id: number, lang: Language): Promise<Store | undefined> {
    const row = await this.repository.findActive(id);
    return row && storeView(row, lang);
  }

  /** The store list's filter choices in one language: every region with its districts, and the brands. */
  async metadata(lang: Language) {
    const regions = REGIONS.map((region) => ({
      code: region.code,
      name: localizedIn(region.name, lang),
      districts: region.districts.map((district) => ({
        code: district.code,
        name: localizedIn(district.name, lang),
      })),
    }));
    const districts = REGIONS.flatMap((region) =>
      region.districts.map((district) => ({
        code: district.code,
        name: localizedIn(district.name, lang),
        region_code: region.code,
      })),
    );
    return { regions, districts, brands: await this.brands(lang) };
  }

  /** A brand by id (digits) or code. */
  private async findBrand(idOrCode: string): Promise<TagRow | undefined> {
    if (/^\d{1,9}$/.test(idOrCode)) return this.repository.findTagById(BRAND_TAG, Number(idOrCode));
    return this.repository.findTag(BRAND_TAG, idOrCode);
  }

  async brands(lang: Language): Promise<Brand[]> {
    const tags = await this.repository.listTags(BRAND_TAG);
    return tags.map((tag) => ({
      id: tag.id,
      code: tag.code,
      name: textIn(tag, "name", lang),
      logo_media_token: tag.logo_media_token,
    }));
  }

  /** Tags of a type (all types when none is given), in one language. */
  async tags(type: string | undefined, lang: Language) {
    const tags = await this.repository.listTags(type);
    return tags.map((tag) => ({
      id: tag.id,
      type: tag.type,
      code: tag.code,
      name: textIn(tag, "name", lang),
      logo_media_token: tag.logo_media_token,
    }));
  }

  listBrandRows(): Promise<TagRow[]> {
    return this.repository.listTags(BRAND_TAG);
  }

  listAllStores(): Promise<StoreWithBrand[]> {
    return this.repository.listAll();
  }

  countStores(trx?: Kysely<Database>): Promise<number> {
    return this.repository.countStores(trx);
  }

  /** Creates a brand or updates the fields given. */
  async saveBrand(
    input: BrandInput,
    trx?: Kysely<Database>,
  ): Promise<{ id: number; created: boolean; changed: string[] }> {
    if (!trx) return this.db.transaction().execute((inner) => this.saveBrand(input, inner));
    const problems: string[] = [];
    if (!BRAND_CODE.test(input.code)) {
      problems.push(`brand code "${input.code}" must be lower-case letters, digits and hyphens (at most 64)`);
    }
    const names = trimTexts(input.name);
    for (const lang of LANGUAGES) {
      if ((names[lang]?.length ?? 0) > LIMITS.name)
        problems.push(`name (${lang}) is longer than ${LIMITS.name}`);
    }
    if (input.logoMediaToken && !(await this.media.exists(input.logoMediaToken, trx))) {
      problems.push(`logo ${input.logoMediaToken} is not in the media store`);
    }
    if (input.sortOrder !== undefined && !Number.isInteger(input.sortOrder))
      problems.push("order must be a whole number");
    const existing = await this.repository.findTag(BRAND_TAG, input.code, trx);
    const merged = { en: "", tc: "", sc: "", ...pickTexts(existing, "name"), ...names };
    if (!merged.tc) problems.push("a brand needs a Traditional Chinese name (--name-tc)");
    if (problems.length > 0) throw new StoreInputError(problems);

    const values = {
      ...columnsOf("name", names),
      ...(input.logoMediaToken !== undefined ? { logo_media_token: input.logoMediaToken } : {}),
      ...(input.sortOrder !== undefined ? { sort_order: input.sortOrder } : {}),
    };
    const now = this.now();
    if (!existing) {
      const id = await this.repository.insertTag(
        {
          type: BRAND_TAG,
          code: input.code,
          ...columnsOf("name", merged),
          logo_media_token: input.logoMediaToken ?? null,
          sort_order: input.sortOrder ?? 0,
          created_at: now,
          updated_at: now,
        },
        trx,
      );
      return { id, created: true, changed: Object.keys(values) };
    }
    const changed = Object.entries(values)
      .filter(([key, value]) => existing[key as keyof TagRow] !== value)
      .map(([key]) => key);
    if (changed.length > 0) await this.repository.updateTag(existing.id, { ...values, updated_at: now }, trx);
    return { id: existing.id, created: false, changed };
  }

  /**
   * Creates or updates stores by code, all or none: any problem in any store
   * throws a StoreInputError listing every problem (labelled by `label`), and
   * nothing is written. `deactivateMissing` hides active stores absent from `stores`;
   * `dryRun` checks everything and writes nothing.
   */
  async saveStores(
    stores: { label: string; input: StoreInput }[],
    options: { deactivateMissing?: boolean; dryRun?: boolean } = {},
    trx?: Kysely<Database>,
  ): Promise<StoresSaved> {
    if (!trx) return this.db.transaction().execute((inner) => this.saveStores(stores, options, inner));
    const problems: string[] = [];
    const seen = new Map<string, string>();
    for (const { label, input } of stores) {
      const first = seen.get(input.code);
      if (first !== undefined) problems.push(`${label}: code ${input.code} is also used by ${first}`);
      else seen.set(input.code, label);
    }
    const existing = new Map(
      (await this.repository.byCodes([...seen.keys()], trx)).map((row) => [row.code, row] as const),
    );
    const brands = new Map(
      (await this.repository.listTags(BRAND_TAG, trx)).map((tag) => [tag.code, tag.id] as const),
    );
    const tokens = new Map<string, boolean>();
    for (const { input } of stores) {
      const token = input.imageMediaToken;
      if (token && !tokens.has(token)) tokens.set(token, await this.media.exists(token, trx));
    }

    const now = this.now();
    const inserts: Insertable<StoresTable>[] = [];
    const updates: { id: number; values: Updateable<StoresTable> }[] = [];
    const result: StoresSaved = { created: [], updated: [], unchanged: [], deactivated: [] };
    for (const { label, input } of stores) {
      const before = existing.get(input.code);
      const merged = mergeStore(before, input);
      const storeProblems = checkStore(merged, brands, tokens);
      problems.push(...storeProblems.map((problem) => `${label}: ${problem}`));
      if (storeProblems.length > 0) continue;
      const values = storeValues(merged, brands);
      if (!before) {
        inserts.push({ ...values, created_at: now, updated_at: now });
        result.created.push(input.code);
      } else if (Object.entries(values).some(([key, value]) => before[key as keyof StoreRow] !== value)) {
        updates.push({ id: before.id, values: { ...values, updated_at: now } });
        result.updated.push(input.code);
      } else {
        result.unchanged.push(input.code);
      }
    }
    if (problems.length > 0) throw new StoreInputError(problems);
    if (options.dryRun) return result;

    await this.repository.insertStores(inserts, trx);
    for (const { id, values } of updates) await this.repository.updateStore(id, values, trx);
    if (options.deactivateMissing) {
      result.deactivated = await this.repository.deactivateOthers([...seen.keys()], now, trx);
    }
    return result;
  }
}

/** A store with every field filled: the stored one with the input laid over it. */
interface FullStore {
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

function mergeStore(before: StoreRow | undefined, input: StoreInput): FullStore {
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

function checkStore(store: FullStore, brands: Map<string, number>, tokens: Map<string, boolean>): string[] {
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

function storeValues(
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

function storeView(row: StoreWithBrand, lang: Language): Store {
  const region = findRegion(row.region);
  const district = findDistrict(row.district);
  return {
    id: row.id,
    code: row.code,
    name: textIn(row, "name", lang),
    brand: {
      id: row.brand_id,
      code: row.brand_code,
      name: textIn({ n_en: row.brand_name_en, n_tc: row.brand_name_tc, n_sc: row.brand_name_sc }, "n", lang),
    },
    region: { code: row.region, name: region ? localizedIn(region.name, lang) : row.region },
    district: { code: row.district, name: district ? localizedIn(district.name, lang) : row.district },
    address: textIn(row, "address", lang),
    business_hours: textIn(row, "business_hours", lang),
    introduction: textIn(row, "introduction", lang),
    phone: row.phone,
    image_media_token: row.image_media_token,
    partner_property: row.partner_property === 1,
  };
}

function trimTexts(texts: Texts | undefined): Texts {
  const result: Texts = {};
  for (const lang of LANGUAGES) {
    const text = texts?.[lang];
    if (text !== undefined) result[lang] = text.trim();
  }
  return result;
}

function pickTexts<Name extends string>(row: TextColumns<Name> | undefined, name: Name): Texts {
  if (!row) return {};
  const get = (lang: Language) => row[`${name}_${lang}` as keyof TextColumns<Name>];
  return { en: get("en"), tc: get("tc"), sc: get("sc") };
}

function columnsOf<Name extends string>(name: Name, texts: Texts): TextColumns<Name> {
  const result: Record<string, string> = {};
  for (const [lang, text] of Object.entries(texts)) result[`${name}_${lang}`] = text;
  return result as TextColumns<Name>;
}
