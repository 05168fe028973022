import type { AuditFilters } from "../../api/audit.ts";

/** The filters the screen's address holds: text as typed, from/to as dates (yyyy-mm-dd). */
export const FILTER_FIELDS = ["actor", "action", "target", "from", "to"] as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The call's filters: a date is a day in Hong Kong (the programme's time zone), `from` its
 * first moment and `to` its last, as ISO 8601 with the offset.
 */
export function auditFilters(params: URLSearchParams): AuditFilters {
  const text = (name: string) => params.get(name)?.trim() || undefined;
  const day = (name: string, time: string) => {
    const value = params.get(name);
    return value && DATE.test(value) ? `${value}T${time}+08:00` : undefined;
  };
  return {
    actor: text("actor"),
    action: text("action"),
    target: text("target"),
    from: day("from", "00:00:00"),
    to: day("to", "23:59:59"),
  };
}
