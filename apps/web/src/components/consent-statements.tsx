import { useTranslation } from "../lib/i18n.ts";

/**
 * The two statements of direct-marketing consent (Hong Kong's PDPO, Part 6A): the opt-out
 * statement and the direct-marketing agreement. Shown under every set of contact boxes, so that a
 * ticked box is consent given under them. The server records each change of a box with
 * CONSENT_STATEMENT_VERSION (packages/domain/src/marketing-consent.ts), the version of these texts.
 */
export function ConsentStatements({ id }: { id?: string }) {
  const { t } = useTranslation("common");
  return (
    <div id={id} className="consent-statements">
      <p>{t("consent.optOut")}</p>
      <p>{t("consent.directMarketing")}</p>
    </div>
  );
}
