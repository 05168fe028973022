import { useQuery } from "@tanstack/react-query";
import { segmentsQuery } from "../../api/segments.ts";
import { FieldFrame } from "../../components/field-frame.tsx";
import { formatNumber } from "../../lib/format.ts";
import { currentLanguage, useTranslation } from "../../lib/i18n.ts";
import { ruleText } from "../../lib/rule-text.ts";

/**
 * Who may see and redeem the reward: every member, or one segment's members alone (each named
 * with how many are in it now). A segment since deleted stays chosen, by number, until changed.
 */
export function SegmentChoice({
  value,
  rule,
  onChange,
}: {
  value: number | null;
  rule: string | undefined;
  onChange: (segmentId: number | null) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const segments = useQuery(segmentsQuery());
  const known = segments.data ?? [];
  return (
    <FieldFrame
      label={t("programme.reward.segment")}
      hint={t("programme.reward.segmentHint")}
      error={rule ? ruleText(t, rule) : undefined}
      control={(tie) => (
        <select
          {...tie}
          value={value ?? ""}
          onChange={(event) => onChange(event.target.value === "" ? null : Number(event.target.value))}
        >
          <option value="">{t("programme.reward.everyone")}</option>
          {known.map((segment) => (
            <option key={segment.id} value={segment.id}>
              {t("campaigns.segmentOption", {
                name: segment.name[language],
                count: segment.members,
                formatted: formatNumber(segment.members),
              })}
            </option>
          ))}
          {value !== null && segments.data && !known.some((segment) => segment.id === value) ? (
            <option value={value}>{t("programme.reward.segmentGone", { id: value })}</option>
          ) : null}
        </select>
      )}
    />
  );
}
