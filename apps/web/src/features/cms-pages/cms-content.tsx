import { ErrorCode } from "@hcoins/domain/codes";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { Link, useNavigate } from "react-router";
import { type CmsPageAddress, cmsPageQuery } from "../../api/cms.ts";
import { errorCodeOf } from "../../api/error-message.ts";
import { FetchStatus } from "../../components/fetch-status.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { paths } from "../../lib/paths.ts";
import { queryClient } from "../../lib/query-client.ts";
import { waitForData } from "../../lib/wait-for-data.ts";
import { sanitizeContent } from "./sanitize-content.ts";

/** A CMS page's loader: the page is there when it draws (unless the CMS is slow). */
export const loadCmsPage = (address: CmsPageAddress) =>
  waitForData(queryClient.ensureQueryData(cmsPageQuery(address)));

/** A CMS page (cms-page.tsx, privacy-policy-page.tsx): its title, its sanitised content, or why not. */
export function CmsContent({ address }: { address: CmsPageAddress }) {
  const { t } = useTranslation(["cmsPages", "common"]);
  const navigate = useNavigate();
  const page = useQuery(cmsPageQuery(address));
  const loaded = page.data ?? null;
  const html = useMemo(() => (loaded ? sanitizeContent(loaded.content) : ""), [loaded]);
  const notFound = errorCodeOf(page.error) === ErrorCode.notFound;

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
          loading={page.isPending}
          error={page.error}
          retryLabel={t("retry")}
          onRetry={() => page.refetch()}
        />
      </div>
    </PageFrame>
  );
}
