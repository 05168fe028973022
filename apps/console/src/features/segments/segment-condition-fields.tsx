import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { tiersQuery } from "../../api/programme.ts";
import { brandsQuery } from "../../api/stores.ts";
import { Checklist } from "../../components/checklist.tsx";
import { ConditionList } from "../../components/condition-list.tsx";
import { Field } from "../../components/field.tsx";
import { currentLanguage, type Key, useTranslation } from "../../lib/i18n.ts";
import { ruleText } from "../../lib/rule-text.ts";
import {
  newSegmentCondition,
  SEGMENT_FACTS,
  type SegmentConditionDraft,
  type SegmentRules,
} from "./segment-draft.ts";

type Change = (condition: SegmentConditionDraft) => void;
type Rule = (key: string) => string | undefined;

const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

/** A chosen list's rule: "required" in the condition's own words, any other in the shared ones. */
const listError = (
  t: ReturnType<typeof useTranslation>["t"],
  broken: string | undefined,
  required: string,
) => (broken === "required" ? required : broken ? ruleText(t, broken) : null);

function DaysField({
  condition,
  onChange,
  rule,
}: {
  condition: { days: string };
  onChange: (days: string) => void;
  rule: Rule;
}) {
  const { t } = useTranslation();
  return (
    <Field
      inputMode="numeric"
      label={t("segments.days")}
      hint={t("segments.daysHint")}
      value={condition.days}
      error={rule("days")}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** The inputs of one condition, by its fact; `rule(key)` is the first rule its field `key` broke. */
function ConditionInputs({
  condition,
  onChange,
  rule,
}: {
  condition: SegmentConditionDraft;
  onChange: Change;
  rule: Rule;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const tiers = useQuery({ ...tiersQuery(), enabled: condition.fact === "tier" });
  const brands = useQuery({ ...brandsQuery, enabled: condition.fact === "brands_bought" });
  const name = useId();
  switch (condition.fact) {
    case "purchased_within":
      return (
        <>
          <DaysField
            condition={condition}
            rule={rule}
            onChange={(days) => onChange({ ...condition, days })}
          />
          <fieldset className="inline-choice">
            <legend>{t("segments.purchasedQuestion")}</legend>
            {[true, false].map((is) => (
              <label key={String(is)} className="checkbox">
                <input
                  type="radio"
                  name={name}
                  checked={condition.is === is}
                  onChange={() => onChange({ ...condition, is })}
                />{" "}
                {is ? t("segments.purchasedYes") : t("segments.purchasedNo")}
              </label>
            ))}
          </fieldset>
        </>
      );
    case "spend":
      return (
        <>
          <DaysField
            condition={condition}
            rule={rule}
            onChange={(days) => onChange({ ...condition, days })}
          />
          <Field
            inputMode="decimal"
            label={t("campaigns.atLeast")}
            value={condition.at_least}
            error={rule("at_least")}
            onChange={(event) => onChange({ ...condition, at_least: event.target.value })}
          />
          <Field
            inputMode="decimal"
            label={t("campaigns.below")}
            hint={t("segments.spendHint")}
            value={condition.below}
            error={rule("below")}
            onChange={(event) => onChange({ ...condition, below: event.target.value })}
          />
        </>
      );
    case "brands_bought":
      return (
        <>
          <Checklist
            legend={t("segments.facts.brands_bought")}
            hint={t("segments.brandsHint")}
            empty={t("campaigns.noBrands")}
            options={(brands.data ?? []).map((brand) => ({ value: brand.code, label: brand.name[language] }))}
            chosen={condition.in}
            onChange={(codes) => onChange({ ...condition, in: codes })}
            error={listError(t, rule("in"), t("campaigns.brandsRequired"))}
          />
          <DaysField
            condition={condition}
            rule={rule}
            onChange={(days) => onChange({ ...condition, days })}
          />
        </>
      );
    case "tier":
      return (
        <Checklist
          legend={t("segments.facts.tier")}
          hint={t("campaigns.tierHint")}
          empty={t("campaigns.noTiers")}
          options={(tiers.data?.tiers ?? []).map((tier) => ({ value: tier.id, label: tier.name[language] }))}
          chosen={condition.in}
          onChange={(ids) => onChange({ ...condition, in: ids })}
          error={listError(t, rule("in"), t("campaigns.tiersRequired"))}
        />
      );
    case "joined":
      return (
        <>
          <Field
            type="date"
            label={t("segments.joinedFrom")}
            value={condition.on_or_after}
            error={rule("on_or_after")}
            onChange={(event) => onChange({ ...condition, on_or_after: event.target.value })}
          />
          <Field
            type="date"
            label={t("segments.joinedBefore")}
            hint={t("segments.joinedHint")}
            value={condition.before}
            error={rule("before")}
            onChange={(event) => onChange({ ...condition, before: event.target.value })}
          />
        </>
      );
    case "birth_month":
      return (
        <Checklist
          legend={t("segments.facts.birth_month")}
          hint={t("segments.monthsHint")}
          options={MONTHS.map((month) => ({ value: month, label: t(`segments.months.${month}` as Key) }))}
          chosen={condition.in}
          onChange={(months) => onChange({ ...condition, in: [...months].sort((a, b) => a - b) })}
          error={listError(t, rule("in"), t("segments.monthsRequired"))}
        />
      );
  }
}

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
        <ConditionInputs condition={condition} onChange={change} rule={rule} />
      )}
    />
  );
}
