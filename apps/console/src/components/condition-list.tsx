import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "../lib/i18n.ts";

/**
 * A list of conditions, all of which must hold (a campaign's over a purchase, a segment's over a
 * member): each a fact with its own inputs (`inputs`), removable; a fact not yet used is added
 * from the choice below them. `rule(index)(key)` is the first rule condition `index`'s field broke.
 */
export function ConditionList<F extends string, C extends { fact: F }>({
  facts,
  conditions,
  onChange,
  rules,
  hint,
  none,
  label,
  newCondition,
  inputs,
}: {
  /** The facts in the order the choice offers them. */
  facts: readonly F[];
  conditions: C[];
  onChange: (conditions: C[]) => void;
  /** The first rule each field broke, by its path ("conditions.0.days"). */
  rules: Record<string, string>;
  hint: string;
  /** Said when there are no conditions. */
  none: string;
  label: (fact: F) => string;
  newCondition: (fact: F) => C;
  inputs: (
    condition: C,
    onChange: (changed: C) => void,
    rule: (key: string) => string | undefined,
  ) => ReactNode;
}) {
  const { t } = useTranslation();
  const unused = facts.filter((fact) => !conditions.some((condition) => condition.fact === fact));
  const [adding, setAdding] = useState<F | "">("");
  const choiceId = useId();
  const fact = adding !== "" && unused.includes(adding) ? adding : unused[0];

  return (
    <fieldset className="campaign-conditions">
      <legend>{t("campaigns.conditions")}</legend>
      <p className="hint">{hint}</p>
      {conditions.length === 0 ? <p>{none}</p> : null}
      {conditions.map((condition, index) => (
        <section key={condition.fact} className="card condition" aria-label={label(condition.fact)}>
          <h3>{label(condition.fact)}</h3>
          {inputs(
            condition,
            (changed) => onChange(conditions.map((one, at) => (at === index ? changed : one))),
            (key) => rules[`conditions.${index}.${key}`],
          )}
          <button
            type="button"
            className="button secondary"
            onClick={() => onChange(conditions.filter((_, at) => at !== index))}
          >
            {t("campaigns.removeCondition", { fact: label(condition.fact) })}
          </button>
        </section>
      ))}
      {fact !== undefined ? (
        <div className="row-actions">
          <div className="field">
            <label htmlFor={choiceId}>{t("campaigns.addConditionFact")}</label>
            <select id={choiceId} value={fact} onChange={(event) => setAdding(event.target.value as F)}>
              {unused.map((each) => (
                <option key={each} value={each}>
                  {label(each)}
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
