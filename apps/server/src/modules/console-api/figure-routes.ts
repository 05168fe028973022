import { consoleFigures } from "@hcoins/domain/api/console-figures";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { breakdownCsv } from "../figures/breakdown-csv.ts";
import { figuresCsv } from "../figures/figures-csv.ts";
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
  consoleRoute(app, consoleFigures.exportCsv, async (request, reply) => {
    const figures = await services.figuresReport.show(request.query);
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="figures-${figures.from}-${figures.to}.csv"`)
      .send(figuresCsv(figures));
  });
  // The CSV link is a plain download, whose Accept-Language is the browser's: `lang` carries the console's.
  consoleRoute(app, consoleFigures.breakdown, async (request) =>
    ok(await services.figuresBreakdown.show(request.query, request.query.lang ?? request.lang)),
  );
  consoleRoute(app, consoleFigures.breakdownCsv, async (request, reply) => {
    const lang = request.query.lang ?? request.lang;
    const figures = await services.figuresBreakdown.show(request.query, lang);
    const { by } = request.query;
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header(
        "content-disposition",
        `attachment; filename="figures-by-${by}-${figures.from}-${figures.to}.csv"`,
      )
      .send(breakdownCsv(figures, by, lang));
  });
};
