import type { SmsLimit } from "@hcoins/domain/api/console-member-records";
import { useQuery } from "@tanstack/react-query";
import { smsLimitsQuery } from "../../api/member-records.ts";
import { ListTable } from "../../components/list-table.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { formatNumber, formatTime } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";

/** Each SMS limit a code for the member's number counts against now: use, allowance, reset time, and whether it blocks. */
export function SmsLimitsCard({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const query = useQuery(smsLimitsQuery(memberId));
  const limits = query.data?.limits ?? [];
  const name = (limit: SmsLimit) =>
    limit.limit === "resend" && limit.purpose
      ? t("memberRecords.limits.resendFor", { purpose: t(`member.purposes.${limit.purpose}`) })
      : t(`memberRecords.limits.${limit.limit}`);
  return (
    <section className="card wide">
      <h2>{t("memberRecords.limits.title")}</h2>
      <QueryState query={query} />
      <ListTable
        caption={t("memberRecords.limits.title")}
        head={[
          t("memberRecords.limits.limit"),
          t("memberRecords.limits.used"),
          t("memberRecords.limits.resetsAt"),
          t("memberRecords.limits.state"),
        ]}
        empty={t("memberRecords.limits.none")}
        count={limits.length}
      >
        {limits.map((limit) => (
          <tr key={`${limit.limit}:${limit.purpose}:${limit.source}`}>
            <td>
              {name(limit)}
              {limit.source ? <span className="hint"> {limit.source}</span> : null}
            </td>
            <td className="nowrap">{`${formatNumber(limit.used)} / ${formatNumber(limit.allowed)}`}</td>
            <td className="keep-words">{limit.resets_at ? formatTime(limit.resets_at) : "—"}</td>
            <td className="keep-words">
              {limit.blocking ? (
                <strong>{t("memberRecords.limits.blocking")}</strong>
              ) : (
                t("memberRecords.limits.open")
              )}
              {limit.cleared_by_reset ? null : (
                <span className="hint"> {t("memberRecords.limits.notReset")}</span>
              )}
            </td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
}
