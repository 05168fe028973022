import { consoleAudit } from "@hcoins/domain/api/console";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../errors.ts";
import type { Services } from "../../services.ts";
import type { AuditFilter } from "../audit/service.ts";
import { auditCsv } from "./audit-csv.ts";
import { consoleRoute } from "./console-route.ts";

const filterOf = (query: { actor?: string; action?: string; target?: string; from?: string; to?: string }) =>
  ({
    actor: query.actor,
    action: query.action,
    target: query.target,
    from: query.from ? Date.parse(query.from) : undefined,
    to: query.to ? Date.parse(query.to) : undefined,
  }) satisfies AuditFilter;

/** The audit log, searched and exported by auditors and administrators. */
export const consoleAuditRoutes: FastifyPluginAsync<{ services: Services }> = async (
  plugin,
  { services },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();

  consoleRoute(app, consoleAudit.search, async (request) => {
    const { page, page_size, ...filter } = request.query;
    return ok(await services.audit.search(filterOf(filter), page, page_size));
  });

  consoleRoute(app, consoleAudit.exportCsv, async (request, reply) => {
    const entries = await services.audit.all(filterOf(request.query));
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", 'attachment; filename="audit-log.csv"')
      .send(auditCsv(entries));
  });
};
