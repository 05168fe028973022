import { useQuery } from "@tanstack/react-query";
import { memberTierQuery } from "../../api/member-ledger.ts";
import { ListTable } from "../../components/list-table.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { formatTime } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";

/** The member's tier on their page: what customer service is asked about ("why am I not Gold any more?"). */
export function MemberTier({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const query = useQuery(memberTierQuery(memberId));
  const tier = query.data;
  return (
    <>
      <h3>{t("member.tier.heading")}</h3>
      <QueryState query={query} />
      {tier ? (
        <>
          <p>
            {tier.tier
              ? t("member.tier.current", { tier: tier.tier.name.en, multiplier: tier.tier.multiplier })
              : t("member.tier.none")}{" "}
            {t("member.tier.spend", { amount: tier.spend_amount })}{" "}
            {tier.next
              ? t("member.tier.next", { amount: tier.next.spend_needed_amount, tier: tier.next.name.en })
              : t("member.tier.top")}
          </p>
          {tier.review_at ? (
            <p className="hint">{t("member.tier.review", { at: formatTime(tier.review_at) })}</p>
          ) : null}
          <ListTable
            caption={t("member.tier.history")}
            head={[
              t("member.createdAt"),
              t("member.tier.reason"),
              t("member.tier.change"),
              t("member.tier.by"),
            ]}
            empty={t("member.tier.noHistory")}
            count={tier.history.length}
          >
            {tier.history.map((row) => (
              <tr key={`${row.created_at}-${row.reason}-${row.to_code}`}>
                <td className="keep-words">{formatTime(row.created_at)}</td>
                <td>{t(`member.tier.reasons.${row.reason}`)}</td>
                <td>
                  {row.from_code ?? "—"} → {row.to_code ?? "—"} (HK${row.spend_amount})
                </td>
                <td>{row.actor}</td>
              </tr>
            ))}
          </ListTable>
        </>
      ) : null}
    </>
  );
}
