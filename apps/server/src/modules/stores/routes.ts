import { store, storeFilterChoices, stores, tags } from "@hcoins/domain/api/stores";
import { ErrorCode } from "@hcoins/domain/codes";
import { findDistrict, findRegion } from "@hcoins/domain/profile-options";
import type { FastifyPluginAsync } from "fastify";
import { AppError, type FieldError, ok, validationError } from "../../errors.ts";
import { route } from "../../plugins/member-route.ts";
import type { Services } from "../../services.ts";

/** `GET /crm/store/`, `GET /crm/store/{id}` and `GET /crm/tag/`: guest calls, texts in the request's language. */
export const storeRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  route(
    app,
    stores,
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
    // One path for both calls: the list, or with `metadata` its filter choices.
    { alsoAnswers: storeFilterChoices },
  );

  route(app, store, async (request) => {
    const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : undefined;
    const store = id === undefined ? undefined : await services.stores.store(id, request.lang);
    if (!store) throw new AppError(ErrorCode.notFound);
    return ok(store);
  });

  route(app, tags, async (request) => ok(await services.stores.tags(request.query.type, request.lang)));
};
