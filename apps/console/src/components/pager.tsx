import { useTranslation } from "../lib/i18n.ts";

/**
 * Previous / next through a list's pages, and where the operator is: one pager for every list,
 * those the server pages (members, the audit log, a ledger) and those paged in the browser.
 * Nothing when everything fits on one page.
 */
export function Pager({
  page,
  pages,
  onPage,
  label,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** What the pages are of, for screen readers' landmark list (e.g. "Ledger pages"). */
  label: string;
}) {
  const { t } = useTranslation();
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="button secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t("lists.previous")}
      </button>
      <span aria-live="polite">{t("lists.page", { page, pages })}</span>
      <button
        type="button"
        className="button secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t("lists.next")}
      </button>
    </nav>
  );
}

/** How many pages `total` rows fill, at least one. */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
