import { WEEKDAYS } from "@hcoins/domain/campaign-rules";
import { useQuery } from "@tanstack/react-query";
import { tiersQuery } from "../../api/programme.ts";
import { segmentsQuery } from "../../api/segments.ts";
import { brandsQuery } from "../../api/stores.ts";
import { BoundFields } from "../../components/bound-fields.tsx";
import { Checklist } from "../../components/checklist.tsx";
import { ConditionList } from "../../components/condition-list.tsx";
import { RadioChoice } from "../../components/radio-choice.tsx";
import { StoreChoice, useStoreOptions } from "../../components/store-choice.tsx";
import { formatNumber } from "../../lib/format.ts";
import { currentLanguage, useTranslation } from "../../lib/i18n.ts";
import { ruleText } from "../../lib/rule-text.ts";
import { type ConditionDraft, type DraftRules, FACTS, newCondition } from "./campaign-draft.ts";

type Change = (condition: ConditionDraft) => void;

/** The inputs of one condition, by its fact; `rule(key)` is the first rule its field `key` broke. */
function ConditionInputs({
  condition,
  onChange,
  rule,
}: {
  condition: ConditionDraft;
  onChange: Change;
  rule: (key: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { options } = useStoreOptions(condition.fact === "store" ? condition.in : []);
  const tiers = useQuery({ ...tiersQuery(), enabled: condition.fact === "tier" });
  const brands = useQuery({ ...brandsQuery, enabled: condition.fact === "brand" });
  const segments = useQuery({ ...segmentsQuery(), enabled: condition.fact === "segment" });
  switch (condition.fact) {
    case "store": {
      const broken = rule("in");
      return (
        <StoreChoice
          legend={t("campaigns.facts.store")}
          hint={t("campaigns.storesHint")}
          options={options}
          chosen={condition.in}
          onChange={(codes) => onChange({ ...condition, in: codes })}
          error={broken === "required" ? t("campaigns.storesRequired") : broken ? ruleText(t, broken) : null}
        />
      );
    }
    case "weekday": {
      const broken = rule("in");
      return (
        <fieldset className="inline-choice">
          <legend>{t("campaigns.facts.weekday")}</legend>
          {WEEKDAYS.map((day) => (
            <label key={day} className="checkbox">
              <input
                type="checkbox"
                checked={condition.in.includes(day)}
                onChange={(event) =>
                  onChange({
                    ...condition,
                    in: event.target.checked
                      ? [...condition.in, day].sort()
                      : condition.in.filter((one) => one !== day),
                  })
                }
              />{" "}
              {t(`campaigns.weekdays.${day}`)}
            </label>
          ))}
          {broken ? (
            <p className="field-error">
              {broken === "required" ? t("campaigns.daysRequired") : ruleText(t, broken)}
            </p>
          ) : null}
        </fieldset>
      );
    }
    case "time_of_day":
      return (
        <BoundFields
          condition={condition}
          low={{ key: "from", label: t("campaigns.timeFrom") }}
          high={{ key: "to", label: t("campaigns.timeTo") }}
          hint={t("campaigns.timeHint")}
          input={{ type: "time" }}
          rule={rule}
          onChange={onChange}
        />
      );
    case "net_amount":
      return (
        <BoundFields
          condition={condition}
          low={{ key: "at_least", label: t("campaigns.atLeast") }}
          high={{ key: "below", label: t("campaigns.below") }}
          hint={t("campaigns.amountHint")}
          input={{ inputMode: "decimal" }}
          rule={rule}
          onChange={onChange}
        />
      );
    case "tier": {
      const broken = rule("in");
      return (
        <Checklist
          legend={t("campaigns.facts.tier")}
          hint={t("campaigns.tierHint")}
          empty={t("campaigns.noTiers")}
          options={(tiers.data?.tiers ?? []).map((tier) => ({ value: tier.id, label: tier.name[language] }))}
          chosen={condition.in}
          onChange={(ids) => onChange({ ...condition, in: ids })}
          error={broken === "required" ? t("campaigns.tiersRequired") : broken ? ruleText(t, broken) : null}
        />
      );
    }
    case "brand": {
      const broken = rule("in");
      return (
        <Checklist
          legend={t("campaigns.facts.brand")}
          hint={t("campaigns.brandHint")}
          empty={t("campaigns.noBrands")}
          options={(brands.data ?? []).map((brand) => ({ value: brand.code, label: brand.name[language] }))}
          chosen={condition.in}
          onChange={(codes) => onChange({ ...condition, in: codes })}
          error={broken === "required" ? t("campaigns.brandsRequired") : broken ? ruleText(t, broken) : null}
        />
      );
    }
    case "segment": {
      const broken = rule("in");
      return (
        <Checklist
          legend={t("campaigns.facts.segment")}
          hint={t("campaigns.segmentHint")}
          empty={t("campaigns.noSegments")}
          options={(segments.data ?? []).map((segment) => ({
            value: segment.id,
            label: t("campaigns.segmentOption", {
              name: segment.name[language],
              count: segment.members,
              formatted: formatNumber(segment.members),
            }),
          }))}
          chosen={condition.in}
          onChange={(ids) => onChange({ ...condition, in: ids })}
          error={
            broken === "required" ? t("campaigns.segmentsRequired") : broken ? ruleText(t, broken) : null
          }
        />
      );
    }
    default:
      return (
        <RadioChoice
          legend={t(`campaigns.questions.${condition.fact}`)}
          options={[
            { value: true, label: t("campaigns.yes") },
            { value: false, label: t("campaigns.no") },
          ]}
          value={condition.is}
          onChange={(is) => onChange({ ...condition, is })}
        />
      );
  }
}

/** The campaign's conditions, all of which must hold (components/condition-list.tsx). */
export function ConditionFields({
  conditions,
  onChange,
  rules,
}: {
  conditions: ConditionDraft[];
  onChange: (conditions: ConditionDraft[]) => void;
  rules: DraftRules;
}) {
  const { t } = useTranslation();
  return (
    <ConditionList
      facts={FACTS}
      conditions={conditions}
      onChange={onChange}
      rules={rules}
      hint={t("campaigns.conditionsHint")}
      none={t("campaigns.noConditions")}
      label={(fact) => t(`campaigns.facts.${fact}`)}
      newCondition={newCondition}
      inputs={(condition, change, rule) => (
        <ConditionInputs condition={condition} onChange={change} rule={rule} />
      )}
    />
  );
}
