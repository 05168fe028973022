import { consoleFigures } from "@hcoins/domain/api/console-figures";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { consoleRoute } from "./console-route.ts";

/** The figures page: programme managers, administrators and auditors read it; a read writes no audit entry. */
export const consoleFigureRoutes: FastifyPluginAsync<{ services: Services }> = async (
  plugin,
  { services },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  consoleRoute(app, consoleFigures.show, async (request) =>
    ok(await services.figuresReport.show(request.query)),
  );
};
