import type { ConsoleSegment } from "@hcoins/domain/api/console-segments";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { tiersQuery } from "../../api/programme.ts";
import { segmentsQuery } from "../../api/segments.ts";
import { useHolds } from "../../api/session.ts";
import { brandsQuery } from "../../api/stores.ts";
import { ListTable } from "../../components/list-table.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { RowActions } from "../../components/row-actions.tsx";
import { formatNumber, formatTime } from "../../lib/format.ts";
import { currentLanguage, useTranslation } from "../../lib/i18n.ts";
import { SegmentDeleteDialog } from "./segment-delete-dialog.tsx";
import { conditionSummary, type SummaryNames } from "./segment-facts.tsx";

/**
 * The segments, newest first: name, conditions in words, members now, last change; the programme
 * manager edits (the segment's page) and deletes (asked first) from each row.
 */
export function Component() {
  const { t } = useTranslation();
  const segments = useQuery(segmentsQuery());
  const tiers = useQuery(tiersQuery());
  const brands = useQuery(brandsQuery);
  const canEdit = useHolds("programme.edit");
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState<ConsoleSegment | null>(null);
  const language = currentLanguage();
  const names: SummaryNames = {
    tier: (id) => tiers.data?.tiers.find((tier) => tier.id === id)?.name[language] ?? `#${id}`,
    brand: (code) => brands.data?.find((brand) => brand.code === code)?.name[language] ?? code,
  };

  return (
    <section className="page">
      <h1>{t("segments.title")}</h1>
      <p>{t("segments.intro")}</p>
      {canEdit ? (
        <p>
          <Link className="button" to="/segments/new">
            {t("segments.new")}
          </Link>
        </p>
      ) : null}
      <QueryState query={segments} />
      {segments.data ? (
        <ListTable
          caption={t("segments.title")}
          head={[
            t("segments.name"),
            t("campaigns.conditions"),
            t("segments.members"),
            t("segments.changed"),
            canEdit && t("content.actionsColumn"),
          ]}
          empty={t("segments.none")}
          count={segments.data.length}
        >
          {segments.data.map((segment) => (
            <tr key={segment.id}>
              <td>
                <Link to={`/segments/${segment.id}`}>{segment.name[language]}</Link>
              </td>
              <td>
                {segment.conditions.length === 0 ? (
                  t("segments.everyone")
                ) : (
                  <ul className="plain-list">
                    {segment.conditions.map((condition) => (
                      <li key={condition.fact}>{conditionSummary(t, condition, names)}</li>
                    ))}
                  </ul>
                )}
              </td>
              <td className="nowrap">{formatNumber(segment.members)}</td>
              <td>
                {t("segments.changedBy", {
                  time: formatTime(segment.updated_at ?? segment.created_at),
                  operator: segment.updated_by ?? segment.created_by,
                })}
              </td>
              {canEdit ? (
                <RowActions
                  name={segment.name[language]}
                  onEdit={() => navigate(`/segments/${segment.id}`)}
                  onDelete={() => setDeleting(segment)}
                />
              ) : null}
            </tr>
          ))}
        </ListTable>
      ) : null}
      {deleting ? (
        <SegmentDeleteDialog
          segment={deleting}
          onDeleted={() => setDeleting(null)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}
