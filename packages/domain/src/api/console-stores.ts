import { z } from "zod";
import type { ConsoleOperation } from "./console.ts";
import { MEDIA_TOKEN_PATTERN } from "./console-images.ts";
import { emptyPayload, okAnswer } from "./envelope.ts";

/*
 * The brands and stores in the console (content.edit changes; audit.read also reads). A
 * brand's logo is an image uploaded through the console's image store (POST /images, which
 * checks type and size) and named here by its token. Each change writes one audit entry
 * with the item before and after. Stores still come from the CSV import (stores-import);
 * the console lists them and shows or hides each.
 */

const text = (max: number) => z.string({ error: "required" }).trim().min(1, "required").max(max, "tooLong");
const localized = z.object({ en: z.string(), tc: z.string(), sc: z.string() });
const idParams = z.object({ id: z.coerce.number().int().min(1) });

/** A brand's code: lower-case letters, digits and hyphens (the CSV import names the brand by it). */
export const BRAND_CODE_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;
export const BRAND_NAME_MAX = 200;
export const CONSOLE_STORE_PAGE_SIZE = 25;

export const consoleBrandSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: localized,
  logo_media_token: z.string().nullable(),
  sort_order: z.number().int(),
  /** Stores of the brand, shown or hidden: a brand with any cannot be deleted. */
  store_count: z.number().int(),
});
export type ConsoleBrand = z.output<typeof consoleBrandSchema>;

export const brandBody = z.object({
  code: z.string({ error: "required" }).trim().regex(BRAND_CODE_PATTERN, "brandCode"),
  name: z.object({ en: text(BRAND_NAME_MAX), tc: text(BRAND_NAME_MAX), sc: text(BRAND_NAME_MAX) }),
  /** A token from POST /images; null: no logo (the member pages show the initials). */
  logo_media_token: z.string().regex(MEDIA_TOKEN_PATTERN, "imageMissing").nullable(),
});
export type BrandBody = z.output<typeof brandBody>;

export const STORE_STATUSES = ["active", "inactive"] as const;

export const consoleStoreSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: localized,
  brand: z.object({ id: z.number().int(), code: z.string(), name: localized }),
  region: z.string(),
  district: z.string(),
  address: localized,
  phone: z.string(),
  partner_property: z.boolean(),
  /** `inactive`: hidden from the member's store list. */
  status: z.enum(STORE_STATUSES),
});
export type ConsoleStore = z.output<typeof consoleStoreSchema>;

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

export const storeListQuery = z.object({
  /** Matched against the code, the names and the addresses in every language. */
  q: optional(z.string().trim().max(100, "tooLong")),
  brand: optional(z.coerce.number({ error: "invalid" }).int("invalid").min(1, "invalid")),
  region: optional(z.string().trim().max(8, "tooLong")),
  status: optional(z.enum(STORE_STATUSES, { error: "invalid" })),
  page: optional(
    z.coerce.number({ error: "invalid" }).int("invalid").min(1, "invalid").max(100_000, "invalid"),
  ),
});
export type StoreListQuery = z.output<typeof storeListQuery>;

// The stores and brands belong to the content editor and the programme manager; the auditor reads them.
const STORE_EDITORS = ["content.edit", "programme.edit"] as const;
const edit = { permission: STORE_EDITORS } as const;
const read = { permission: [...STORE_EDITORS, "audit.read"] } as const;
const CHANGE_NOTE =
  "Needs content.edit or programme.edit and the X-CSRF-Token header (4031). Writes one audit entry with the item before and after. Bad input: 4000 with the field and its rule.";

const brandsAnswer = okAnswer(z.object({ brands: z.array(consoleBrandSchema) }));

export const consoleBrands = {
  /** Every brand in display order, with its store count. */
  list: {
    method: "GET",
    path: "/brands",
    access: read,
    summary: "Every brand in display order, with its logo token and store count",
    answer: brandsAnswer,
  },
  /** A new brand, last in the order; 4000 codeTaken when another brand has the code. */
  add: {
    method: "POST",
    path: "/brands",
    access: edit,
    summary: "Add a brand, last in the order",
    description: `${CHANGE_NOTE} codeTaken when another brand has the code; imageMissing for a logo token not stored (upload it with POST /images).`,
    body: brandBody,
    answer: okAnswer(consoleBrandSchema),
  },
  update: {
    method: "POST",
    path: "/brands/:id",
    access: edit,
    summary: "Change a brand's code, names or logo (404/4040 when there is none)",
    description: `${CHANGE_NOTE} A change to nothing writes no entry.`,
    params: idParams,
    body: brandBody,
    answer: okAnswer(consoleBrandSchema),
  },
  /** Swaps the brand with its neighbour; answers every brand in the new order. */
  move: {
    method: "POST",
    path: "/brands/:id/move",
    access: edit,
    summary: "Move a brand up or down the order; answers every brand",
    description: `${CHANGE_NOTE} A move past either end changes nothing and writes no entry.`,
    params: idParams,
    body: z.object({ direction: z.enum(["up", "down"], { error: "invalid" }) }),
    answer: brandsAnswer,
  },
  /** Refused (4000 brandInUse on field `id`) while any store, shown or hidden, names the brand. */
  remove: {
    method: "POST",
    path: "/brands/:id/delete",
    access: edit,
    summary: "Delete a brand that no store names (404/4040 when there is none)",
    description: `${CHANGE_NOTE} Refused with rule brandInUse (field id) while any store, shown or hidden, names it. Its logo stays in the media store.`,
    params: idParams,
    answer: okAnswer(emptyPayload),
  },
} as const satisfies Record<string, ConsoleOperation>;

export const consoleStoreList = {
  /** Stores of any status, matching the filters, a page of CONSOLE_STORE_PAGE_SIZE in code order. */
  list: {
    method: "GET",
    path: "/stores/list",
    access: read,
    summary: "Stores of any status by text, brand, region and status, a page at a time",
    query: storeListQuery,
    answer: okAnswer(
      z.object({
        stores: z.array(consoleStoreSchema),
        total: z.number().int(),
        page: z.number().int(),
        page_size: z.number().int(),
      }),
    ),
  },
  /** Shows (`active`) or hides (`inactive`) a store on the member's store list. */
  setStatus: {
    method: "POST",
    path: "/stores/:id/status",
    access: edit,
    summary: "Show (active) or hide (inactive) a store on the member's store list (404/4040 when none)",
    description: `${CHANGE_NOTE} The status it has already changes nothing and writes no entry.`,
    params: idParams,
    body: z.object({ status: z.enum(STORE_STATUSES, { error: "invalid" }) }),
    answer: okAnswer(consoleStoreSchema),
  },
} as const satisfies Record<string, ConsoleOperation>;
