import { RECORDS_PAGE_SIZE } from "@hcoins/domain/api/console-member-records";
import { textIn } from "@hcoins/i18n/translator";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { memberHistoryQuery } from "../../api/member-records.ts";
import { ListTable } from "../../components/list-table.tsx";
import { Pager, pageCount } from "../../components/pager.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { formatTime } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";

/** A snapshot of an audit entry in one line: its fields as `name: value`, the reason left out (it has its column). */
const compact = (snapshot: Record<string, unknown> | null) =>
  snapshot
    ? Object.entries(snapshot)
        .filter(([key]) => key !== "reason")
        .map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
        .join(", ")
    : "";

/** What operators did to the member (the audit entries naming them): who, what, why, when; newest first. */
export function MemberHistoryCard({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery(memberHistoryQuery(memberId, page));
  const entries = query.data?.entries ?? [];
  return (
    <section className="card wide">
      <h2>{t("memberRecords.history.title")}</h2>
      <QueryState query={query} />
      <ListTable
        caption={t("memberRecords.history.title")}
        head={[
          t("memberRecords.when"),
          t("memberRecords.by"),
          t("memberRecords.history.action"),
          t("memberRecords.reasonColumn"),
          t("memberRecords.history.change"),
        ]}
        empty={t("memberRecords.history.none")}
        count={entries.length}
      >
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td className="nowrap">{formatTime(entry.at)}</td>
            <td>{entry.actor}</td>
            <td className="keep-words">
              {textIn(t, "memberRecords.actions", entry.action, { defaultValue: entry.action })}
            </td>
            <td>{entry.reason ?? "—"}</td>
            <td className="free-text">
              <code>{[compact(entry.before), compact(entry.after)].filter(Boolean).join(" → ")}</code>
            </td>
          </tr>
        ))}
      </ListTable>
      <Pager
        label={t("memberRecords.history.pages")}
        page={page}
        pages={pageCount(query.data?.total ?? 0, RECORDS_PAGE_SIZE)}
        onPage={setPage}
      />
    </section>
  );
}
