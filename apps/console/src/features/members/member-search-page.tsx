import { consoleMembers, MEMBER_SEARCH_SORTS } from "@hcoins/domain/api/console";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { MEMBER_SEARCH_PAGE_SIZE, memberSearchQuery } from "../../api/members.ts";
import { Pager, pageCount } from "../../components/pager.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { type ListSort, SortHeader } from "../../components/sort-header.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { TableScroll } from "../../components/table-scroll.tsx";
import { contractRules } from "../../lib/contract-rules.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { ruleText } from "../../lib/rule-text.ts";

type SortColumn = (typeof MEMBER_SEARCH_SORTS)[number];
const queryRules = consoleMembers.search.query;

/** The search's order as the address holds it; the default (name, ascending) otherwise. */
function sortOf(params: URLSearchParams): ListSort<SortColumn> {
  const column = params.get("sort");
  return {
    column: (MEMBER_SEARCH_SORTS as readonly string[]).includes(column ?? "")
      ? (column as SortColumn)
      : "name",
    dir: params.get("dir") === "desc" ? "desc" : "asc",
  };
}

/**
 * One box for every key: a mobile number, member number, email, H Coins number, voucher code or
 * receipt number (exact matches first), or part of a name, email or number; pages sorted by a column.
 */
export function Component() {
  const { t } = useTranslation();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const sort = sortOf(params);
  const [typedRule, setTypedRule] = useState<string | null>(null);
  // A text the contract refuses (too short) is not sent: the operator reads why at once.
  const rule = typedRule ?? (q ? (contractRules(queryRules, { q })[0]?.rule ?? null) : null);
  const search = useQuery({
    ...memberSearchQuery(q, page, sort.column, sort.dir),
    enabled: q !== "" && !rule,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    const found = value ? (contractRules(queryRules, { q: value })[0]?.rule ?? null) : null;
    setTypedRule(found);
    if (found) return;
    const next = new URLSearchParams(params);
    next.delete("page");
    if (value) next.set("q", value);
    else next.delete("q");
    setParams(next);
  };
  const change = (value: number | ListSort<SortColumn>) => {
    const next = new URLSearchParams(params);
    if (typeof value === "number") next.set("page", String(value));
    else {
      next.set("sort", value.column);
      next.set("dir", value.dir);
      next.delete("page");
    }
    setParams(next);
  };
  const header = (column: SortColumn, label: string) => (
    <SortHeader label={label} column={column} sort={sort} onSort={change} />
  );

  return (
    <section className="page">
      <h1>{t("members.title")}</h1>
      <search>
        <form className="search" onSubmit={submit} noValidate>
          <label htmlFor={id}>{t("members.searchLabel")}</label>
          <p className="hint" id={`${id}-hint`}>
            {t("memberSearch.hint")}
          </p>
          <div className="search-row">
            <input
              id={id}
              name="q"
              type="search"
              defaultValue={q}
              key={q}
              aria-describedby={rule ? `${id}-hint ${id}-error` : `${id}-hint`}
              aria-invalid={rule ? true : undefined}
              maxLength={254}
            />
            <button type="submit" className="button">
              {t("members.search")}
            </button>
          </div>
          {rule ? (
            <p className="field-error" id={`${id}-error`}>
              {ruleText(t, rule, "memberSearch.rules")}
            </p>
          ) : null}
        </form>
      </search>
      {q && !rule ? (
        <>
          <QueryState query={search} />
          {search.data ? (
            search.data.members.length === 0 ? (
              <p role="status">{t("members.noneFound", { q })}</p>
            ) : (
              <>
                <TableScroll label={t("members.title")}>
                  <table>
                    <caption>{t("members.results", { count: search.data.total })}</caption>
                    <thead>
                      <tr>
                        {header("name", t("member.name"))}
                        <th scope="col">{t("member.mobile")}</th>
                        {header("member_no", t("member.memberNo"))}
                        {header("email", t("member.email"))}
                        <th scope="col">{t("member.hcoinsNo")}</th>
                        <th scope="col">{t("member.status")}</th>
                        <th scope="col">{t("memberSearch.matched")}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {search.data.members.map((member) => (
                        <tr key={member.id}>
                          <td>
                            <Link to={`/members/${member.id}`}>{member.name ?? t("member.unnamed")}</Link>
                          </td>
                          <td className="nowrap">
                            +{member.mobile_phone_prefix} {member.mobile_phone}
                          </td>
                          <td>{member.member_no ?? "—"}</td>
                          <td>{member.email ?? "—"}</td>
                          <td>{member.hcoins_memberno ?? "—"}</td>
                          <td>
                            <StatusBadge status={member.status} />
                          </td>
                          <td>{t(`memberSearch.matches.${member.matched}`)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableScroll>
                <Pager
                  page={page}
                  pages={pageCount(search.data.total, MEMBER_SEARCH_PAGE_SIZE)}
                  onPage={change}
                  label={t("memberSearch.pages")}
                />
              </>
            )
          ) : null}
        </>
      ) : null}
    </section>
  );
}
