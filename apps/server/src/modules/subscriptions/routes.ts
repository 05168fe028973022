import { saveSubscriptionPreferences, subscriptionPreferences } from "@hcoins/domain/api/subscriptions";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { ok } from "../../errors.ts";
import { requireMember } from "../../plugins/auth-header.ts";
import { route } from "../../plugins/member-route.ts";
import type { Services } from "../../services.ts";

export const subscriptionRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { subscriptions } = services;

  /** The member of the unsubscribe link's token when the call carries one (checked by the auth-header plugin), else the caller. */
  const memberOf = (request: FastifyRequest) => request.linkMember ?? requireMember(request);

  route(app, subscriptionPreferences, async (request) => ok(subscriptions.preferencesOf(memberOf(request))));

  route(app, saveSubscriptionPreferences, async (request) => {
    const { token, ...changes } = request.body;
    const member = memberOf(request);
    return ok(await subscriptions.save(member, changes, Boolean(token)));
  });
};
