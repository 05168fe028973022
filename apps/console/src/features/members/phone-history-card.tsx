import { useQuery } from "@tanstack/react-query";
import { phoneHistoryQuery } from "../../api/member-records.ts";
import { ListTable } from "../../components/list-table.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { formatTime } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";

/** The member's earlier mobile numbers: until when, changed by whom and why. */
export function PhoneHistoryCard({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const query = useQuery(phoneHistoryQuery(memberId));
  const numbers = query.data?.numbers ?? [];
  return (
    <section className="card wide">
      <h2>{t("memberRecords.phones.title")}</h2>
      <QueryState query={query} />
      <ListTable
        caption={t("memberRecords.phones.title")}
        head={[
          t("memberRecords.phones.number"),
          t("memberRecords.phones.replacedAt"),
          t("memberRecords.by"),
          t("memberRecords.reasonColumn"),
        ]}
        empty={t("memberRecords.phones.none")}
        count={numbers.length}
      >
        {numbers.map((row) => (
          <tr key={row.replaced_at}>
            <td>{`+${row.mobile_phone_prefix} ${row.mobile_phone}`}</td>
            <td className="nowrap">{formatTime(row.replaced_at)}</td>
            <td>{row.replaced_by}</td>
            <td>{row.reason}</td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
}
