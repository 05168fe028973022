import { consoleAudit } from "@hcoins/domain/api/console";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../errors.ts";
import type { Services } from "../../services.ts";
import type { AuditFilter } from "../audit/service.ts";
import { auditCsv } from "./audit-csv.ts";
import { consoleRoute } from "./console-route.ts";

/** What the operator typed matches any part of actor, action and target, in any case. */
const filterOf = (query: {
  actor?: string | undefined;
  action?: string | undefined;
  target?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  dir?: "asc" | "desc" | undefined;
}) =>
  ({
    actor: query.actor,
    action: query.action,
    target: query.target,
    from: query.from ? Date.parse(query.from) : undefined,
    to: query.to ? Date.parse(query.to) : undefined,
    match: "contains",
    dir: query.dir,
  }) satisfies AuditFilter;

/** Excel reads a CSV without it in the machine's code page, and garbles Chinese. */
const BYTE_ORDER_MARK = "\uFEFF";

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
      .send(`${BYTE_ORDER_MARK}${auditCsv(entries)}`);
  });
};
