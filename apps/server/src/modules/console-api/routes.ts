import { CONSOLE_API } from "@hcoins/domain/api/console";
import type { FastifyPluginAsync } from "fastify";
import type { Services } from "../../services.ts";
import { consoleAuditRoutes } from "./audit-routes.ts";
import { consoleContentRoutes } from "./content-routes.ts";
import { consoleFigureRoutes } from "./figure-routes.ts";
import { consoleImageRoutes } from "./image-routes.ts";
import { consoleMemberActionRoutes } from "./member-action-routes.ts";
import { consoleMemberRoutes } from "./member-routes.ts";
import { consoleOperatorRoutes } from "./operator-routes.ts";
import { consoleProgrammeRoutes } from "./programme-routes.ts";
import { consoleSessionRoutes } from "./session-routes.ts";
import { consoleStoreRoutes } from "./store-routes.ts";
import { consoleTillKeyRoutes } from "./till-key-routes.ts";

/** The operators' console API under /console/api: cookie sessions, not the members' bearer header. */
export const consoleApiRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  app.decorateRequest("consoleSession", null);
  await app.register(
    async (api) => {
      // A body-less POST is validated as an empty object, so missing fields get their own rule names.
      api.addHook("preValidation", async (request) => {
        if (request.method === "POST" && (request.body === undefined || request.body === null))
          request.body = {};
      });
      for (const routes of [
        consoleSessionRoutes,
        consoleMemberRoutes,
        consoleMemberActionRoutes,
        consoleAuditRoutes,
        consoleOperatorRoutes,
        consoleContentRoutes,
        consoleProgrammeRoutes,
        consoleStoreRoutes,
        consoleFigureRoutes,
        consoleTillKeyRoutes,
        consoleImageRoutes,
      ]) {
        await api.register(routes, { services });
      }
    },
    { prefix: CONSOLE_API },
  );
};
