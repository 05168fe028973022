import { useTranslation } from "../lib/i18n.ts";
import { TextField } from "./localized-fields.tsx";

/** One end of a schedule: Hong Kong local time (lib/hong-kong-time.ts), its failed rule, its change. */
interface ScheduleEnd {
  value: string;
  rule: string | undefined;
  onChange: (value: string) => void;
}

/** When content shows (from, until; either may be empty) and whether it is on: banners and pages. */
export function ScheduleFields({
  from,
  until,
  active,
  onActiveChange,
}: {
  from: ScheduleEnd;
  until: ScheduleEnd;
  active: boolean;
  onActiveChange: (active: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField type="datetime-local" label={t("content.startsAt")} {...from} />
      <TextField type="datetime-local" label={t("content.endsAt")} {...until} />
      <label className="checkbox">
        <input type="checkbox" checked={active} onChange={(event) => onActiveChange(event.target.checked)} />{" "}
        {t("content.active")}
      </label>
    </>
  );
}
