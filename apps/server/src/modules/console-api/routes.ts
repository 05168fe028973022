import { CONSOLE_API } from "@hcoins/domain/api/console";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Services } from "../../services.ts";
import { consoleAuditRoutes } from "./audit-routes.ts";
import { consoleCampaignRoutes } from "./campaign-routes.ts";
import { consoleCoinControlRoutes } from "./coin-control-routes.ts";
import { closedByDefault } from "./console-route.ts";
import { consoleContentRoutes } from "./content-routes.ts";
import { consoleFigureRoutes } from "./figure-routes.ts";
import { consoleImageRoutes } from "./image-routes.ts";
import { consoleMemberActionRoutes } from "./member-action-routes.ts";
import { consoleMemberLedgerRoutes } from "./member-ledger-routes.ts";
import { consoleMemberRecordRoutes } from "./member-record-routes.ts";
import { consoleMemberRoutes } from "./member-routes.ts";
import { consoleMissionRoutes } from "./mission-routes.ts";
import { consoleOperatorLifecycleRoutes } from "./operator-lifecycle-routes.ts";
import { consoleOperatorRoutes } from "./operator-routes.ts";
import { consoleProgrammeRoutes } from "./programme-routes.ts";
import { consoleReferralRoutes } from "./referral-routes.ts";
import { consoleSegmentRoutes } from "./segment-routes.ts";
import { consoleSessionRoutes } from "./session-routes.ts";
import { consoleStoreRoutes } from "./store-routes.ts";
import { consoleTillKeyRoutes } from "./till-key-routes.ts";
import { consoleVoucherRoutes } from "./voucher-routes.ts";

/**
 * The operators' console API under /console/api: cookie sessions, not the members' bearer header.
 * Closed by default: each route declares its access in the contract, one hook enforces it.
 */
export const consoleApiRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  app.decorateRequest("consoleSession", null);
  await app.register(
    async (api) => {
      closedByDefault(api.withTypeProvider<ZodTypeProvider>(), services.operators.sessions);
      // A body-less POST is validated as an empty object, so missing fields get their own rule names.
      api.addHook("preValidation", async (request) => {
        if (request.method === "POST" && (request.body === undefined || request.body === null))
          request.body = {};
      });
      for (const routes of [
        consoleSessionRoutes,
        consoleMemberRoutes,
        consoleMemberActionRoutes,
        consoleMemberLedgerRoutes,
        consoleCoinControlRoutes,
        consoleMemberRecordRoutes,
        consoleAuditRoutes,
        consoleOperatorRoutes,
        consoleOperatorLifecycleRoutes,
        consoleContentRoutes,
        consoleProgrammeRoutes,
        consoleStoreRoutes,
        consoleFigureRoutes,
        consoleTillKeyRoutes,
        consoleCampaignRoutes,
        consoleMissionRoutes,
        consoleSegmentRoutes,
        consoleImageRoutes,
        consoleVoucherRoutes,
        consoleReferralRoutes,
      ]) {
        await api.register(routes, { services });
      }
    },
    { prefix: CONSOLE_API },
  );
};
