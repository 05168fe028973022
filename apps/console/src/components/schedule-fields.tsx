import { useTranslation } from "../lib/i18n.ts";
import { TextField } from "./localized-fields.tsx";

/** One end of a schedule: Hong Kong local time (lib/hong-kong-time.ts), its failed rule, its change. */
interface ScheduleEnd {
  value: string;
  rule: string | undefined;
  onChange: (value: string) => void;
}

/**
 * When something runs (from, until) in Hong Kong time: banners and pages (either end may be
 * empty, with their on/off switch), campaigns (both ends, their own labels, no switch: a campaign
 * is switched on by a second operator).
 */
export function ScheduleFields({
  from,
  until,
  labels,
  active,
  onActiveChange,
}: {
  from: ScheduleEnd;
  until: ScheduleEnd;
  labels?: { from: string; until: string };
  active?: boolean;
  onActiveChange?: (active: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField type="datetime-local" label={labels?.from ?? t("content.startsAt")} {...from} />
      <TextField type="datetime-local" label={labels?.until ?? t("content.endsAt")} {...until} />
      {onActiveChange ? (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={active ?? false}
            onChange={(event) => onActiveChange(event.target.checked)}
          />{" "}
          {t("content.active")}
        </label>
      ) : null}
    </>
  );
}
