import { consoleCampaigns } from "@hcoins/domain/api/console-campaigns";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { controlledOperator } from "../coin-controls/approvals.ts";
import { actorOf, sessionOf } from "./console-auth.ts";
import { consoleRoute } from "./console-route.ts";

/** The programme manager's campaigns (campaigns/service.ts); activation goes through the approvals queue. */
export const consoleCampaignRoutes: FastifyPluginAsync<{ services: Services }> = async (
  plugin,
  { services },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { campaigns } = services;

  consoleRoute(app, consoleCampaigns.list, async () => ok({ campaigns: await campaigns.list() }));

  consoleRoute(app, consoleCampaigns.show, async (request) =>
    ok({ campaign: await campaigns.one(request.params.id) }),
  );

  consoleRoute(app, consoleCampaigns.create, async (request) =>
    ok({ campaign: await campaigns.create(request.body, actorOf(request)) }),
  );

  consoleRoute(app, consoleCampaigns.update, async (request) =>
    ok({ campaign: await campaigns.update(request.params.id, request.body, actorOf(request)) }),
  );

  consoleRoute(app, consoleCampaigns.dryRun, async (request) =>
    ok({ dry_run: await campaigns.dryRun(request.body.campaign, request.body.days) }),
  );

  consoleRoute(app, consoleCampaigns.requestActivation, async (request) =>
    ok({
      approval_id: await campaigns.requestActivation(
        request.params.id,
        { note: request.body.note, dryRunDays: request.body.dry_run_days },
        controlledOperator(sessionOf(request).operator),
        actorOf(request),
      ),
    }),
  );

  consoleRoute(app, consoleCampaigns.pause, async (request) =>
    ok({ campaign: await campaigns.pause(request.params.id, actorOf(request)) }),
  );

  consoleRoute(app, consoleCampaigns.end, async (request) =>
    ok({ campaign: await campaigns.end(request.params.id, actorOf(request)) }),
  );
};
