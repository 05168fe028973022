import { consoleAudit } from "@hcoins/domain/api/console";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../errors.ts";
import type { Services } from "../../services.ts";
import type { AuditFilter } from "../audit/service.ts";
import { auditCsv } from "./audit-csv.ts";
import { requirePermission, requireSession, security, tags } from "./console-auth.ts";

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
  const guard = [requireSession(services.operators.sessions), requirePermission("audit.read")];

  app.get(
    consoleAudit.search.path,
    {
      schema: {
        tags,
        security,
        summary: "Search the audit log, newest first (exact actor, action, target; from / to inclusive)",
        querystring: consoleAudit.search.query,
        response: { 200: consoleAudit.search.answer },
      },
      preHandler: guard,
    },
    async (request) => {
      const { page, page_size, ...filter } = request.query;
      return ok(await services.audit.search(filterOf(filter), page, page_size));
    },
  );

  app.get(
    consoleAudit.exportCsv.path,
    {
      schema: {
        tags,
        security,
        summary: "Every matching audit entry as CSV (text/csv)",
        querystring: consoleAudit.exportCsv.query,
        response: {
          200: z.string().meta({
            format: "binary",
            description: "text/csv: id,at,actor,action,target,before,after,address",
          }),
        },
      },
      preHandler: guard,
    },
    async (request, reply) => {
      const entries = await services.audit.all(filterOf(request.query));
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="audit-log.csv"')
        .send(auditCsv(entries));
    },
  );
};
