import { consoleAudit } from "@hcoins/domain/api/console";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { call, callUrl } from "./client.ts";

export const AUDIT_PAGE_SIZE = 50;

/** The audit log's filters as the URL of the screen holds them; from and to are ISO 8601 times. */
export interface AuditFilters {
  actor?: string;
  action?: string;
  target?: string;
  from?: string;
  to?: string;
}

export const auditQuery = (filters: AuditFilters, page: number, dir: "asc" | "desc") =>
  queryOptions({
    queryKey: ["audit", filters, page, dir],
    queryFn: () =>
      call(consoleAudit.search, { query: { ...filters, page, page_size: AUDIT_PAGE_SIZE, dir } }),
    placeholderData: keepPreviousData,
  });

/** Every entry the filters match, as CSV: a plain link, the browser downloads it with the session cookie. */
export const auditCsvUrl = (filters: AuditFilters) =>
  callUrl(consoleAudit.exportCsv, { query: { ...filters } });
