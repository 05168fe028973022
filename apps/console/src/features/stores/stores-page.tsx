import {
  CONSOLE_STORE_PAGE_SIZE,
  type ConsoleStore,
  STORE_STATUSES,
  type StoreListQuery,
} from "@hcoins/domain/api/console-stores";
import { findDistrict, findRegion, REGIONS } from "@hcoins/domain/profile-options";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { errorMessage } from "../../api/error-message.ts";
import { brandsQuery, storeListQuery, useStoreStatus } from "../../api/stores.ts";
import { FormAlert } from "../../components/form-alert.tsx";
import { Pager, pageCount } from "../../components/pager.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { TableScroll } from "../../components/table-scroll.tsx";
import { currentLanguage, useTranslation } from "../../lib/i18n.ts";
import { useCanEditContent } from "./can-edit.ts";

interface Filters {
  q: string;
  brand: string;
  region: string;
  status: string;
}

const NO_FILTERS: Filters = { q: "", brand: "", region: "", status: "" };

const queryOf = (filters: Filters, page: number): StoreListQuery => ({
  ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
  ...(filters.brand ? { brand: Number(filters.brand) } : {}),
  ...(filters.region ? { region: filters.region } : {}),
  ...(filters.status ? { status: filters.status as ConsoleStore["status"] } : {}),
  page,
});

/** `stores`: every store (CSV imports add them) by text, brand, region and status; show or hide each. */
export function Component() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const canEdit = useCanEditContent();
  const brands = useQuery(brandsQuery);
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const stores = useQuery(storeListQuery(queryOf(filters, page)));
  const setStatus = useStoreStatus();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const ids = { q: useId(), brand: useId(), region: useId(), status: useId() };
  const pages = stores.data ? pageCount(stores.data.total, CONSOLE_STORE_PAGE_SIZE) : 1;
  const set = (change: Partial<Filters>) => setDraft((current) => ({ ...current, ...change }));

  const toggle = async (store: ConsoleStore) => {
    setFailure(null);
    setDone(null);
    try {
      const after = await setStatus.mutateAsync({
        id: store.id,
        status: store.status === "active" ? "inactive" : "active",
      });
      setDone(
        t(after.status === "active" ? "stores.list.shownDone" : "stores.list.hiddenDone", {
          code: after.code,
        }),
      );
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  };

  return (
    <section>
      <h1>{t("stores.list.title")}</h1>
      <p>{t("stores.list.intro")}</p>
      <form
        className="filters"
        aria-label={t("stores.list.filters")}
        onSubmit={(event) => {
          event.preventDefault();
          setFilters(draft);
          setPage(1);
        }}
      >
        <div className="field">
          <label htmlFor={ids.q}>{t("stores.list.search")}</label>
          <input
            id={ids.q}
            type="search"
            value={draft.q}
            onChange={(event) => set({ q: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.brand}>{t("stores.list.brand")}</label>
          <select id={ids.brand} value={draft.brand} onChange={(event) => set({ brand: event.target.value })}>
            <option value="">{t("stores.list.any")}</option>
            {brands.data?.map((brand) => (
              <option key={brand.id} value={String(brand.id)}>
                {brand.name[language] || brand.name.en}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.region}>{t("stores.list.region")}</label>
          <select
            id={ids.region}
            value={draft.region}
            onChange={(event) => set({ region: event.target.value })}
          >
            <option value="">{t("stores.list.any")}</option>
            {REGIONS.map((region) => (
              <option key={region.code} value={region.code}>
                {region.name[language]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.status}>{t("stores.list.status")}</label>
          <select
            id={ids.status}
            value={draft.status}
            onChange={(event) => set({ status: event.target.value })}
          >
            <option value="">{t("stores.list.any")}</option>
            {STORE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`stores.list.statuses.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="filter-actions">
          <button type="submit" className="button">
            {t("stores.list.apply")}
          </button>
        </div>
      </form>
      {done ? <p role="status">{done}</p> : null}
      <FormAlert message={failure} />
      <QueryState query={stores} />
      {stores.data ? (
        <>
          <p role="status">{t("stores.list.found", { count: stores.data.total })}</p>
          {stores.data.stores.length > 0 ? (
            <TableScroll label={t("stores.list.title")}>
              <table>
                <thead>
                  <tr>
                    <th scope="col">{t("stores.list.code")}</th>
                    <th scope="col">{t("stores.list.name")}</th>
                    <th scope="col">{t("stores.list.brand")}</th>
                    <th scope="col">{t("stores.list.place")}</th>
                    <th scope="col">{t("stores.list.status")}</th>
                    {canEdit ? <th scope="col">{t("content.actionsColumn")}</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {stores.data.stores.map((store) => (
                    <tr key={store.id}>
                      <td>{store.code}</td>
                      <th scope="row">{store.name[language] || store.name.en}</th>
                      <td>{store.brand.name[language] || store.brand.name.en}</td>
                      <td>
                        {[
                          findRegion(store.region)?.name[language],
                          findDistrict(store.district)?.name[language],
                        ]
                          .filter(Boolean)
                          .join(" · ")}
                      </td>
                      <td>{t(`stores.list.statuses.${store.status}`)}</td>
                      {canEdit ? (
                        <td>
                          <button
                            type="button"
                            className="button secondary"
                            disabled={setStatus.isPending}
                            onClick={() => void toggle(store)}
                          >
                            {t(store.status === "active" ? "stores.list.hide" : "stores.list.show", {
                              code: store.code,
                            })}
                          </button>
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          ) : null}
          <Pager page={page} pages={pages} onPage={setPage} label={t("stores.list.pages")} />
        </>
      ) : null}
    </section>
  );
}
