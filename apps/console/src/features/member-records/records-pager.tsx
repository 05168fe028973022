import { RECORDS_PAGE_SIZE } from "@hcoins/domain/api/console-member-records";
import { useTranslation } from "../../lib/i18n.ts";

/** Previous and next page of a member's list, named for screen readers by the list it pages. */
export function RecordsPager({
  label,
  page,
  total,
  onPage,
}: {
  label: string;
  page: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / RECORDS_PAGE_SIZE));
  if (pages === 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="button secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t("audit.previous")}
      </button>
      <span>{t("audit.page", { page, pages })}</span>
      <button
        type="button"
        className="button secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t("audit.next")}
      </button>
    </nav>
  );
}
