import { consoleSegments } from "@hcoins/domain/api/console-segments";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { actorOf } from "./console-auth.ts";
import { consoleRoute } from "./console-route.ts";

/** The programme manager's segments (segments/service.ts), with the editor's live count. */
export const consoleSegmentRoutes: FastifyPluginAsync<{ services: Services }> = async (
  plugin,
  { services },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { segments } = services;

  consoleRoute(app, consoleSegments.list, async () => ok({ segments: await segments.list() }));

  consoleRoute(app, consoleSegments.show, async (request) =>
    ok({ segment: await segments.one(request.params.id) }),
  );

  consoleRoute(app, consoleSegments.count, async (request) =>
    ok({ members: await segments.count(request.body.conditions) }),
  );

  consoleRoute(app, consoleSegments.create, async (request) =>
    ok({ segment: await segments.create(request.body, actorOf(request)) }),
  );

  consoleRoute(app, consoleSegments.update, async (request) =>
    ok({ segment: await segments.update(request.params.id, request.body, actorOf(request)) }),
  );

  consoleRoute(app, consoleSegments.remove, async (request) => {
    await segments.remove(request.params.id, actorOf(request));
    return ok({ removed: true as const });
  });
};
