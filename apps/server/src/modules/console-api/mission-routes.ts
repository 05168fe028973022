import { consoleMissions } from "@hcoins/domain/api/console-missions";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { controlledOperator } from "../coin-controls/approvals.ts";
import { actorOf, sessionOf } from "./console-auth.ts";
import { consoleRoute } from "./console-route.ts";

/** The programme manager's missions (missions/service.ts); activation goes through the approvals queue. */
export const consoleMissionRoutes: FastifyPluginAsync<{ services: Services }> = async (
  plugin,
  { services },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { missions } = services;

  consoleRoute(app, consoleMissions.list, async () => ok({ missions: await missions.list() }));

  consoleRoute(app, consoleMissions.show, async (request) =>
    ok({ mission: await missions.one(request.params.id) }),
  );

  consoleRoute(app, consoleMissions.create, async (request) =>
    ok({ mission: await missions.create(request.body, actorOf(request)) }),
  );

  consoleRoute(app, consoleMissions.update, async (request) =>
    ok({ mission: await missions.update(request.params.id, request.body, actorOf(request)) }),
  );

  consoleRoute(app, consoleMissions.requestActivation, async (request) =>
    ok({
      approval_id: await missions.requestActivation(
        request.params.id,
        request.body.note,
        controlledOperator(sessionOf(request).operator),
        actorOf(request),
      ),
    }),
  );

  consoleRoute(app, consoleMissions.pause, async (request) =>
    ok({ mission: await missions.pause(request.params.id, actorOf(request)) }),
  );

  consoleRoute(app, consoleMissions.end, async (request) =>
    ok({ mission: await missions.end(request.params.id, actorOf(request)) }),
  );
};
