import { banners, cmsPage } from "@hcoins/domain/api/cms";
import { serverPath } from "@hcoins/domain/api/routes";
import { ErrorCode } from "@hcoins/domain/codes";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError, ok } from "../../errors.ts";
import type { Services } from "../../services.ts";

const tags = ["content"];

/** `GET /crm/cms/banner/` and `GET /crm/cms/page/`: guest calls, texts in the request's language. */
export const cmsRoutes: FastifyPluginAsync<{ services: Services }> = async (plugin, { services }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  app.get(
    serverPath(banners),
    {
      schema: {
        tags,
        summary: "Banners of a CMS location",
        description:
          "Active banners of the location whose schedule holds now, in display order (`sort_order`, then id). The welcome page's location is `welcome`. An unknown location has no banners. Images: `/crm/media/{token}?app_id=…`.",
        querystring: banners.query,
        response: { 200: banners.answer },
      },
    },
    async (request) => ok(await services.cms.banners(request.query.cms_location_code, request.lang)),
  );

  app.get(
    serverPath(cmsPage),
    {
      schema: {
        tags,
        summary: "A CMS page (terms, privacy policy, merchant pages)",
        description:
          "The active page with `url_slug` whose publish window holds now, at the location named by `cms_location_code` or `cms_location_id` (with neither: any location, `general` first). `content` is sanitised HTML. Title and content are in the request's language, falling back to Traditional Chinese where a translation is empty. Unknown: 404/4040.",
        querystring: cmsPage.query,
        response: { 200: cmsPage.answer },
      },
    },
    async (request) => {
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
    },
  );
};
