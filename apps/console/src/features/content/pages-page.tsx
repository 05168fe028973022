import type { ConsolePage } from "@hcoins/domain/api/console-content";
import { textIn } from "@hcoins/i18n/translator";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { pagesQuery, usePageChanges } from "../../api/content.ts";
import { errorMessage } from "../../api/error-message.ts";
import { FormAlert } from "../../components/form-alert.tsx";
import { Pager } from "../../components/pager.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { ConfirmDeleteDialog, RowActions } from "../../components/row-actions.tsx";
import { SortHeader } from "../../components/sort-header.tsx";
import { TableScroll } from "../../components/table-scroll.tsx";
import { useSortedPage } from "../../components/use-sorted-page.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { scheduleText } from "./banners-page.tsx";
import { PageForm } from "./page-form.tsx";
import { PagePreview } from "./page-preview.tsx";

/** `content/pages`: the CMS pages by location and slug; add, edit, preview, delete. */
export function Component() {
  const { t } = useTranslation();
  const pages = useQuery(pagesQuery);
  const { remove } = usePageChanges();
  const [editing, setEditing] = useState<ConsolePage | "new" | null>(null);
  const [previewing, setPreviewing] = useState<ConsolePage | null>(null);
  const [deleting, setDeleting] = useState<ConsolePage | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const list = useSortedPage(
    pages.data ?? [],
    {
      location: (page) => textIn(t, "content.locations", page.location, { defaultValue: page.location }),
      slug: (page) => page.slug,
      title: (page) => page.title.tc,
      active: (page) => (page.active ? 0 : 1),
    },
    null,
  );
  const header = (column: "location" | "slug" | "title" | "active", label: string) => (
    <SortHeader label={label} column={column} sort={list.sort} onSort={list.setSort} />
  );

  const confirmDelete = async (page: ConsolePage) => {
    setFailure(null);
    try {
      await remove.mutateAsync(page.id);
      if (previewing?.id === page.id) setPreviewing(null);
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
    setDeleting(null);
  };

  return (
    <section>
      <h1>{t("content.pages.title")}</h1>
      <p>{t("content.pages.intro")}</p>
      <FormAlert message={failure} />
      <QueryState query={pages} />
      {editing === null ? (
        <p>
          <button type="button" className="button" onClick={() => setEditing("new")}>
            {t("content.pages.add")}
          </button>
        </p>
      ) : (
        <PageForm
          key={editing === "new" ? "new" : editing.id}
          page={editing === "new" ? null : editing}
          onDone={(saved) => {
            setEditing(null);
            // After a save, the preview shows what the server kept (sanitised).
            if (saved) setPreviewing(saved);
          }}
        />
      )}
      {previewing ? <PagePreview page={previewing} onClose={() => setPreviewing(null)} /> : null}
      {pages.data?.length === 0 ? <p>{t("content.pages.none")}</p> : null}
      {pages.data && pages.data.length > 0 ? (
        <TableScroll label={t("content.pages.title")}>
          <table>
            <thead>
              <tr>
                {header("location", t("content.location"))}
                {header("slug", t("content.pages.slug"))}
                {header("title", t("content.pages.pageTitle"))}
                <th scope="col">{t("content.schedule")}</th>
                {header("active", t("content.active"))}
                <th scope="col">{t("content.actionsColumn")}</th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((page) => (
                <tr key={page.id}>
                  <td>{textIn(t, "content.locations", page.location, { defaultValue: page.location })}</td>
                  <td>{page.slug}</td>
                  <th scope="row">
                    <span lang="zh-HK">{page.title.tc}</span>
                    <br />
                    <span lang="en">{page.title.en}</span>
                  </th>
                  <td>{scheduleText(page.publish_from, page.publish_until, t)}</td>
                  <td>{page.active ? t("app.yes") : t("app.no")}</td>
                  <RowActions
                    name={page.slug}
                    onEdit={() => setEditing(page)}
                    onDelete={() => setDeleting(page)}
                  >
                    <button
                      type="button"
                      className="button secondary"
                      aria-label={t("content.pages.previewNamed", { slug: page.slug })}
                      onClick={() => setPreviewing(page)}
                    >
                      {t("content.pages.preview")}
                    </button>
                  </RowActions>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      <Pager page={list.page} pages={list.pages} onPage={list.setPage} label={t("content.pages.title")} />
      {deleting ? (
        <ConfirmDeleteDialog
          title={t("content.pages.deleteTitle")}
          text={t("content.pages.deleteText", { slug: deleting.slug })}
          pending={remove.isPending}
          onConfirm={() => void confirmDelete(deleting)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}
