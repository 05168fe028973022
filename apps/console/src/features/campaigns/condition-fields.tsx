import { type CampaignFact, WEEKDAYS } from "@hcoins/domain/campaign-rules";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { tiersQuery } from "../../api/programme.ts";
import { brandsQuery } from "../../api/stores.ts";
import { Checklist } from "../../components/checklist.tsx";
import { Field } from "../../components/field.tsx";
import { StoreChoice, useStoreOptions } from "../../components/store-choice.tsx";
import { currentLanguage, useTranslation } from "../../lib/i18n.ts";
import { ruleText } from "../../lib/rule-text.ts";
import { type ConditionDraft, type DraftRules, FACTS, newCondition } from "./campaign-draft.ts";

type Change = (condition: ConditionDraft) => void;

/** A yes/no fact: two radio buttons, the question as their legend. */
function YesNo({
  legend,
  value,
  onChange,
}: {
  legend: string;
  value: boolean;
  onChange: (is: boolean) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="inline-choice">
      <legend>{legend}</legend>
      {[true, false].map((is) => (
        <label key={String(is)} className="checkbox">
          <input type="radio" name={name} checked={value === is} onChange={() => onChange(is)} />{" "}
          {is ? t("campaigns.yes") : t("campaigns.no")}
        </label>
      ))}
    </fieldset>
  );
}

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
        <>
          <Field
            type="time"
            label={t("campaigns.timeFrom")}
            value={condition.from}
            error={rule("from")}
            onChange={(event) => onChange({ ...condition, from: event.target.value })}
          />
          <Field
            type="time"
            label={t("campaigns.timeTo")}
            hint={t("campaigns.timeHint")}
            value={condition.to}
            error={rule("to")}
            onChange={(event) => onChange({ ...condition, to: event.target.value })}
          />
        </>
      );
    case "net_amount":
      return (
        <>
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
            hint={t("campaigns.amountHint")}
            value={condition.below}
            error={rule("below")}
            onChange={(event) => onChange({ ...condition, below: event.target.value })}
          />
        </>
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
    case "segment":
      // Not offered in FACTS until the console lists segments; a condition set through the API is kept.
      return <p>{t("campaigns.segmentsKept", { ids: condition.in.join(", ") })}</p>;
    default:
      return (
        <YesNo
          legend={t(`campaigns.questions.${condition.fact}`)}
          value={condition.is}
          onChange={(is) => onChange({ ...condition, is })}
        />
      );
  }
}

/**
 * The campaign's conditions, all of which must hold: each a fact with its own inputs, removable;
 * a fact not yet used is added from the choice below them.
 */
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
  const unused = FACTS.filter((fact) => !conditions.some((condition) => condition.fact === fact));
  const [adding, setAdding] = useState<CampaignFact | "">("");
  const choiceId = useId();
  const fact = adding !== "" && unused.includes(adding) ? adding : (unused[0] ?? "");
  const broken = (index: number) => (key: string) => rules[`conditions.${index}.${key}`];

  return (
    <fieldset className="campaign-conditions">
      <legend>{t("campaigns.conditions")}</legend>
      <p className="hint">{t("campaigns.conditionsHint")}</p>
      {conditions.length === 0 ? <p>{t("campaigns.noConditions")}</p> : null}
      {conditions.map((condition, index) => (
        <section
          key={condition.fact}
          className="card condition"
          aria-label={t(`campaigns.facts.${condition.fact}`)}
        >
          <h3>{t(`campaigns.facts.${condition.fact}`)}</h3>
          <ConditionInputs
            condition={condition}
            rule={broken(index)}
            onChange={(changed) => onChange(conditions.map((one, at) => (at === index ? changed : one)))}
          />
          <button
            type="button"
            className="button secondary"
            onClick={() => onChange(conditions.filter((_, at) => at !== index))}
          >
            {t("campaigns.removeCondition", { fact: t(`campaigns.facts.${condition.fact}`) })}
          </button>
        </section>
      ))}
      {fact !== "" ? (
        <div className="row-actions">
          <div className="field">
            <label htmlFor={choiceId}>{t("campaigns.addConditionFact")}</label>
            <select
              id={choiceId}
              value={fact}
              onChange={(event) => setAdding(event.target.value as CampaignFact)}
            >
              {unused.map((each) => (
                <option key={each} value={each}>
                  {t(`campaigns.facts.${each}`)}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="button secondary"
            onClick={() => {
              onChange([...conditions, newCondition(fact)]);
              setAdding("");
            }}
          >
            {t("campaigns.addCondition")}
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}
