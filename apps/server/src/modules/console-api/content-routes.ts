import { type BannerBody, consoleContent, type PageBody } from "@hcoins/domain/api/console-content";
import { ErrorCode } from "@hcoins/domain/codes";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError, ok, validationError } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { type BannerEdit, ContentFieldError, type PageEdit } from "../cms/editor.ts";
import { actorOf } from "./console-auth.ts";
import { consoleRoute } from "./console-route.ts";

const ms = (value: string | null) => (value === null ? null : Date.parse(value));

const bannerEdit = (body: BannerBody): BannerEdit => ({
  location: body.location,
  title: body.title,
  imageMobileToken: body.image_mobile_token,
  imageDesktopToken: body.image_desktop_token,
  linkUrl: body.link_url,
  active: body.active,
  startsAt: ms(body.starts_at),
  endsAt: ms(body.ends_at),
});

const pageEdit = (body: PageBody): PageEdit => ({
  location: body.location,
  slug: body.slug,
  title: body.title,
  content: body.content,
  active: body.active,
  publishFrom: ms(body.publish_from),
  publishUntil: ms(body.publish_until),
});

/** The editor's refusals as the contract's 4000 with the field and its rule. */
async function checked<T>(work: () => Promise<T | undefined>): Promise<T> {
  try {
    const result = await work();
    if (result === undefined) throw new AppError(ErrorCode.notFound);
    return result;
  } catch (error) {
    if (error instanceof ContentFieldError) throw validationError([{ field: error.field, rule: error.rule }]);
    throw error;
  }
}

/** The content editor: banners and CMS pages in three languages. */
export const consoleContentRoutes: FastifyPluginAsync<{ services: Services }> = async (
  plugin,
  { services },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const editor = services.cmsEditor;

  consoleRoute(app, consoleContent.banners, async () => ok({ banners: await editor.banners() }));

  consoleRoute(app, consoleContent.addBanner, async (request) =>
    ok(await checked(() => editor.addBanner(bannerEdit(request.body), actorOf(request)))),
  );

  consoleRoute(app, consoleContent.updateBanner, async (request) =>
    ok(
      await checked(() => editor.updateBanner(request.params.id, bannerEdit(request.body), actorOf(request))),
    ),
  );

  consoleRoute(app, consoleContent.moveBanner, async (request) => {
    const banners = await checked(() =>
      editor.moveBanner(request.params.id, request.body.direction, actorOf(request)),
    );
    return ok({ banners });
  });

  consoleRoute(app, consoleContent.deleteBanner, async (request) => {
    await checked(async () => (await editor.deleteBanner(request.params.id, actorOf(request))) || undefined);
    return ok({});
  });

  consoleRoute(app, consoleContent.pages, async () => ok({ pages: await editor.pages() }));

  consoleRoute(app, consoleContent.addPage, async (request) =>
    ok(await checked(() => editor.addPage(pageEdit(request.body), actorOf(request)))),
  );

  consoleRoute(app, consoleContent.updatePage, async (request) =>
    ok(await checked(() => editor.updatePage(request.params.id, pageEdit(request.body), actorOf(request)))),
  );

  consoleRoute(app, consoleContent.deletePage, async (request) => {
    await checked(async () => (await editor.deletePage(request.params.id, actorOf(request))) || undefined);
    return ok({});
  });
};
