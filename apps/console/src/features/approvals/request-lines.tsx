import type { ApprovalRequest } from "@hcoins/domain/api/console-coin-controls";
import { textIn } from "@hcoins/i18n/translator";
import { useState } from "react";
import { ListTable } from "../../components/list-table.tsx";
import { Pager } from "../../components/pager.tsx";
import { formatNumber } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";

/** Lines shown per page: a 1,000-line list reads in 40 pages, not one endless table. */
const PAGE_SIZE = 25;

type Line = NonNullable<ApprovalRequest["lines"]>[number];

/**
 * A list request's lines (a bulk adjustment): member number, coins and, once applied, each line's
 * outcome. Folded by default so the queue stays a queue; paged in the browser when open.
 */
export function RequestLines({ id, lines }: { id: number; lines: readonly Line[] }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(lines.length / PAGE_SIZE));
  const shown = lines.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const applied = lines.filter((line) => line.outcome === "applied").length;
  const decided = lines.some((line) => line.outcome !== null);
  return (
    <details className="request-lines">
      <summary>
        {t("approvals.lines.summary", { count: lines.length })}
        {decided
          ? ` · ${t("approvals.lines.applied", { applied: formatNumber(applied), refused: formatNumber(lines.length - applied) })}`
          : null}
      </summary>
      <ListTable
        caption={t("approvals.lines.caption", { id })}
        head={[
          t("approvals.lines.line"),
          t("approvals.lines.memberNo"),
          t("approvals.coins"),
          t("approvals.lines.outcome"),
        ]}
        empty=""
        count={shown.length}
      >
        {shown.map((line, index) => {
          const number = (page - 1) * PAGE_SIZE + index + 1;
          return (
            <tr key={number}>
              <td>{number}</td>
              <td>{line.member_no}</td>
              <td>{formatNumber(line.coins)}</td>
              <td>
                {line.outcome === null
                  ? t("approvals.lines.notYet")
                  : textIn(t, "approvals.lines.outcomes", line.outcome, { defaultValue: line.outcome })}
              </td>
            </tr>
          );
        })}
      </ListTable>
      <Pager page={page} pages={pages} onPage={setPage} label={t("approvals.lines.pages", { id })} />
    </details>
  );
}
