import { serverPath } from "@hcoins/domain/api/routes";
import {
  STORE_PAGE_SIZE_MAX,
  store,
  storeFilterChoices,
  stores,
  tags as tagList,
} from "@hcoins/domain/api/stores";
import { ErrorCode } from "@hcoins/domain/codes";
import { findDistrict, findRegion } from "@hcoins/domain/profile-options";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, type FieldError, ok, validationError } from "../../errors.ts";
import type { Services } from "../../services.ts";

const tags = ["content"];

/** `GET /crm/store/`, `GET /crm/store/{id}` and `GET /crm/tag/`: guest calls, texts in the request's language. */
export const storeRoutes: FastifyPluginAsync<{ services: Services }> = async (plugin, { services }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get(
    serverPath(stores),
    {
      schema: {
        tags,
        summary: "The store list, or its filter choices",
        description: `Active stores matching every filter given: \`region\` and \`district\` codes (a district must belong to the region when both are given, else 4000), \`brand\` (id or code; unknown: no stores), \`q\` (text contained in the name or address, any language, case-insensitive). Paging: \`page\` from 1, \`page_size\` 1-${STORE_PAGE_SIZE_MAX} (default 20; larger is capped). Answers \`{items, total, page, page_size}\`. With \`metadata=1\`: \`{regions: [{code, name, districts}], districts: [{code, name, region_code}], brands: [{id, code, name}]}\` in the request's language instead.`,
        querystring: stores.query,
        // One path for both calls: the list, or with `metadata` its filter choices.
        response: { 200: z.union([stores.answer, storeFilterChoices.answer]) },
      },
    },
    async (request) => {
      const { region, district, brand, q, page, page_size, metadata } = request.query;
      if (metadata === "1" || metadata === "true") return ok(await services.stores.metadata(request.lang));
      const errors: FieldError[] = [];
      if (region !== undefined && !findRegion(region))
        errors.push({ field: "region", rule: "countryInvalid" });
      const found = district === undefined ? undefined : findDistrict(district);
      if (district !== undefined && (!found || (region !== undefined && found.regionCode !== region))) {
        errors.push({ field: "district", rule: "areaInvalid" });
      }
      if (errors.length > 0) throw validationError(errors);
      const filters = {
        ...(region !== undefined ? { region } : {}),
        ...(district !== undefined ? { district } : {}),
        ...(brand !== undefined ? { brand } : {}),
        ...(q !== undefined ? { q } : {}),
      };
      return ok(await services.stores.search(filters, page ?? 1, page_size ?? 20, request.lang));
    },
  );

  app.get(
    serverPath(store),
    {
      schema: {
        tags,
        summary: "One store",
        description:
          "An active store: name, brand, region, district, address, business hours, introduction, phone, image token, partner-property flag. Unknown or hidden: 404/4040.",
        params: store.params,
        response: { 200: store.answer },
      },
    },
    async (request) => {
      const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : undefined;
      const store = id === undefined ? undefined : await services.stores.store(id, request.lang);
      if (!store) throw new AppError(ErrorCode.notFound);
      return ok(store);
    },
  );

  app.get(
    serverPath(tagList),
    {
      schema: {
        tags,
        summary: "Tags, e.g. the brands (`type=brand`)",
        description:
          "Tags of the type given (every tag without one), in display order: id, type, code, name (request language), logo_media_token. An unknown type has no tags.",
        querystring: tagList.query,
        response: { 200: tagList.answer },
      },
    },
    async (request) => ok(await services.stores.tags(request.query.type, request.lang)),
  );
};
