import { useQuery } from "@tanstack/react-query";
import DOMPurify from "dompurify";
import { useMemo } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { cmsPageQuery, TERMS_AND_CONDITIONS } from "../../api/cms.ts";
import { errorMessage } from "../../api/error-message.ts";
import { Button } from "../../components/button.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { paths } from "../../lib/paths.ts";
import { queryClient } from "../../lib/query-client.ts";
import { waitForData } from "../../lib/wait-for-data.ts";
import { flowUrl } from "./flow-url.ts";

/** The route's loader: the terms are there when the page draws (unless the CMS is slow). */
export const loader = () => waitForData(queryClient.ensureQueryData(cmsPageQuery(TERMS_AND_CONDITIONS)));

/**
 * /register/terms: the CMS terms and conditions and an agree button, usable only once
 * the text has loaded (a member cannot agree to what they have not been shown).
 * With `update` (an existing app member) agreeing leads to the complete-profile form.
 */
export function Component() {
  const { t } = useTranslation(["register", "common"]);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const update = Boolean(search.get("update"));
  const terms = useQuery(cmsPageQuery(TERMS_AND_CONDITIONS));
  const loaded = terms.data ?? null;
  const html = useMemo(() => (loaded ? DOMPurify.sanitize(loaded.content) : ""), [loaded]);

  const agree = () => navigate(flowUrl(update ? paths.completeProfile : paths.registerForm, search));

  return (
    <PageFrame title={loaded?.title || t("register:titles.terms")}>
      <div className="card terms-card" aria-busy={terms.isFetching || undefined}>
        {loaded && (
          // Sanitised above with DOMPurify; the server sanitises too, this guards against a compromised CMS.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: CMS HTML, sanitised
          <div className="terms-content" dangerouslySetInnerHTML={{ __html: html }} />
        )}
        {terms.isPending && <p className="muted">{t("common:loading")}</p>}
        {terms.isError && (
          <div role="alert">
            <p>{errorMessage(terms.error)}</p>
            <Button variant="secondary" onClick={() => terms.refetch()}>
              {t("retry")}
            </Button>
          </div>
        )}
      </div>
      {/* Sticky at the bottom of the screen (styles.css): agreeing needs no scroll through the text. */}
      <div className="terms-actions">
        <Button className="button button-primary button-block" disabled={!loaded} onClick={agree}>
          {t("agree")}
        </Button>
      </div>
    </PageFrame>
  );
}
