import { type Brand, STORE_PAGE_SIZE_MAX, type Store } from "@hcoins/domain/api/stores";
import { LANGUAGES, type Language, type LocalizedText } from "@hcoins/domain/languages";
import { findDistrict, findRegion, REGIONS } from "@hcoins/domain/profile-options";
import type { DatabaseHandle, TableViews } from "@hcoins/server-kit/database";
import type { Insertable, Updateable } from "kysely";
import { localizedIn, textIn } from "../../localized-text.ts";
import type { CoinSchemeClient } from "../coins/coin-scheme-client.ts";
import type { MediaService } from "../media/service.ts";
import type { SchemeOutbox } from "../scheme-outbox/service.ts";
import type { StoreFilters, StoreRepository, StoreRow, StoreWithBrand, TagRow } from "./repository.ts";
import { StoreImportRefused, type StoreImportRow, storeFromRow } from "./store-import.ts";
import {
  BRAND_CODE,
  checkStore,
  columnsOf,
  LIMITS,
  mergeStore,
  pickTexts,
  type StoreInput,
  storeValues,
  type Texts,
  trimTexts,
} from "./store-rules.ts";
import type { StoresTable } from "./tables.ts";

export const BRAND_TAG = "brand";

/** Store or brand input the operator must fix; each problem names the row or field. Nothing was changed. */
export class StoreInputError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
  }
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

/** The outbox step that registers a store with the coin scheme, or sets its partner flag there. */
const STORE_STEP = "store-set";
/** `brand` is absent in steps written before stores carried their brand into the scheme. */
type StoreStep = { code: string; partner: boolean; brand?: string };

interface StoreWriteOptions {
  deactivateMissing?: boolean;
  dryRun?: boolean;
  registerWithScheme?: boolean;
}

/** What syncToScheme did: the codes registered or re-flagged in the coin scheme. */
export interface SchemeStoreSync {
  registered: string[];
  reflagged: string[];
  inStep: number;
}

/**
 * Stores and their brands (tags of type `brand`): the store list with its
 * filters, and the operator's imports. Region and district codes are the
 * profile's (packages/domain); a district always belongs to its region.
 *
 * This is the one registry of stores and their partner-property flags: every store created,
 * and every flag changed, becomes a `store-set` step of the scheme outbox in the same transaction
 * and reaches the coin scheme's registry once it commits (at once, or retried), so that the flag
 * the store list shows is the one tills earn by, and tills earn only at codes known here.
 */
export class StoreService {
  constructor(
    private readonly repository: StoreRepository,
    private readonly transaction: DatabaseHandle["transaction"],
    private readonly media: MediaService,
    private readonly coinScheme: CoinSchemeClient,
    private readonly outbox: SchemeOutbox,
    private readonly now: () => number,
  ) {
    outbox.define<StoreStep, unknown>(STORE_STEP, {
      invoke: (scheme, store) => scheme.setStore(store.code, store.partner, store.brand),
    });
  }

  /**
   * Sets a store's partner-property flag, here and in the coin scheme. An unknown code is
   * refused (StoreInputError); `changed` is false when the store had the flag already.
   */
  async setPartnerProperty(code: string, partner: boolean): Promise<{ changed: boolean }> {
    const [before] = await this.repository.byCodes([code]);
    if (!before) throw new StoreInputError([`no store has code ${code} (stores-export lists them)`]);
    const saved = await this.saveStores([{ label: code, input: { code, partnerProperty: partner } }]);
    return { changed: saved.updated.length > 0 };
  }

  /** Every store's code, partner-property flag and brand code (store-partner-list). */
  partnerFlags() {
    return this.repository.codesAndFlags();
  }

  /**
   * Brings the coin scheme's registry in step with the stores here: registers the codes it
   * lacks and corrects flags and brands that differ (from a scheme that was down during an
   * import, or a database made before the registry or before it held brands). The server runs it
   * at start; `stores-sync` on demand.
   */
  async syncToScheme(): Promise<SchemeStoreSync> {
    const known = new Map((await this.coinScheme.stores()).stores.map((store) => [store.store_code, store]));
    const result: SchemeStoreSync = { registered: [], reflagged: [], inStep: 0 };
    for (const store of await this.partnerFlags()) {
      const partner = store.partner_property === 1;
      const there = known.get(store.code);
      if (there?.partner_property === partner && there.brand_code === store.brand_code) {
        result.inStep += 1;
        continue;
      }
      await this.coinScheme.setStore(store.code, partner, store.brand_code);
      (there === undefined ? result.registered : result.reflagged).push(store.code);
    }
    return result;
  }

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

  /**
   * The store list's filter choices in one language: every region with its districts, and the
   * brands a member can find a store of (a brand whose stores are all closed, or that has none yet,
   * would filter the list down to nothing).
   */
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
    const visible = await this.repository.brandIdsWithActiveStores();
    const brands = (await this.brands(lang)).filter((brand) => visible.has(brand.id));
    return { regions, districts, brands };
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

  /**
   * The names, in the three languages, of the stores with these codes, whatever their status (a
   * voucher or a purchase names a store that may have closed since); codes not known are absent.
   * An empty language falls back as textIn does.
   */
  async namesOf(codes: readonly string[]): Promise<Map<string, LocalizedText>> {
    const unique = [...new Set(codes)];
    const rows = unique.length > 0 ? await this.repository.byCodes(unique) : [];
    return new Map(
      rows.map((row) => [
        row.code,
        { en: textIn(row, "name", "en"), tc: textIn(row, "name", "tc"), sc: textIn(row, "name", "sc") },
      ]),
    );
  }

  listAllStores(): Promise<StoreWithBrand[]> {
    return this.repository.listAll();
  }

  /** True when any store or brand exists. */
  hasContent(trx?: TableViews): Promise<boolean> {
    return this.repository.hasAny(trx);
  }

  /** Creates a brand or updates the fields given, unaudited: the first start's seed (operators use StoreEditor). */
  async saveBrand(
    input: BrandInput,
    trx?: TableViews,
  ): Promise<{ id: number; created: boolean; changed: string[] }> {
    if (!trx) return this.transaction((inner) => this.saveBrand(input, inner));
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
   * `dryRun` checks everything and writes nothing; `registerWithScheme: false` leaves the coin
   * scheme's registry to the next syncToScheme (the first start's seed, which must not depend on it).
   */
  async saveStores(
    stores: { label: string; input: StoreInput }[],
    options: StoreWriteOptions = {},
    trx?: TableViews,
  ): Promise<StoresSaved> {
    if (!trx) {
      const written = await this.transaction((inner) => this.writeStores(stores, options, inner));
      await this.outbox.deliver(written.steps);
      return this.savedOrRefused(stores, written);
    }
    // The caller's transaction has not committed: the outbox's job delivers the steps.
    return this.savedOrRefused(stores, await this.writeStores(stores, options, trx));
  }

  private savedOrRefused(
    stores: { label: string }[],
    { saved, problems }: { saved: StoresSaved; problems: { index: number; text: string }[] },
  ) {
    if (problems.length > 0) {
      throw new StoreInputError(problems.map(({ index, text }) => `${stores[index]?.label}: ${text}`));
    }
    return saved;
  }

  /**
   * An operator's import, by line: each row's cells become a store (stores-import's columns;
   * a region or district by code or name), then as saveStores. Any problem, in a row's cells
   * or against the stores held, throws a StoreImportRefused listing every one; with problems in
   * the cells the stores are still checked against the database, writing nothing.
   */
  async importStores(
    rows: StoreImportRow[],
    options: { deactivateMissing?: boolean; dryRun?: boolean } = {},
  ): Promise<StoresSaved> {
    const problems: { line: number; text: string }[] = [];
    const stores: { line: number; label: string; input: StoreInput }[] = [];
    for (const { line, cells } of rows) {
      const parsed = storeFromRow(cells);
      if (parsed.input) stores.push({ line, label: `line ${line}`, input: parsed.input });
      problems.push(...parsed.problems.map((text) => ({ line, text })));
    }
    const dryRun = options.dryRun === true || problems.length > 0;
    const written = await this.transaction((trx) => this.writeStores(stores, { ...options, dryRun }, trx));
    await this.outbox.deliver(written.steps);
    problems.push(...written.problems.map(({ index, text }) => ({ line: stores[index]?.line ?? 0, text })));
    if (problems.length > 0) throw new StoreImportRefused(problems);
    return written.saved;
  }

  /** Checks every store, then writes them unless a store has a problem or `dryRun`; problems by index in `stores`. */
  private async writeStores(
    stores: { label: string; input: StoreInput }[],
    options: StoreWriteOptions,
    trx: TableViews,
  ): Promise<{ saved: StoresSaved; problems: { index: number; text: string }[]; steps: number[] }> {
    const problems: { index: number; text: string }[] = [];
    const seen = new Map<string, string>();
    for (const [index, { label, input }] of stores.entries()) {
      const first = seen.get(input.code);
      if (first !== undefined) problems.push({ index, text: `code ${input.code} is also used by ${first}` });
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
    const updates: { id: number; before: StoreRow; values: Updateable<StoresTable> }[] = [];
    const saved: StoresSaved = { created: [], updated: [], unchanged: [], deactivated: [] };
    for (const [index, { input }] of stores.entries()) {
      const before = existing.get(input.code);
      const merged = mergeStore(before, input);
      const storeProblems = checkStore(merged, brands, tokens);
      problems.push(...storeProblems.map((text) => ({ index, text })));
      if (storeProblems.length > 0) continue;
      const values = storeValues(merged, brands);
      if (!before) {
        inserts.push({ ...values, created_at: now, updated_at: now });
        saved.created.push(input.code);
      } else if (Object.entries(values).some(([key, value]) => before[key as keyof StoreRow] !== value)) {
        updates.push({ id: before.id, before, values: { ...values, updated_at: now } });
        saved.updated.push(input.code);
      } else {
        saved.unchanged.push(input.code);
      }
    }
    if (problems.length > 0 || options.dryRun) return { saved, problems, steps: [] };

    await this.repository.insertStores(inserts, trx);
    for (const { id, values } of updates) await this.repository.updateStore(id, values, trx);
    if (options.deactivateMissing) {
      saved.deactivated = await this.repository.deactivateOthers([...seen.keys()], now, trx);
    }
    const steps: number[] = [];
    if (options.registerWithScheme !== false) {
      const brandCodes = new Map([...brands].map(([code, id]) => [id, code] as const));
      const tell = async (code: string, partner: number, brandId: number) => {
        const store: StoreStep = { code, partner: partner === 1, brand: brandCodes.get(brandId) ?? "" };
        steps.push(await this.outbox.add(STORE_STEP, `store:${code}`, store, trx));
      };
      for (const row of inserts) await tell(row.code, row.partner_property, row.brand_id);
      for (const { before, values } of updates) {
        const partner = values.partner_property ?? before.partner_property;
        const brandId = values.brand_id ?? before.brand_id;
        if (partner !== before.partner_property || brandId !== before.brand_id) {
          await tell(before.code, partner, brandId);
        }
      }
    }
    return { saved, problems, steps };
  }
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
      logo_media_token: row.brand_logo_media_token,
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
