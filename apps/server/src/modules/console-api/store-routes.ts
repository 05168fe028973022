import { type BrandBody, consoleBrands, consoleStoreList } from "@hcoins/domain/api/console-stores";
import { ErrorCode } from "@hcoins/domain/codes";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError, ok, validationError } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { type BrandEdit, StoreFieldError } from "../stores/store-editor.ts";
import { actorOf, requirePermission, requireSession, security, tags } from "./console-auth.ts";

const STORE_EDITORS = ["content.edit", "programme.edit"] as const;
const CHANGE_NOTE =
  "Needs content.edit or programme.edit and the X-CSRF-Token header (4031). Writes one audit entry with the item before and after. Bad input: 4000 with the field and its rule.";

const brandEdit = (body: BrandBody): BrandEdit => ({
  code: body.code,
  name: body.name,
  logoMediaToken: body.logo_media_token,
});

/** The editor's refusals as the contract's 4000 with the field and its rule; nothing found: 4040. */
async function checked<T>(work: () => Promise<T | undefined>): Promise<T> {
  try {
    const result = await work();
    if (result === undefined) throw new AppError(ErrorCode.notFound);
    return result;
  } catch (error) {
    if (error instanceof StoreFieldError) throw validationError([{ field: error.field, rule: error.rule }]);
    throw error;
  }
}

/** Brands (names, code, logo, order) and the stores' visibility, for the content editor. */
export const consoleStoreRoutes: FastifyPluginAsync<{ services: Services }> = async (
  plugin,
  { services },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const editor = services.storeEditor;
  const session = requireSession(services.operators.sessions);
  // The stores and brands belong to the content editor and the programme manager; the auditor reads them.
  const edit = [session, requirePermission(STORE_EDITORS)];
  const read = [session, requirePermission([...STORE_EDITORS, "audit.read"])];

  app.get(
    consoleBrands.list.path,
    {
      schema: {
        tags,
        security,
        summary: "Every brand in display order, with its logo token and store count",
        response: { 200: consoleBrands.list.answer },
      },
      preHandler: read,
    },
    async () => ok({ brands: await editor.brands() }),
  );

  app.post(
    consoleBrands.add.path,
    {
      schema: {
        tags,
        security,
        summary: "Add a brand, last in the order",
        description: `${CHANGE_NOTE} codeTaken when another brand has the code; imageMissing for a logo token not stored (upload it with POST /images).`,
        body: consoleBrands.add.body,
        response: { 200: consoleBrands.add.answer },
      },
      preHandler: edit,
    },
    async (request) => ok(await checked(() => editor.addBrand(brandEdit(request.body), actorOf(request)))),
  );

  app.post(
    consoleBrands.update.path,
    {
      schema: {
        tags,
        security,
        summary: "Change a brand's code, names or logo (404/4040 when there is none)",
        description: `${CHANGE_NOTE} A change to nothing writes no entry.`,
        params: consoleBrands.update.params,
        body: consoleBrands.update.body,
        response: { 200: consoleBrands.update.answer },
      },
      preHandler: edit,
    },
    async (request) =>
      ok(
        await checked(() => editor.updateBrand(request.params.id, brandEdit(request.body), actorOf(request))),
      ),
  );

  app.post(
    consoleBrands.move.path,
    {
      schema: {
        tags,
        security,
        summary: "Move a brand up or down the order; answers every brand",
        description: `${CHANGE_NOTE} A move past either end changes nothing and writes no entry.`,
        params: consoleBrands.move.params,
        body: consoleBrands.move.body,
        response: { 200: consoleBrands.move.answer },
      },
      preHandler: edit,
    },
    async (request) => {
      const brands = await checked(() =>
        editor.moveBrand(request.params.id, request.body.direction, actorOf(request)),
      );
      return ok({ brands });
    },
  );

  app.post(
    consoleBrands.remove.path,
    {
      schema: {
        tags,
        security,
        summary: "Delete a brand that no store names (404/4040 when there is none)",
        description: `${CHANGE_NOTE} Refused with rule brandInUse (field id) while any store, shown or hidden, names it. Its logo stays in the media store.`,
        params: consoleBrands.remove.params,
        response: { 200: consoleBrands.remove.answer },
      },
      preHandler: edit,
    },
    async (request) => {
      await checked(async () => (await editor.deleteBrand(request.params.id, actorOf(request))) || undefined);
      return ok({});
    },
  );

  app.get(
    consoleStoreList.list.path,
    {
      schema: {
        tags,
        security,
        summary: "Stores of any status by text, brand, region and status, a page at a time",
        querystring: consoleStoreList.list.query,
        response: { 200: consoleStoreList.list.answer },
      },
      preHandler: read,
    },
    async (request) => ok(await editor.stores(request.query)),
  );

  app.post(
    consoleStoreList.setStatus.path,
    {
      schema: {
        tags,
        security,
        summary: "Show (active) or hide (inactive) a store on the member's store list (404/4040 when none)",
        description: `${CHANGE_NOTE} The status it has already changes nothing and writes no entry.`,
        params: consoleStoreList.setStatus.params,
        body: consoleStoreList.setStatus.body,
        response: { 200: consoleStoreList.setStatus.answer },
      },
      preHandler: edit,
    },
    async (request) =>
      ok(
        await checked(() => editor.setStoreStatus(request.params.id, request.body.status, actorOf(request))),
      ),
  );
};
