import type { Store } from "@hcoins/domain/api/stores";
import { Link } from "react-router";
import { mediaUrl } from "../../api/media.ts";
import { BrandLogo } from "../../components/brand-logo.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { paths } from "../../lib/paths.ts";

/** The store pictures are 4:3 (800 × 600); width and height keep their box from the first paint. */
export const STORE_IMAGE = { width: 800, height: 600 } as const;

/** One store in the list; its name links to the detail, which can lead back to this very list. */
export function StoreCard({ store, listSearch }: { store: Store; listSearch: string }) {
  const { t } = useTranslation("stores");
  return (
    <li className="card store-card">
      {store.image_media_token ? (
        <img
          className="store-card-image"
          src={mediaUrl(store.image_media_token)}
          width={STORE_IMAGE.width}
          height={STORE_IMAGE.height}
          alt=""
          loading="lazy"
          decoding="async"
        />
      ) : (
        <div className="store-card-image store-image-missing" aria-hidden="true" />
      )}
      <div className="store-card-body">
        <h3 className="store-card-name">
          <Link to={paths.storeDetail(store.id)} state={{ listSearch }}>
            {store.name}
          </Link>
        </h3>
        <p className="store-card-meta">
          <BrandLogo name={store.brand.name} token={store.brand.logo_media_token} size={24} />
          <span>
            {store.brand.name} · {store.district.name}
          </span>
        </p>
        <p className="store-card-address">{store.address}</p>
        <p className="store-card-hours">
          <span className="visually-hidden">{t("businessHours")}: </span>
          {store.business_hours}
        </p>
        {store.partner_property && <p className="store-tag">{t("partnerProperty")}</p>}
      </div>
    </li>
  );
}
