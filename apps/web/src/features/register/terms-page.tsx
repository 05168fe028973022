import { useQuery } from "@tanstack/react-query";
import DOMPurify from "dompurify";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { Button } from "../../components/button.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { codeOf } from "../../lib/api-client.ts";
import { paths } from "../../lib/paths.ts";
import { serverErrorMessage } from "../../lib/server-message.ts";
import { fetchTerms } from "./fetch-terms.ts";
import { flowUrl } from "./flow-url.ts";

/**
 * /register/terms: the CMS terms and conditions and an agree button, usable only once
 * the text has loaded (a member cannot agree to what they have not been shown).
 * With `update` (an existing app member) agreeing leads to the complete-profile form.
 */
export function TermsPage() {
  const { t, i18n } = useTranslation(["register", "common"]);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const update = Boolean(search.get("update"));
  const terms = useQuery({
    // Keyed by language: the CMS answers in the request's language.
    queryKey: ["cms-page", "terms-and-conditions", i18n.language],
    queryFn: fetchTerms,
  });
  const loaded = terms.data !== undefined && codeOf(terms.data) === 200 ? terms.data.payload : null;
  const html = useMemo(() => (loaded ? DOMPurify.sanitize(loaded.content ?? "") : ""), [loaded]);
  const failed = terms.isError || (terms.data !== undefined && loaded === null);

  const agree = () => navigate(flowUrl(update ? paths.completeProfile : paths.registerForm, search));

  return (
    <PageFrame title={loaded?.title || t("common:titles.terms")}>
      <div className="card terms-card" aria-busy={terms.isFetching || undefined}>
        {loaded && (
          // Sanitised above with DOMPurify; the server sanitises too, this guards against a compromised CMS.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: CMS HTML, sanitised
          <div className="terms-content" dangerouslySetInnerHTML={{ __html: html }} />
        )}
        {!loaded && !failed && <p className="muted">{t("common:loading")}</p>}
        {failed && (
          <div role="alert">
            <p>{terms.data ? serverErrorMessage(terms.data) : t("common:serverError")}</p>
            <Button variant="secondary" onClick={() => terms.refetch()}>
              {t("retry")}
            </Button>
          </div>
        )}
      </div>
      <div className="actions">
        <Button className="button button-primary button-block" disabled={!loaded} onClick={agree}>
          {t("agree")}
        </Button>
      </div>
    </PageFrame>
  );
}
