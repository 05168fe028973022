import { banners, cmsPage } from "@hcoins/domain/api/cms";
import { ErrorCode } from "@hcoins/domain/codes";
import type { FastifyPluginAsync } from "fastify";
import { AppError, ok } from "../../errors.ts";
import { route } from "../../plugins/member-route.ts";
import type { Services } from "../../services.ts";

/** `GET /crm/cms/banner/` and `GET /crm/cms/page/`: guest calls, texts in the request's language. */
export const cmsRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  route(app, banners, async (request) =>
    ok(await services.cms.banners(request.query.cms_location_code, request.lang)),
  );

  route(app, cmsPage, async (request) => {
    const { url_slug, cms_location_code, cms_location_id } = request.query;
    const page = await services.cms.page(
      {
        slug: url_slug,
        ...(cms_location_code !== undefined ? { locationCode: cms_location_code } : {}),
        ...(cms_location_id !== undefined ? { locationId: cms_location_id } : {}),
      },
      request.lang,
    );
    if (!page) throw new AppError(ErrorCode.notFound);
    return ok(page);
  });
};
