import {
  BRAND_CODE_PATTERN,
  BRAND_NAME_MAX,
  CONSOLE_STORE_PAGE_SIZE,
  type ConsoleBrand,
  type ConsoleStore,
  type StoreListQuery,
} from "@hcoins/domain/api/console-stores";
import { LANGUAGES, type LocalizedText } from "@hcoins/domain/languages";
import type { DatabaseHandle, TableViews } from "@hcoins/server-kit/database";
import type { Actor, AuditService } from "../audit/service.ts";
import type { ImageSource, MediaService, PlacedImage } from "../media/service.ts";
import type { StoreRepository, StoreWithBrand, TagRow } from "./repository.ts";
import { BRAND_TAG } from "./service.ts";
import { columnsOf, pickTexts } from "./store-rules.ts";

const RULE_TEXT: Record<string, string> = {
  required: "is required",
  tooLong: `is longer than ${BRAND_NAME_MAX} characters`,
  brandCode: "must be lower-case letters, digits and hyphens (at most 64)",
  codeTaken: "is the code of another brand",
  codeKept:
    "cannot change while stores belong to the brand: the coin scheme's campaigns, segments and missions know it by its code",
  imageMissing: "is not in the media store",
  brandInUse: "names a brand that stores still use: move or remove those stores first (stores-import)",
  wholeNumber: "must be a whole number",
};

/** Input the editor refuses: the field and its rule (the console shows it by the field), and words for the CLI. */
export class StoreFieldError extends Error {
  constructor(
    readonly field: string,
    readonly rule: string,
    detail = "",
  ) {
    super(`${field} ${RULE_TEXT[rule] ?? rule}${detail}`);
  }
}

/** A brand as the operator edits it: every field, the logo a media token or none. */
export interface BrandEdit {
  code: string;
  name: LocalizedText;
  logoMediaToken: string | null;
  /** Only the CLI sets it directly (--order); the console moves a brand up or down. */
  sortOrder?: number;
}

const brandRecord = (tag: TagRow, storeCount: number): ConsoleBrand => ({
  id: tag.id,
  code: tag.code,
  name: { en: tag.name_en, tc: tag.name_tc, sc: tag.name_sc },
  logo_media_token: tag.logo_media_token,
  sort_order: tag.sort_order,
  store_count: storeCount,
});

const storeRecord = (row: StoreWithBrand): ConsoleStore => ({
  id: row.id,
  code: row.code,
  name: { en: row.name_en, tc: row.name_tc, sc: row.name_sc },
  brand: {
    id: row.brand_id,
    code: row.brand_code,
    name: { en: row.brand_name_en, tc: row.brand_name_tc, sc: row.brand_name_sc },
  },
  region: row.region,
  district: row.district,
  address: { en: row.address_en, tc: row.address_tc, sc: row.address_sc },
  phone: row.phone,
  partner_property: row.partner_property === 1,
  status: row.status === "active" ? "active" : "inactive",
});

/**
 * The operators' brand and store changes, from the console and the CLI alike: each in one
 * transaction with its one audit entry (before and after). Brands carry three names, a
 * unique code and a logo from the media store; a brand that stores name is never deleted.
 * Stores still arrive by CSV (StoreService.importStores); here they are listed and shown or hidden.
 */
export class StoreEditor {
  constructor(
    private readonly repository: StoreRepository,
    private readonly transaction: DatabaseHandle["transaction"],
    private readonly media: MediaService,
    private readonly audit: AuditService,
    private readonly now: () => number,
  ) {}

  brands(): Promise<ConsoleBrand[]> {
    return this.transaction((trx) => this.brandsIn(trx));
  }

  /** A new brand, last in the order (or at the CLI's --order). */
  addBrand(edit: BrandEdit, by: Actor): Promise<ConsoleBrand> {
    return this.transaction((trx) => this.insertBrand(edit, by, trx));
  }

  /** Undefined when there is no such brand. */
  updateBrand(id: number, edit: BrandEdit, by: Actor): Promise<ConsoleBrand | undefined> {
    return this.transaction(async (trx) => {
      const existing = await this.repository.findTagById(BRAND_TAG, id, trx);
      return existing && (await this.changeBrand(existing, edit, by, trx)).brand;
    });
  }

  /**
   * The CLI's brand-add: the brand with this code created, or the fields given changed, with
   * the logo an operator names (a stored image or a file, stored in the same transaction, so a
   * refused brand stores nothing). `changed` lists the columns written.
   */
  saveBrandByCode(
    code: string,
    given: { name?: Partial<LocalizedText>; sortOrder?: number },
    logo: ImageSource | undefined,
    by: Actor,
  ): Promise<{ brand: ConsoleBrand; created: boolean; changed: string[]; logo: PlacedImage | null }> {
    return this.transaction(async (trx) => {
      const placed = logo === undefined ? null : await this.media.place("logo", logo, trx);
      const existing = await this.repository.findTag(BRAND_TAG, code, trx);
      const edit: BrandEdit = {
        code,
        name: { en: "", tc: "", sc: "", ...pickTexts(existing, "name"), ...given.name },
        logoMediaToken: placed ? placed.token : (existing?.logo_media_token ?? null),
        ...(given.sortOrder !== undefined ? { sortOrder: given.sortOrder } : {}),
      };
      if (!existing) {
        const brand = await this.insertBrand(edit, by, trx);
        return { brand, created: true, changed: [], logo: placed };
      }
      const { brand, changed } = await this.changeBrand(existing, edit, by, trx);
      return { brand, created: false, changed, logo: placed };
    });
  }

  /**
   * Swaps the brand with its neighbour and numbers every brand 0, 1, 2… (the CLI may have left
   * equal orders). Undefined when there is no such brand; past either end nothing changes.
   */
  moveBrand(id: number, direction: "up" | "down", by: Actor): Promise<ConsoleBrand[] | undefined> {
    return this.transaction(async (trx) => {
      const row = await this.repository.listTags(BRAND_TAG, trx);
      const from = row.findIndex((tag) => tag.id === id);
      if (from < 0) return undefined;
      const to = direction === "up" ? from - 1 : from + 1;
      if (to < 0 || to >= row.length) return this.brandsIn(trx);
      const order = [...row];
      [order[from], order[to]] = [order[to] as TagRow, order[from] as TagRow];
      const now = this.now();
      for (const [index, tag] of order.entries()) {
        if (tag.sort_order !== index)
          await this.repository.updateTag(tag.id, { sort_order: index, updated_at: now }, trx);
      }
      await this.audit.record(
        {
          ...by,
          action: "brand.move",
          target: `brand:${id}`,
          before: { order: row.map((tag) => tag.code) },
          after: { order: order.map((tag) => tag.code) },
        },
        trx,
      );
      return this.brandsIn(trx);
    });
  }

  /** False when there is no such brand; refused (brandInUse) while any store names it. */
  deleteBrand(id: number, by: Actor): Promise<boolean> {
    return this.transaction(async (trx) => {
      const existing = await this.repository.findTagById(BRAND_TAG, id, trx);
      if (!existing) return false;
      const stores = (await this.repository.storeCountsByBrand(trx)).get(id) ?? 0;
      if (stores > 0) throw new StoreFieldError("id", "brandInUse", ` (${stores})`);
      await this.repository.deleteTag(id, trx);
      await this.audit.record(
        { ...by, action: "brand.delete", target: `brand:${id}`, before: { ...brandRecord(existing, 0) } },
        trx,
      );
      return true;
    });
  }

  async stores(query: StoreListQuery) {
    const page = query.page ?? 1;
    const { rows, total } = await this.repository.searchAll(
      {
        ...(query.q ? { text: query.q.toLowerCase() } : {}),
        ...(query.brand !== undefined ? { brandId: query.brand } : {}),
        ...(query.region ? { region: query.region } : {}),
        ...(query.status ? { status: query.status } : {}),
      },
      { limit: CONSOLE_STORE_PAGE_SIZE, offset: (page - 1) * CONSOLE_STORE_PAGE_SIZE },
    );
    return { stores: rows.map(storeRecord), total, page, page_size: CONSOLE_STORE_PAGE_SIZE };
  }

  /** Shows or hides a store on the member's list; undefined when there is no such store. */
  setStoreStatus(id: number, status: "active" | "inactive", by: Actor): Promise<ConsoleStore | undefined> {
    return this.transaction(async (trx) => {
      const existing = await this.repository.findWithBrand(id, trx);
      if (!existing) return undefined;
      if (existing.status === status) return storeRecord(existing);
      await this.repository.updateStore(id, { status, updated_at: this.now() }, trx);
      await this.audit.record(
        {
          ...by,
          action: "store.status",
          target: `store:${existing.code}`,
          before: { status: existing.status },
          after: { status },
        },
        trx,
      );
      return storeRecord({ ...existing, status });
    });
  }

  private async insertBrand(edit: BrandEdit, by: Actor, trx: TableViews): Promise<ConsoleBrand> {
    const values = await this.checkBrand(edit, undefined, trx);
    const tags = await this.repository.listTags(BRAND_TAG, trx);
    const now = this.now();
    const id = await this.repository.insertTag(
      {
        type: BRAND_TAG,
        ...values,
        sort_order: edit.sortOrder ?? Math.max(-1, ...tags.map((tag) => tag.sort_order)) + 1,
        created_at: now,
        updated_at: now,
      },
      trx,
    );
    const after = brandRecord(await this.brandIn(id, trx), 0);
    await this.audit.record(
      { ...by, action: "brand.create", target: `brand:${id}`, after: { ...after } },
      trx,
    );
    return after;
  }

  /** Writes the columns that differ and records them; nothing changed, nothing recorded. */
  private async changeBrand(existing: TagRow, edit: BrandEdit, by: Actor, trx: TableViews) {
    const values = {
      ...(await this.checkBrand(edit, existing, trx)),
      ...(edit.sortOrder !== undefined ? { sort_order: edit.sortOrder } : {}),
    };
    const changed = Object.entries(values)
      .filter(([key, value]) => existing[key as keyof TagRow] !== value)
      .map(([key]) => key);
    const stores = (await this.repository.storeCountsByBrand(trx)).get(existing.id) ?? 0;
    if (stores > 0 && changed.includes("code"))
      throw new StoreFieldError("code", "codeKept", ` ("${existing.code}")`);
    if (changed.length === 0) return { brand: brandRecord(existing, stores), changed };
    await this.repository.updateTag(existing.id, { ...values, updated_at: this.now() }, trx);
    const after = brandRecord(await this.brandIn(existing.id, trx), stores);
    await this.audit.record(
      {
        ...by,
        action: "brand.edit",
        target: `brand:${existing.id}`,
        before: { ...brandRecord(existing, stores) },
        after: { ...after },
      },
      trx,
    );
    return { brand: after, changed };
  }

  /** The brand's columns, or the first problem as a StoreFieldError. */
  private async checkBrand(edit: BrandEdit, existing: TagRow | undefined, trx: TableViews) {
    const code = edit.code.trim();
    if (!BRAND_CODE_PATTERN.test(code)) throw new StoreFieldError("code", "brandCode", ` ("${code}")`);
    const name = { en: edit.name.en.trim(), tc: edit.name.tc.trim(), sc: edit.name.sc.trim() };
    for (const lang of LANGUAGES) {
      if (name[lang] === "") throw new StoreFieldError(`name.${lang}`, "required");
      if (name[lang].length > BRAND_NAME_MAX) throw new StoreFieldError(`name.${lang}`, "tooLong");
    }
    if (edit.sortOrder !== undefined && !Number.isInteger(edit.sortOrder))
      throw new StoreFieldError("sort_order", "wholeNumber");
    const clash = await this.repository.findTag(BRAND_TAG, code, trx);
    if (clash && clash.id !== existing?.id) throw new StoreFieldError("code", "codeTaken", ` ("${code}")`);
    if (edit.logoMediaToken !== null && !(await this.media.exists(edit.logoMediaToken, trx)))
      throw new StoreFieldError("logo_media_token", "imageMissing");
    return { code, ...columnsOf("name", name), logo_media_token: edit.logoMediaToken };
  }

  private async brandIn(id: number, trx: TableViews): Promise<TagRow> {
    const tag = await this.repository.findTagById(BRAND_TAG, id, trx);
    if (!tag) throw new Error(`brand ${id} vanished`);
    return tag;
  }

  /** Read inside the transaction: SQLite has one connection. */
  private async brandsIn(trx: TableViews): Promise<ConsoleBrand[]> {
    const counts = await this.repository.storeCountsByBrand(trx);
    return (await this.repository.listTags(BRAND_TAG, trx)).map((tag) =>
      brandRecord(tag, counts.get(tag.id) ?? 0),
    );
  }
}
