import { useQuery } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { useSearchParams } from "react-router";
import { AUDIT_PAGE_SIZE, auditCsvUrl, auditQuery } from "../../api/audit.ts";
import { Field } from "../../components/field.tsx";
import { Pager, pageCount } from "../../components/pager.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { type ListSort, SortHeader } from "../../components/sort-header.tsx";
import { TableScroll } from "../../components/table-scroll.tsx";
import { formatTime } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { auditFilters, FILTER_FIELDS } from "./audit-filters.ts";

/** One `field: value` line per changed field, as an auditor reads them (values as JSON). */
const compact = (value: Record<string, unknown> | null) =>
  value && Object.keys(value).length > 0
    ? Object.entries(value)
        .map(([field, fieldValue]) => `${field}: ${JSON.stringify(fieldValue)}`)
        .join("\n")
    : "—";

/** Who did what to whom: filters, pages of 50, and every matching entry as CSV. */
export function Component() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = auditFilters(params);
  const page = Math.max(1, Number(params.get("page")) || 1);
  const sort: ListSort<"at"> = { column: "at", dir: params.get("dir") === "asc" ? "asc" : "desc" };
  const audit = useQuery(auditQuery(filters, page, sort.dir));
  const pages = audit.data ? pageCount(audit.data.total, AUDIT_PAGE_SIZE) : 1;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of FILTER_FIELDS) {
      const value = String(form.get(name) ?? "").trim();
      if (value) next.set(name, value);
    }
    setParams(next);
  };
  const goTo = (target: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(target));
    setParams(next);
  };
  const sortBy = ({ dir }: ListSort<"at">) => {
    const next = new URLSearchParams(params);
    next.set("dir", dir);
    next.delete("page");
    setParams(next);
  };

  return (
    <section className="page">
      <h1>{t("audit.title")}</h1>
      <form className="filters" onSubmit={submit} key={params.toString()}>
        <Field
          label={t("audit.actor")}
          name="actor"
          defaultValue={params.get("actor") ?? ""}
          hint={t("audit.actorHint")}
        />
        <Field
          label={t("audit.action")}
          name="action"
          defaultValue={params.get("action") ?? ""}
          hint={t("audit.actionHint")}
        />
        <Field
          label={t("audit.target")}
          name="target"
          defaultValue={params.get("target") ?? ""}
          hint={t("audit.targetHint")}
        />
        <Field label={t("audit.from")} name="from" type="date" defaultValue={params.get("from") ?? ""} />
        <Field label={t("audit.to")} name="to" type="date" defaultValue={params.get("to") ?? ""} />
        <div className="filter-actions">
          <button type="submit" className="button">
            {t("audit.apply")}
          </button>
          <a className="button secondary" href={auditCsvUrl(filters)} download>
            {t("audit.csv")}
          </a>
        </div>
      </form>
      <QueryState query={audit} />
      {audit.data ? (
        audit.data.entries.length === 0 ? (
          <p role="status">{t("audit.none")}</p>
        ) : (
          <>
            <TableScroll label={t("audit.title")}>
              <table className="audit">
                <caption>{t("audit.count", { count: audit.data.total })}</caption>
                <thead>
                  <tr>
                    <SortHeader
                      label={t("audit.at")}
                      column="at"
                      sort={sort}
                      onSort={sortBy}
                      firstDir="desc"
                    />
                    <th scope="col">{t("audit.actor")}</th>
                    <th scope="col">{t("audit.action")}</th>
                    <th scope="col">{t("audit.target")}</th>
                    <th scope="col">{t("audit.before")}</th>
                    <th scope="col">{t("audit.after")}</th>
                    <th scope="col">{t("audit.address")}</th>
                  </tr>
                </thead>
                <tbody>
                  {audit.data.entries.map((entry) => (
                    <tr key={entry.id}>
                      <td className="nowrap">{formatTime(entry.at)}</td>
                      <td>{entry.actor}</td>
                      <td>{entry.action}</td>
                      <td>{entry.target ?? "—"}</td>
                      <td>
                        <code>{compact(entry.before)}</code>
                      </td>
                      <td>
                        <code>{compact(entry.after)}</code>
                      </td>
                      <td>{entry.address ?? "—"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            <Pager page={page} pages={pages} onPage={goTo} label={t("audit.pages")} />
          </>
        )
      ) : null}
    </section>
  );
}
