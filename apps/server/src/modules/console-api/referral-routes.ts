import { consoleReferrals } from "@hcoins/domain/api/console-referrals";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { actorOf } from "./console-auth.ts";
import { consoleRoute } from "./console-route.ts";

/** Referrals: the programme manager's settings, and the list the auditor and customer service read. */
export const consoleReferralRoutes: FastifyPluginAsync<{ services: Services }> = async (
  plugin,
  { services },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { referralProgramme } = services;

  consoleRoute(app, consoleReferrals.settings, async () => ok(await referralProgramme.settings()));

  consoleRoute(app, consoleReferrals.setSettings, async (request) =>
    ok(await referralProgramme.setSettings(request.body, actorOf(request))),
  );

  consoleRoute(app, consoleReferrals.list, async (request) =>
    ok(await referralProgramme.list(request.query.state, request.query.page)),
  );
};
