import type { Banner } from "@hcoins/domain/api/cms";
import { useEffect, useId, useReducer, useRef } from "react";
import { Link } from "react-router";
import { askBanners, keptBanners, WELCOME_BANNERS } from "../../api/banners.ts";
import { mediaUrl } from "../../api/media.ts";
import { useTranslation } from "../../lib/i18n.ts";

/**
 * The CMS banners of the welcome page, the page's largest element. Its box has the
 * banner's aspect ratio from the first paint (placeholder, image, or the drawn
 * fallback when there is no banner), so nothing below it moves while it loads.
 * Phones get the mobile image (750 × 560), 768 px and wider the desktop one (1920 × 600).
 *
 * A banner's words are its title, written over the image as text in the visitor's language (the
 * CMS answers the title in the request's language); the image carries none, so it is decorative
 * (alt="") and a screen reader hears the title once, as the link's name
 * (docs/decisions/156-banners-carry-no-words-the-page-writes-the-banners-title.md).
 */
export const DESKTOP_MEDIA = "(min-width: 768px)";

/** The kept banners (the route's loader asked for them), asked for again when stale or in a new language. */
function useBanners(): Banner[] | null | undefined {
  const { i18n } = useTranslation("welcome");
  const [, answered] = useReducer((count: number) => count + 1, 0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a language switch asks again
  useEffect(() => {
    let shown = true;
    void askBanners(WELCOME_BANNERS).then(() => shown && answered());
    return () => {
      shown = false;
    };
  }, [i18n.language]);
  return keptBanners(WELCOME_BANNERS);
}

export function WelcomeBanners() {
  const { t } = useTranslation("welcome");
  const banners = useBanners();
  if (banners === undefined) {
    return <div className="welcome-banner welcome-banner-placeholder" aria-hidden="true" />;
  }
  // The server lists active banners only; the check stays in case another CMS answers with every banner.
  const list = (banners ?? []).filter(
    (banner) =>
      banner.status === "active" && (banner.image_mobile_media_token || banner.image_desktop_media_token),
  );
  if (list.length === 0) {
    // No banner (or the CMS failed): the page still opens with its own picture, same size.
    return (
      <div className="welcome-banner welcome-banner-fallback" aria-hidden="true">
        <span className="welcome-banner-fallback-mark">H Coins</span>
        <span>{t("fallbackTagline")}</span>
      </div>
    );
  }
  return <BannerCarousel banners={list} />;
}

function BannerCarousel({ banners }: { banners: Banner[] }) {
  const { t } = useTranslation("welcome");
  const listRef = useRef<HTMLUListElement>(null);
  const listId = useId();
  const scroll = (direction: 1 | -1) => {
    const list = listRef.current;
    if (list) list.scrollBy({ left: direction * list.clientWidth, behavior: "smooth" });
  };
  return (
    <section className="welcome-banners" aria-label={t("bannersLabel")}>
      <ul className="welcome-banner-list" id={listId} ref={listRef}>
        {banners.map((banner, index) => (
          <li key={banner.id} className="welcome-banner">
            <BannerLink banner={banner}>
              <BannerPicture banner={banner} first={index === 0} />
              {banner.title && <span className="welcome-banner-title">{banner.title}</span>}
            </BannerLink>
          </li>
        ))}
      </ul>
      {banners.length > 1 && (
        <div className="welcome-banner-controls">
          <button
            type="button"
            aria-controls={listId}
            aria-label={t("previousBanner")}
            onClick={() => scroll(-1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" aria-controls={listId} aria-label={t("nextBanner")} onClick={() => scroll(1)}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </section>
  );
}

function BannerPicture({ banner, first }: { banner: Banner; first: boolean }) {
  // An empty token is no image: each falls back to the other.
  const mobile = banner.image_mobile_media_token || banner.image_desktop_media_token;
  const desktop = banner.image_desktop_media_token || mobile;
  return (
    <picture>
      <source media={DESKTOP_MEDIA} srcSet={mediaUrl(desktop)} width={1920} height={600} />
      <img
        src={mediaUrl(mobile)}
        width={750}
        height={560}
        // The title is real text beside it: the picture adds nothing a screen reader should hear.
        alt=""
        // The first banner is the largest paint of the page: fetch it first; the others can wait.
        fetchPriority={first ? "high" : "low"}
        loading={first ? "eager" : "lazy"}
        decoding={first ? "sync" : "async"}
      />
    </picture>
  );
}

/** Same-origin paths stay in the router; http(s) addresses are followed; anything else is not a link. */
function BannerLink({ banner, children }: { banner: Banner; children: React.ReactNode }) {
  const target = banner.link_url;
  if (target.startsWith("/") && !target.startsWith("//")) return <Link to={target}>{children}</Link>;
  if (/^https?:\/\//i.test(target)) return <a href={target}>{children}</a>;
  return <>{children}</>;
}
