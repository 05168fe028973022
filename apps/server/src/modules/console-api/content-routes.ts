import { ROLE_PERMISSIONS } from "@hcoins/domain/api/console";
import { type BannerBody, consoleContent, type PageBody } from "@hcoins/domain/api/console-content";
import { ErrorCode } from "@hcoins/domain/codes";
import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError, ok, validationError } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { type BannerEdit, ContentFieldError, type PageEdit } from "../cms/editor.ts";
import { actorOf, requirePermission, requireSession, security, sessionOf, tags } from "./console-auth.ts";

const CHANGE_NOTE =
  "Needs content.edit and the X-CSRF-Token header (4031). Writes one audit entry with the item before and after. Bad input: 4000 with the field and its rule.";

/** Reads are open to the content editors and to whoever reads the audit log (the auditor reads everything). */
const readContent: preHandlerAsyncHookHandler = async (request) => {
  const permissions = ROLE_PERMISSIONS[sessionOf(request).operator.role];
  if (!permissions.includes("content.edit") && !permissions.includes("audit.read")) {
    throw new AppError(ErrorCode.forbidden);
  }
};

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
  const session = requireSession(services.operators.sessions);
  const read = [session, readContent];
  const edit = [session, requirePermission("content.edit")];

  app.get(
    consoleContent.banners.path,
    {
      schema: {
        tags,
        security,
        summary: "Every banner of the known locations, in display order (any status or schedule)",
        response: { 200: consoleContent.banners.answer },
      },
      preHandler: read,
    },
    async () => ok({ banners: await editor.banners() }),
  );

  app.post(
    consoleContent.addBanner.path,
    {
      schema: {
        tags,
        security,
        summary: "Add a banner, last in its location",
        description: CHANGE_NOTE,
        body: consoleContent.addBanner.body,
        response: { 200: consoleContent.addBanner.answer },
      },
      preHandler: edit,
    },
    async (request) => ok(await checked(() => editor.addBanner(bannerEdit(request.body), actorOf(request)))),
  );

  app.post(
    consoleContent.updateBanner.path,
    {
      schema: {
        tags,
        security,
        summary: "Change a banner (404/4040 when there is none)",
        description: CHANGE_NOTE,
        params: consoleContent.updateBanner.params,
        body: consoleContent.updateBanner.body,
        response: { 200: consoleContent.updateBanner.answer },
      },
      preHandler: edit,
    },
    async (request) =>
      ok(
        await checked(() =>
          editor.updateBanner(request.params.id, bannerEdit(request.body), actorOf(request)),
        ),
      ),
  );

  app.post(
    consoleContent.moveBanner.path,
    {
      schema: {
        tags,
        security,
        summary: "Move a banner up or down its location's order; answers every banner",
        description: `${CHANGE_NOTE} A move past either end changes nothing and writes no entry.`,
        params: consoleContent.moveBanner.params,
        body: consoleContent.moveBanner.body,
        response: { 200: consoleContent.moveBanner.answer },
      },
      preHandler: edit,
    },
    async (request) => {
      const banners = await checked(() =>
        editor.moveBanner(request.params.id, request.body.direction, actorOf(request)),
      );
      return ok({ banners });
    },
  );

  app.post(
    consoleContent.deleteBanner.path,
    {
      schema: {
        tags,
        security,
        summary: "Delete a banner (404/4040 when there is none)",
        description: CHANGE_NOTE,
        params: consoleContent.deleteBanner.params,
        response: { 200: consoleContent.deleteBanner.answer },
      },
      preHandler: edit,
    },
    async (request) => {
      await checked(
        async () => (await editor.deleteBanner(request.params.id, actorOf(request))) || undefined,
      );
      return ok({});
    },
  );

  app.get(
    consoleContent.pages.path,
    {
      schema: {
        tags,
        security,
        summary: "Every CMS page, by location and slug, texts in the three languages",
        response: { 200: consoleContent.pages.answer },
      },
      preHandler: read,
    },
    async () => ok({ pages: await editor.pages() }),
  );

  app.post(
    consoleContent.addPage.path,
    {
      schema: {
        tags,
        security,
        summary: "Add a CMS page; its HTML is sanitised as the member page shows it",
        description: `${CHANGE_NOTE} slugTaken when the location has a page with that slug.`,
        body: consoleContent.addPage.body,
        response: { 200: consoleContent.addPage.answer },
      },
      preHandler: edit,
    },
    async (request) => ok(await checked(() => editor.addPage(pageEdit(request.body), actorOf(request)))),
  );

  app.post(
    consoleContent.updatePage.path,
    {
      schema: {
        tags,
        security,
        summary: "Change a CMS page (404/4040 when there is none)",
        description: CHANGE_NOTE,
        params: consoleContent.updatePage.params,
        body: consoleContent.updatePage.body,
        response: { 200: consoleContent.updatePage.answer },
      },
      preHandler: edit,
    },
    async (request) =>
      ok(await checked(() => editor.updatePage(request.params.id, pageEdit(request.body), actorOf(request)))),
  );

  app.post(
    consoleContent.deletePage.path,
    {
      schema: {
        tags,
        security,
        summary: "Delete a CMS page (404/4040 when there is none)",
        description: CHANGE_NOTE,
        params: consoleContent.deletePage.params,
        response: { 200: consoleContent.deletePage.answer },
      },
      preHandler: edit,
    },
    async (request) => {
      await checked(async () => (await editor.deletePage(request.params.id, actorOf(request))) || undefined);
      return ok({});
    },
  );
};
