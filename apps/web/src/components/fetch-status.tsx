import { errorMessage } from "../api/error-message.ts";
import { useTranslation } from "../lib/i18n.ts";
import { Button } from "./button.tsx";

/**
 * What a screen shows in place of content it is still fetching or failed to fetch: a
 * loading line, or what the failure means with a retry button.
 */
export function FetchStatus({
  loading,
  error,
  retryLabel,
  onRetry,
}: {
  loading: boolean;
  /** The query's failure, when it failed. */
  error: unknown;
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
      {error != null && (
        <div role="alert">
          <p>{errorMessage(error)}</p>
          <Button variant="secondary" onClick={onRetry}>
            {retryLabel}
          </Button>
        </div>
      )}
    </>
  );
}
