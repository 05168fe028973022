import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import type { LoaderFunctionArgs } from "react-router";
import { errorMessage } from "../../api/error-message.ts";
import { STORE_PAGE_SIZE, storeFilterChoicesQuery, storesQuery } from "../../api/stores.ts";
import { Button } from "../../components/button.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { queryClient } from "../../lib/query-client.ts";
import { waitForData } from "../../lib/wait-for-data.ts";
import { StoreCard } from "./store-card.tsx";
import { StoreFiltersForm } from "./store-filters-form.tsx";
import { storeFiltersOf, useStoreFilters } from "./use-store-filters.ts";

/** The route's loader: the filter choices and the page of stores the address names. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  waitForData(
    queryClient.ensureQueryData(storeFilterChoicesQuery()),
    queryClient.ensureQueryData(storesQuery(storeFiltersOf(new URL(request.url).searchParams))),
  );

/** `/index` and `/store-list`: the stores, filtered by region, district and brand, a page at a time. */
export function Component() {
  const { t } = useTranslation(["stores", "common"]);
  const { filters, search, setRegion, setDistrict, setBrand, setPage, clear } = useStoreFilters();
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  const choicesQuery = useQuery(storeFilterChoicesQuery());
  const choices = choicesQuery.data ?? null;

  const stores = useQuery({
    ...storesQuery(filters),
    // The previous page stays on screen while the next loads: the list does not collapse and jump.
    placeholderData: keepPreviousData,
  });
  const list = stores.data ?? null;
  const failed = stores.isError;
  const pages = list ? Math.max(1, Math.ceil(list.total / (list.page_size || STORE_PAGE_SIZE))) : 1;
  const anyFilter = Boolean(filters.region || filters.brand);

  const goToPage = (page: number) => {
    setPage(page);
    // A new page starts at its top, and keyboard and screen-reader users start there too.
    resultsHeading.current?.focus();
    resultsHeading.current?.scrollIntoView?.({ block: "start" });
  };

  return (
    <PageFrame wide>
      <div className="stores">
        <h1 className="page-title">{t("stores:titles.stores")}</h1>
        <StoreFiltersForm
          choices={choices}
          filters={filters}
          onRegion={setRegion}
          onDistrict={setDistrict}
          onBrand={setBrand}
        />
        {choicesQuery.isError && !choices && (
          <p className="field-error" role="alert">
            {errorMessage(choicesQuery.error)}
          </p>
        )}
        <section
          className="store-results"
          aria-labelledby="store-results-heading"
          aria-busy={stores.isFetching || undefined}
        >
          <h2
            id="store-results-heading"
            className="store-results-heading"
            tabIndex={-1}
            ref={resultsHeading}
            aria-live="polite"
          >
            {list
              ? t("found", { count: list.total })
              : failed
                ? t("common:serverError")
                : t("common:loading")}
          </h2>
          {failed && (
            <div role="alert">
              <p>{errorMessage(stores.error)}</p>
              <Button variant="secondary" onClick={() => stores.refetch()}>
                {t("retry")}
              </Button>
            </div>
          )}
          {list && list.items.length === 0 && (
            <div className="store-empty">
              <p>{t("empty")}</p>
              {anyFilter && (
                <Button variant="secondary" onClick={clear}>
                  {t("clearFilters")}
                </Button>
              )}
            </div>
          )}
          {list && list.items.length > 0 && (
            <ul className="store-list">
              {list.items.map((store) => (
                <StoreCard key={store.id} store={store} listSearch={search} />
              ))}
            </ul>
          )}
          {list && pages > 1 && (
            <nav className="pagination" aria-label={t("pagination")}>
              <Button
                variant="secondary"
                disabled={filters.page <= 1}
                onClick={() => goToPage(filters.page - 1)}
              >
                {t("previous")}
              </Button>
              {/* The page shown, not the one asked for: while the next page loads, the old one stays. */}
              <span className="pagination-status">
                {t("pageOf", { page: list.page || filters.page, pages })}
              </span>
              <Button
                variant="secondary"
                disabled={filters.page >= pages}
                onClick={() => goToPage(filters.page + 1)}
              >
                {t("next")}
              </Button>
            </nav>
          )}
        </section>
      </div>
    </PageFrame>
  );
}
