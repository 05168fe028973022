import { z } from "zod";
import { okAnswer } from "./envelope.ts";
import { crm } from "./routes.ts";

export const STORE_PAGE_SIZE_MAX = 100;

const CONTENT_TAGS = ["content"];

/** Both calls of the store path share their prose: the server registers the path once, with both answers. */
const STORES_DESCRIPTION = `Active stores matching every filter given: \`region\` and \`district\` codes (a district must belong to the region when both are given, else 4000), \`brand\` (id or code; unknown: no stores), \`q\` (text contained in the name or address, any language, case-insensitive). Paging: \`page\` from 1, \`page_size\` 1-${STORE_PAGE_SIZE_MAX} (default 20; larger is capped). Answers \`{items, total, page, page_size}\`. With \`metadata=1\`: \`{regions: [{code, name, districts}], districts: [{code, name, region_code}], brands: [{id, code, name}]}\` (only brands with an active store) in the request's language instead.`;

/** An optional query value; an empty one (`region=`) counts as not given. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());
const text = (max: number) => z.string({ error: "invalid" }).trim().max(max, "tooLong");
const positiveInt = z.coerce
  .number({ error: "invalid" })
  .int("invalid")
  .min(1, "invalid")
  .max(1_000_000, "invalid");

const place = z.object({ code: z.string(), name: z.string() });

/** A store in the request's language. */
export const storeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  brand: z.object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    /** The brand's logo (a media token), shown beside its name; null: none. */
    logo_media_token: z.string().nullable(),
  }),
  region: place,
  district: place,
  address: z.string(),
  business_hours: z.string(),
  introduction: z.string(),
  phone: z.string(),
  image_media_token: z.string().nullable(),
  partner_property: z.boolean().meta({ description: "Extra H Coins for electronic payment here" }),
});
export type Store = z.output<typeof storeSchema>;

export const brandSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  logo_media_token: z.string().nullable(),
});
export type Brand = z.output<typeof brandSchema>;

export const storeListSchema = z.object({
  items: z.array(storeSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

/** The store list's filter choices in the request's language. */
export const storeFilterChoicesSchema = z.object({
  regions: z.array(z.object({ code: z.string(), name: z.string(), districts: z.array(place) })),
  districts: z.array(z.object({ code: z.string(), name: z.string(), region_code: z.string() })),
  brands: z.array(brandSchema),
});
export type StoreFilterChoices = z.output<typeof storeFilterChoicesSchema>;

/** Both answers of GET /crm/store take the same query; `metadata` picks the filter choices. */
const storeQuery = z.object({
  region: optional(text(8)),
  district: optional(text(8)),
  brand: optional(text(64)),
  q: optional(text(100)),
  page: optional(positiveInt),
  page_size: optional(positiveInt),
  metadata: optional(z.enum(["0", "1", "true", "false"], { error: "invalid" })),
});

export const stores = {
  ...crm("GET", "/store", "guest"),
  tags: CONTENT_TAGS,
  summary: "The store list, or its filter choices",
  description: STORES_DESCRIPTION,
  query: storeQuery,
  answer: okAnswer(storeListSchema),
};
// One path, two answers: the list, or with `metadata=1` the list's filter choices.
export const storeFilterChoices = {
  ...crm("GET", "/store", "guest"),
  tags: CONTENT_TAGS,
  summary: "The store list, or its filter choices",
  description: STORES_DESCRIPTION,
  query: storeQuery,
  answer: okAnswer(storeFilterChoicesSchema),
};

export const store = {
  ...crm("GET", "/store/:id", "guest"),
  tags: CONTENT_TAGS,
  summary: "One store",
  description:
    "An active store: name, brand, region, district, address, business hours, introduction, phone, image token, partner-property flag. Unknown or hidden: 404/4040.",
  params: z.object({ id: z.string() }),
  answer: okAnswer(storeSchema),
};

export const tags = {
  ...crm("GET", "/tag", "guest"),
  tags: CONTENT_TAGS,
  summary: "Tags, e.g. the brands (`type=brand`)",
  description:
    "Tags of the type given (every tag without one), in display order: id, type, code, name (request language), logo_media_token. An unknown type has no tags.",
  query: z.object({ type: optional(text(32)) }),
  answer: okAnswer(
    z.array(
      z.object({
        id: z.number().int(),
        type: z.string(),
        code: z.string(),
        name: z.string(),
        logo_media_token: z.string().nullable(),
      }),
    ),
  ),
};
