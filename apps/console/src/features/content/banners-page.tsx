import { BANNER_LOCATIONS, type ConsoleBanner } from "@hcoins/domain/api/console-content";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { bannersQuery, useBannerChanges } from "../../api/content.ts";
import { errorMessage } from "../../api/error-message.ts";
import { Dialog } from "../../components/dialog.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { TableScroll } from "../../components/table-scroll.tsx";
import { formatTime } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { BannerForm } from "./banner-form.tsx";

/** `content/banners`: the banners of each location in display order; add, edit, reorder, delete. */
export function BannersPage() {
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
                            <td className="row-actions">
                              <button
                                type="button"
                                className="button secondary"
                                disabled={index === 0 || move.isPending}
                                aria-label={t("content.banners.moveUp", { title: banner.title.en })}
                                onClick={() =>
                                  void act(() => move.mutateAsync({ id: banner.id, direction: "up" }))
                                }
                              >
                                {t("content.up")}
                              </button>
                              <button
                                type="button"
                                className="button secondary"
                                disabled={index === rows.length - 1 || move.isPending}
                                aria-label={t("content.banners.moveDown", { title: banner.title.en })}
                                onClick={() =>
                                  void act(() => move.mutateAsync({ id: banner.id, direction: "down" }))
                                }
                              >
                                {t("content.down")}
                              </button>
                              <button
                                type="button"
                                className="button secondary"
                                aria-label={t("content.editNamed", { title: banner.title.en })}
                                onClick={() => setEditing(banner)}
                              >
                                {t("content.edit")}
                              </button>
                              <button
                                type="button"
                                className="button danger"
                                aria-label={t("content.deleteNamed", { title: banner.title.en })}
                                onClick={() => setDeleting(banner)}
                              >
                                {t("content.delete")}
                              </button>
                            </td>
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
        <Dialog title={t("content.banners.deleteTitle")} onClose={() => setDeleting(null)}>
          <p>{t("content.banners.deleteText", { title: deleting.title.en })}</p>
          <div className="actions">
            <button
              type="button"
              className="button danger"
              onClick={() =>
                void act(async () => {
                  await remove.mutateAsync(deleting.id);
                  setDeleting(null);
                })
              }
            >
              {t("content.confirmDelete")}
            </button>
            <button type="button" className="button secondary" onClick={() => setDeleting(null)}>
              {t("content.cancel")}
            </button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}

export function scheduleText(
  from: string | null,
  until: string | null,
  t: (key: string, options?: Record<string, string>) => string,
): string {
  if (from === null && until === null) return t("content.always");
  if (until === null) return t("content.from", { from: formatTime(from as string) });
  if (from === null) return t("content.until", { until: formatTime(until) });
  return t("content.between", { from: formatTime(from), until: formatTime(until) });
}
