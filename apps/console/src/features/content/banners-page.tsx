import { BANNER_LOCATIONS, type ConsoleBanner } from "@hcoins/domain/api/console-content";
import type { TFunction } from "@hcoins/i18n/translator";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { bannersQuery, useBannerChanges } from "../../api/content.ts";
import { errorMessage } from "../../api/error-message.ts";
import { FormAlert } from "../../components/form-alert.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { ConfirmDeleteDialog, RowActions } from "../../components/row-actions.tsx";
import { TableScroll } from "../../components/table-scroll.tsx";
import { formatTime } from "../../lib/format.ts";
import { type Key, useTranslation } from "../../lib/i18n.ts";
import { BannerForm } from "./banner-form.tsx";

/** `content/banners`: the banners of each location in display order; add, edit, reorder, delete. */
export function Component() {
  const { t } = useTranslation();
  const banners = useQuery(bannersQuery);
  const { move, remove } = useBannerChanges();
  const [editing, setEditing] = useState<ConsoleBanner | "new" | null>(null);
  const [deleting, setDeleting] = useState<ConsoleBanner | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const act = async (work: () => Promise<unknown>) => {
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  };

  return (
    <section>
      <h1>{t("content.banners.title")}</h1>
      <p>{t("content.banners.intro")}</p>
      <FormAlert message={failure} />
      <QueryState query={banners} />
      {editing === null ? (
        <p>
          <button type="button" className="button" onClick={() => setEditing("new")}>
            {t("content.banners.add")}
          </button>
        </p>
      ) : (
        <BannerForm
          key={editing === "new" ? "new" : editing.id}
          banner={editing === "new" ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      {banners.data
        ? BANNER_LOCATIONS.map((location) => {
            const rows = banners.data.filter((banner) => banner.location === location);
            return (
              <section key={location} aria-labelledby={`banners-${location}`}>
                <h2 id={`banners-${location}`}>{t(`content.locations.${location}`)}</h2>
                {rows.length === 0 ? (
                  <p>{t("content.banners.none")}</p>
                ) : (
                  <TableScroll label={t(`content.locations.${location}`)}>
                    <table>
                      <thead>
                        <tr>
                          <th scope="col">{t("content.banners.order")}</th>
                          <th scope="col">{t("content.banners.altText")}</th>
                          <th scope="col">{t("content.schedule")}</th>
                          <th scope="col">{t("content.active")}</th>
                          <th scope="col">{t("content.actionsColumn")}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {rows.map((banner, index) => (
                          <tr key={banner.id}>
                            <td>{index + 1}</td>
                            <th scope="row">
                              <span lang="zh-HK">{banner.title.tc}</span>
                              <br />
                              <span lang="en">{banner.title.en}</span>
                            </th>
                            <td>{scheduleText(banner.starts_at, banner.ends_at, t)}</td>
                            <td>{banner.active ? t("app.yes") : t("app.no")}</td>
                            <RowActions
                              name={banner.title.en}
                              move={{
                                upLabel: t("content.banners.moveUp", { title: banner.title.en }),
                                downLabel: t("content.banners.moveDown", { title: banner.title.en }),
                                first: index === 0,
                                last: index === rows.length - 1,
                                pending: move.isPending,
                                onMove: (direction) =>
                                  void act(() => move.mutateAsync({ id: banner.id, direction })),
                              }}
                              onEdit={() => setEditing(banner)}
                              onDelete={() => setDeleting(banner)}
                            />
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </TableScroll>
                )}
              </section>
            );
          })
        : null}
      {deleting ? (
        <ConfirmDeleteDialog
          title={t("content.banners.deleteTitle")}
          text={t("content.banners.deleteText", { title: deleting.title.en })}
          pending={remove.isPending}
          onConfirm={() =>
            void act(async () => {
              await remove.mutateAsync(deleting.id);
              setDeleting(null);
            })
          }
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}

export function scheduleText(from: string | null, until: string | null, t: TFunction<Key>): string {
  if (from === null && until === null) return t("content.always");
  if (until === null) return t("content.from", { from: formatTime(from as string) });
  if (from === null) return t("content.until", { until: formatTime(until) });
  return t("content.between", { from: formatTime(from), until: formatTime(until) });
}
