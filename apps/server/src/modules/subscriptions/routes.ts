import { serverPath } from "@hcoins/domain/api/routes";
import { saveSubscriptionPreferences, subscriptionPreferences } from "@hcoins/domain/api/subscriptions";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../errors.ts";
import { requireMember } from "../../plugins/auth-header.ts";
import type { Services } from "../../services.ts";

const tags = ["subscriptions"];

export const subscriptionRoutes: FastifyPluginAsync<{ services: Services }> = async (
  plugin,
  { services },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { subscriptions } = services;

  /** The member of an unsubscribe link's token when one is given, else the caller. */
  const memberOf = async (request: FastifyRequest, token: string | undefined) =>
    token ? subscriptions.memberFromLinkToken(token) : requireMember(request);

  app.get(
    serverPath(subscriptionPreferences),
    {
      schema: {
        tags,
        summary: "Current marketing preferences (1 = opted out)",
        description:
          "With a member token, or as guest with `token` from an unsubscribe link (`npm run admin -- unsubscribe-link`).",
        querystring: subscriptionPreferences.query,
        response: { 200: subscriptionPreferences.answer },
      },
    },
    async (request) => ok(subscriptions.preferencesOf(await memberOf(request, request.query.token))),
  );

  app.post(
    serverPath(saveSubscriptionPreferences),
    {
      schema: {
        tags,
        summary: "Change marketing preferences",
        description:
          "Fields not sent keep their value. `unsubscribe_reasons` (ids 1-6) are kept only while every channel is opted out.",
        body: saveSubscriptionPreferences.body,
        response: { 200: saveSubscriptionPreferences.answer },
      },
    },
    async (request) => {
      const { token, ...changes } = request.body;
      const member = await memberOf(request, token);
      return ok(await subscriptions.save(member, changes, Boolean(token)));
    },
  );
};
