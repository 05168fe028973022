import type { UseQueryResult } from "@tanstack/react-query";
import { errorMessage } from "../api/error-message.ts";
import { useTranslation } from "../lib/i18n.ts";

/** A query's loading line or its failure with a retry; nothing once it has its data. */
export function QueryState({
  query,
}: {
  query: Pick<UseQueryResult, "isPending" | "isError" | "error" | "refetch">;
}) {
  const { t } = useTranslation();
  if (query.isError)
    return (
      <div className="alert" role="alert">
        <p>{errorMessage(query.error, t)}</p>
        <button type="button" className="button secondary" onClick={() => void query.refetch()}>
          {t("app.retry")}
        </button>
      </div>
    );
  if (query.isPending) return <p role="status">{t("app.loading")}</p>;
  return null;
}
