import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId } from "react";
import { Link, useSearchParams } from "react-router";
import { memberSearchQuery } from "../../api/members.ts";
import { QueryState } from "../../components/query-state.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { TableScroll } from "../../components/table-scroll.tsx";
import { useTranslation } from "../../lib/i18n.ts";

/** One box for any of the four keys: mobile number, member number, email, H Coins number. */
export function MemberSearchPage() {
  const { t } = useTranslation();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const search = useQuery(memberSearchQuery(q));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    setParams(value ? { q: value } : {});
  };

  return (
    <section className="page">
      <h1>{t("members.title")}</h1>
      <search>
        <form className="search" onSubmit={submit}>
          <label htmlFor={id}>{t("members.searchLabel")}</label>
          <p className="hint" id={`${id}-hint`}>
            {t("members.searchHint")}
          </p>
          <div className="search-row">
            <input
              id={id}
              name="q"
              type="search"
              defaultValue={q}
              key={q}
              aria-describedby={`${id}-hint`}
              maxLength={254}
            />
            <button type="submit" className="button">
              {t("members.search")}
            </button>
          </div>
        </form>
      </search>
      {q ? (
        <>
          <QueryState query={search} />
          {search.data ? (
            search.data.members.length === 0 ? (
              <p role="status">{t("members.noneFound", { q })}</p>
            ) : (
              <TableScroll label={t("members.title")}>
                <table>
                  <caption>{t("members.results", { count: search.data.members.length })}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t("member.name")}</th>
                      <th scope="col">{t("member.mobile")}</th>
                      <th scope="col">{t("member.memberNo")}</th>
                      <th scope="col">{t("member.email")}</th>
                      <th scope="col">{t("member.hcoinsNo")}</th>
                      <th scope="col">{t("member.status")}</th>
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
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )
          ) : null}
        </>
      ) : null}
    </section>
  );
}
