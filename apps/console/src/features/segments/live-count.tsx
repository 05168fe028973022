import type { SegmentCondition } from "@hcoins/domain/segment-rules";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { errorMessage } from "../../api/error-message.ts";
import { segmentCountQuery } from "../../api/segments.ts";
import { formatNumber } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";

/** How long the conditions must rest before they are counted: typing "365" counts once, not three times. */
const SETTLE_MS = 400;

/**
 * How many members meet the conditions now, counted by the coin scheme as the operator edits
 * them (the same where-clause a campaign's till uses). Incomplete conditions are not counted;
 * the last count stays, marked as counting, while the next is asked.
 */
export function LiveCount({ conditions }: { conditions: SegmentCondition[] | null }) {
  const { t } = useTranslation();
  const [settled, setSettled] = useState(conditions);
  const key = JSON.stringify(conditions);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the conditions are a new array each render; their text says when they changed.
  useEffect(() => {
    const timer = setTimeout(() => setSettled(conditions), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [key]);
  const count = useQuery({
    ...segmentCountQuery(settled ?? []),
    enabled: settled !== null,
    placeholderData: keepPreviousData,
  });
  const waiting = conditions !== null && (JSON.stringify(settled) !== key || count.isFetching);

  return (
    <p className="live-count" role="status" aria-live="polite">
      {conditions === null
        ? t("segments.countIncomplete")
        : count.isError
          ? errorMessage(count.error, t)
          : count.data === undefined
            ? t("segments.counting")
            : t("segments.count", { count: count.data, formatted: formatNumber(count.data) })}
      {waiting && count.data !== undefined ? ` ${t("segments.counting")}` : null}
    </p>
  );
}
