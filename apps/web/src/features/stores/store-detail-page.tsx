import type { Store } from "@hcoins/domain/api/stores";
import { ErrorCode } from "@hcoins/domain/codes";
import { useQuery } from "@tanstack/react-query";
import { Link, type LoaderFunctionArgs, useLocation, useParams } from "react-router";
import { contractQuery } from "../../api/contract-query.ts";
import { errorCodeOf } from "../../api/error-message.ts";
import { mediaUrl } from "../../api/media.ts";
import { FetchStatus } from "../../components/fetch-status.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { paths } from "../../lib/paths.ts";
import { queryClient } from "../../lib/query-client.ts";
import { waitForData } from "../../lib/wait-for-data.ts";
import { STORE_IMAGE } from "./store-card.tsx";

/** The route's loader: the store is there when the page draws (unless the call is slow). */
export const loader = ({ params }: LoaderFunctionArgs) =>
  waitForData(queryClient.ensureQueryData(contractQuery("store", { params: { id: params.id ?? "" } })));

/** `store-list/detail/{id}`: address, business hours, introduction and picture of one store. */
export function Component() {
  const { t } = useTranslation(["stores", "common"]);
  const { id = "" } = useParams();
  const location = useLocation();
  const listSearch = (location.state as { listSearch?: unknown } | null)?.listSearch;
  // Back to the list the member came from (its filters and page), else the whole list.
  const backTo = `${paths.storeList}${typeof listSearch === "string" && listSearch ? `?${listSearch}` : ""}`;

  const query = useQuery(contractQuery("store", { params: { id } }));
  const store = query.data;
  const notFound = errorCodeOf(query.error) === ErrorCode.notFound;

  const back = (
    <p className="store-back">
      <Link to={backTo}>
        <span aria-hidden="true">‹ </span>
        {t("backToList")}
      </Link>
    </p>
  );

  if (notFound) {
    return (
      <PageFrame title={t("notFoundTitle")}>
        <p>{t("notFoundText")}</p>
        {back}
      </PageFrame>
    );
  }
  return (
    <PageFrame title={store?.name}>
      {back}
      {store && <StoreDetails store={store} />}
      <FetchStatus
        loading={query.isPending}
        error={query.error}
        retryLabel={t("retry")}
        onRetry={() => query.refetch()}
      />
    </PageFrame>
  );
}

function StoreDetails({ store }: { store: Store }) {
  const { t } = useTranslation("stores");
  const paragraphs = store.introduction.split(/\n\s*\n/).filter((paragraph) => paragraph.trim());
  return (
    <article className="card store-detail">
      {store.image_media_token && (
        <img
          className="store-detail-image"
          src={mediaUrl(store.image_media_token)}
          width={STORE_IMAGE.width}
          height={STORE_IMAGE.height}
          alt={t("imageAlt", { name: store.name })}
          fetchPriority="high"
        />
      )}
      <p className="store-detail-brand">{store.brand.name}</p>
      {store.partner_property && <p className="store-tag">{t("partnerProperty")}</p>}
      <dl className="store-facts">
        <div>
          <dt>{t("address")}</dt>
          <dd>
            {store.address}
            <br />
            <span className="muted">
              {t("place", { district: store.district.name, region: store.region.name })}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t("businessHours")}</dt>
          <dd>{store.business_hours}</dd>
        </div>
        {store.phone && (
          <div>
            <dt>{t("phone")}</dt>
            <dd>
              <a href={`tel:${store.phone.replace(/[^\d+]/g, "")}`}>{store.phone}</a>
            </dd>
          </div>
        )}
      </dl>
      {paragraphs.length > 0 && (
        <>
          <h2 className="store-detail-subtitle">{t("introduction")}</h2>
          {paragraphs.map((paragraph) => (
            <p key={paragraph} className="store-detail-text">
              {paragraph}
            </p>
          ))}
        </>
      )}
    </article>
  );
}
