import { useTranslation } from "react-i18next";
import type { ApiResult } from "../lib/api-client.ts";
import { serverErrorMessage } from "../lib/server-message.ts";
import { Button } from "./button.tsx";

/**
 * What a screen shows in place of content it is still fetching or failed to fetch: a
 * loading line, or the server's message with a retry button.
 */
export function FetchStatus({
  loading,
  failed,
  result,
  retryLabel,
  onRetry,
}: {
  loading: boolean;
  failed: boolean;
  /** The failed answer, when there was one (none when the request itself failed). */
  result: ApiResult<unknown> | undefined;
  retryLabel: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation("common");
  return (
    <>
      {loading && (
        <p className="muted" role="status">
          {t("common:loading")}
        </p>
      )}
      {failed && (
        <div role="alert">
          <p>{result ? serverErrorMessage(result) : t("common:serverError")}</p>
          <Button variant="secondary" onClick={onRetry}>
            {retryLabel}
          </Button>
        </div>
      )}
    </>
  );
}
