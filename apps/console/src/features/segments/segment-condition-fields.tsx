import { ConditionList } from "../../components/condition-list.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import type { SegmentRules } from "./segment-draft.ts";
import {
  newSegmentCondition,
  SEGMENT_FACTS,
  type SegmentConditionDraft,
  SegmentConditionInputs,
} from "./segment-facts.tsx";

/** The segment's conditions, all of which must hold (components/condition-list.tsx). */
export function SegmentConditionFields({
  conditions,
  onChange,
  rules,
}: {
  conditions: SegmentConditionDraft[];
  onChange: (conditions: SegmentConditionDraft[]) => void;
  rules: SegmentRules;
}) {
  const { t } = useTranslation();
  return (
    <ConditionList
      facts={SEGMENT_FACTS}
      conditions={conditions}
      onChange={onChange}
      rules={rules}
      hint={t("segments.conditionsHint")}
      none={t("segments.noConditions")}
      label={(fact) => t(`segments.facts.${fact}`)}
      newCondition={newSegmentCondition}
      inputs={(condition, change, rule) => (
        <SegmentConditionInputs condition={condition} onChange={change} rule={rule} />
      )}
    />
  );
}
