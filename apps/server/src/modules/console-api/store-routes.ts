import { type BrandBody, consoleBrands, consoleStoreList } from "@hcoins/domain/api/console-stores";
import { ErrorCode } from "@hcoins/domain/codes";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError, ok, validationError } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { type BrandEdit, StoreFieldError } from "../stores/store-editor.ts";
import { actorOf } from "./console-auth.ts";
import { consoleRoute } from "./console-route.ts";

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

  consoleRoute(app, consoleBrands.list, async () => ok({ brands: await editor.brands() }));

  consoleRoute(app, consoleBrands.add, async (request) =>
    ok(await checked(() => editor.addBrand(brandEdit(request.body), actorOf(request)))),
  );

  consoleRoute(app, consoleBrands.update, async (request) =>
    ok(await checked(() => editor.updateBrand(request.params.id, brandEdit(request.body), actorOf(request)))),
  );

  consoleRoute(app, consoleBrands.move, async (request) => {
    const brands = await checked(() =>
      editor.moveBrand(request.params.id, request.body.direction, actorOf(request)),
    );
    return ok({ brands });
  });

  consoleRoute(app, consoleBrands.remove, async (request) => {
    await checked(async () => (await editor.deleteBrand(request.params.id, actorOf(request))) || undefined);
    return ok({});
  });

  consoleRoute(app, consoleStoreList.list, async (request) => ok(await editor.stores(request.query)));

  consoleRoute(app, consoleStoreList.setStatus, async (request) =>
    ok(await checked(() => editor.setStoreStatus(request.params.id, request.body.status, actorOf(request)))),
  );
};
