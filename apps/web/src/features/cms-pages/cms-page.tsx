import { ErrorCode } from "@hcoins/domain/codes";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { FetchStatus } from "../../components/fetch-status.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { codeOf } from "../../lib/api-client.ts";
import { paths } from "../../lib/paths.ts";
import { errorCodeOf } from "../../lib/server-message.ts";
import { type CmsPageAddress, fetchCmsPage, PRIVACY_POLICY } from "./fetch-cms-page.ts";
import { sanitizeContent } from "./sanitize-content.ts";

/** `pages/{location}/{url_slug}`: a merchant page. */
export function CmsPage() {
  const { location = "", slug = "" } = useParams();
  return <CmsContent address={{ location, slug }} />;
}

/** `pages/privacy-policy`: the privacy policy (location `general`), also opened from the registration consent. */
export function PrivacyPolicyPage() {
  return <CmsContent address={PRIVACY_POLICY} />;
}

function CmsContent({ address }: { address: CmsPageAddress }) {
  const { t, i18n } = useTranslation(["cmsPages", "common"]);
  const navigate = useNavigate();
  const page = useQuery({
    // Keyed by language: the CMS answers in the request's language.
    queryKey: ["cms-page", address.location, address.slug, i18n.language],
    queryFn: () => fetchCmsPage(address),
  });
  const result = page.data;
  const loaded = result && codeOf(result) === 200 ? result.payload : null;
  const html = useMemo(() => (loaded ? sanitizeContent(loaded.content ?? "") : ""), [loaded]);
  const notFound = result !== undefined && errorCodeOf(result) === ErrorCode.notFound;
  const failed = page.isError || (result !== undefined && !loaded && !notFound);

  // The layout names the tab after the route; a CMS page has its own title.
  useEffect(() => {
    if (loaded?.title) document.title = `${loaded.title} | ${t("common:appName")}`;
  }, [loaded?.title, t]);

  /** Links inside the content to this app stay in the router (no full reload). */
  const followInternalLink = (event: React.MouseEvent<HTMLDivElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const anchor = (event.target as Element).closest?.("a");
    if (!anchor || anchor.target || anchor.hasAttribute("download")) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(url.pathname + url.search + url.hash);
  };

  if (notFound) {
    return (
      <PageFrame title={t("notFoundTitle")}>
        <p>{t("notFoundText")}</p>
        <p>
          <Link to={paths.home}>{t("backHome")}</Link>
        </p>
      </PageFrame>
    );
  }

  return (
    <PageFrame title={loaded?.title}>
      <div className="card cms-card" aria-busy={page.isFetching || undefined}>
        {loaded && (
          // Sanitised above (sanitizeContent); the click handler only re-routes same-origin links.
          // biome-ignore lint/a11y/noStaticElementInteractions: links inside handle the keyboard themselves
          // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link fires this click
          <div
            className="cms-content"
            onClick={followInternalLink}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: CMS HTML, sanitised with DOMPurify
            dangerouslySetInnerHTML={{ __html: html }}
          />
        )}
        <FetchStatus
          loading={!loaded && !failed}
          failed={failed}
          result={result}
          retryLabel={t("retry")}
          onRetry={() => page.refetch()}
        />
      </div>
    </PageFrame>
  );
}
