import { consoleTillKeys } from "@hcoins/domain/api/console-till-keys";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { actorOf } from "./console-auth.ts";
import { consoleRoute } from "./console-route.ts";

/** The programme manager's till keys (the coin scheme keeps them); the auditor reads the list. */
export const consoleTillKeyRoutes: FastifyPluginAsync<{ services: Services }> = async (
  plugin,
  { services },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { programme } = services;

  consoleRoute(app, consoleTillKeys.list, async () => ok({ till_keys: await programme.tillKeys() }));

  consoleRoute(app, consoleTillKeys.create, async (request) =>
    ok(await programme.createTillKey(request.body, actorOf(request))),
  );

  consoleRoute(app, consoleTillKeys.setStores, async (request) =>
    ok({
      till_key: await programme.setTillKeyStores(request.params.id, request.body.stores, actorOf(request)),
    }),
  );

  consoleRoute(app, consoleTillKeys.revoke, async (request) =>
    ok({ till_key: await programme.revokeTillKey(request.params.id, actorOf(request)) }),
  );
};
