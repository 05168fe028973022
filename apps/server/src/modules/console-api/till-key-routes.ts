import { consoleTillKeys } from "@hcoins/domain/api/console-till-keys";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { actorOf, requirePermission, requireSession, security, tags } from "./console-auth.ts";
import { CHANGE_NOTE } from "./programme-routes.ts";

/** The programme manager's till keys (the coin scheme keeps them); the auditor reads the list. */
export const consoleTillKeyRoutes: FastifyPluginAsync<{ services: Services }> = async (
  plugin,
  { services },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { programme } = services;
  const session = requireSession(services.operators.sessions);
  const read = [session, requirePermission(["programme.edit", "audit.read"])];
  const edit = [session, requirePermission("programme.edit")];

  app.get(
    consoleTillKeys.list.path,
    {
      schema: {
        tags,
        security,
        summary: "The till keys operators made, newest first, live and revoked (never a key itself)",
        description:
          "Needs programme.edit or audit.read (the auditor reads). Keys of COIN_SCHEME_API_KEYS are configuration and not listed.",
        response: { 200: consoleTillKeys.list.answer },
      },
      preHandler: read,
    },
    async () => ok({ till_keys: await programme.tillKeys() }),
  );

  app.post(
    consoleTillKeys.create.path,
    {
      schema: {
        tags,
        security,
        summary: "Make a till key bound to stores; the key is in this answer only",
        description: `${CHANGE_NOTE} The audit entry names the key and its stores, never the key itself. 4000 name (tillKeyName, tillKeyNameTaken) or stores (storeCode, tooMany, unknownStore: not in the coin scheme's registry).`,
        body: consoleTillKeys.create.body,
        response: { 200: consoleTillKeys.create.answer },
      },
      preHandler: edit,
    },
    async (request) => ok(await programme.createTillKey(request.body, actorOf(request))),
  );

  app.post(
    consoleTillKeys.setStores.path,
    {
      schema: {
        tags,
        security,
        summary: "Bind a till key to other stores, from its next call",
        description: `${CHANGE_NOTE} 4040 no such key; 4000 id revoked, or stores as on create.`,
        params: consoleTillKeys.setStores.params,
        body: consoleTillKeys.setStores.body,
        response: { 200: consoleTillKeys.setStores.answer },
      },
      preHandler: edit,
    },
    async (request) =>
      ok({
        till_key: await programme.setTillKeyStores(request.params.id, request.body.stores, actorOf(request)),
      }),
  );

  app.post(
    consoleTillKeys.revoke.path,
    {
      schema: {
        tags,
        security,
        summary: "Revoke a till key: the coin scheme refuses it from its next call",
        description: `${CHANGE_NOTE} 4040 no such key; 4000 id revoked already.`,
        params: consoleTillKeys.revoke.params,
        response: { 200: consoleTillKeys.revoke.answer },
      },
      preHandler: edit,
    },
    async (request) => ok({ till_key: await programme.revokeTillKey(request.params.id, actorOf(request)) }),
  );
};
