import type { ConsoleBodyOf } from "@hcoins/domain/api/console";
import type { ConsoleTierLadder, consoleTiers } from "@hcoins/domain/api/console-programme";
import type { TierReviewRule, TierWindow } from "@hcoins/domain/tier-rules";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { errorMessage, fieldErrors } from "../../api/error-message.ts";
import { tiersQuery, useTiersSet } from "../../api/programme.ts";
import { FormAlert } from "../../components/form-alert.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { formatTime } from "../../lib/format.ts";
import { type Key, useTranslation } from "../../lib/i18n.ts";
import { useCanEditProgramme } from "./can-edit.ts";

type Body = ConsoleBodyOf<typeof consoleTiers.set>;
/** A row of the form: a tier as saved, and a key of its own while it is edited (rows come and go). */
type Row = Body["tiers"][number] & { draftKey: number };
type Draft = Omit<Body, "tiers"> & { tiers: Row[] };
const LANGUAGES = ["en", "tc", "sc"] as const;

let nextDraftKey = 0;
const draftKey = () => {
  nextDraftKey += 1;
  return nextDraftKey;
};

const emptyRow = (): Row => ({
  draftKey: draftKey(),
  code: "",
  name: { en: "", tc: "", sc: "" },
  benefits: { en: "", tc: "", sc: "" },
  qualifying_amount: "",
  multiplier: "1",
  reward_id: null,
});

/** The form's draft from the ladder the scheme holds. */
const draftOf = (ladder: ConsoleTierLadder): Draft => ({
  window: ladder.window,
  review_rule: ladder.review_rule,
  review_date: ladder.review_date,
  tiers: ladder.tiers.map(({ code, name, benefits, qualifying_amount, multiplier, reward_id }) => ({
    draftKey: draftKey(),
    code,
    name,
    benefits,
    qualifying_amount,
    multiplier,
    reward_id,
  })),
});

/**
 * The tier ladder: each tier's names, qualifying spend, multiplier and benefits, where spend is
 * counted and when tiers are reviewed. The manager edits it whole and saves it (one audit
 * entry); the auditor reads it.
 */
export function Component() {
  const { t } = useTranslation();
  const ladder = useQuery(tiersQuery());
  const canEdit = useCanEditProgramme();
  return (
    <section className="page">
      <h1>{t("programme.tiers.title")}</h1>
      <p className="hint">{t("programme.tiers.intro")}</p>
      <QueryState query={ladder} />
      {ladder.data ? (
        canEdit ? (
          <TiersForm key={ladder.data.updated_at ?? "none"} ladder={ladder.data} />
        ) : (
          <LadderTable ladder={ladder.data} />
        )
      ) : null}
    </section>
  );
}

function Settings({ ladder }: { ladder: ConsoleTierLadder }) {
  const { t } = useTranslation();
  return (
    <>
      <p>
        {t(`programme.tiers.window.${ladder.window}`)}{" "}
        {ladder.review_rule === "fixed_date"
          ? t("programme.tiers.review.fixedOn", { date: ladder.review_date ?? "" })
          : t("programme.tiers.review.anniversary")}
      </p>
      {ladder.updated_by && ladder.updated_at ? (
        <p className="hint">
          {t("programme.tiers.updated", { by: ladder.updated_by, at: formatTime(ladder.updated_at) })}
        </p>
      ) : null}
    </>
  );
}

function LadderTable({ ladder }: { ladder: ConsoleTierLadder }) {
  const { t } = useTranslation();
  if (ladder.tiers.length === 0) return <p>{t("programme.tiers.none")}</p>;
  return (
    <>
      <Settings ladder={ladder} />
      <table>
        <thead>
          <tr>
            <th scope="col">{t("programme.tiers.code")}</th>
            <th scope="col">{t("programme.tiers.name")}</th>
            <th scope="col">{t("programme.tiers.qualifying")}</th>
            <th scope="col">{t("programme.tiers.multiplier")}</th>
            <th scope="col">{t("programme.tiers.benefits")}</th>
          </tr>
        </thead>
        <tbody>
          {ladder.tiers.map((tier) => (
            <tr key={tier.code}>
              <td>{tier.code}</td>
              <td>{LANGUAGES.map((language) => tier.name[language]).join(" / ")}</td>
              <td>HK${tier.qualifying_amount}</td>
              <td>×{tier.multiplier}</td>
              <td>{tier.benefits.en}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function TiersForm({ ladder }: { ladder: ConsoleTierLadder }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useTiersSet();
  const [draft, setDraft] = useState<Draft>(() => draftOf(ladder));
  const [failure, setFailure] = useState<string | null>(null);
  const [rules, setRules] = useState<{ field: string; rule: string }[]>([]);
  const [done, setDone] = useState(false);

  const setRow = (index: number, change: (row: Row) => Row) =>
    setDraft((old) => ({ ...old, tiers: old.tiers.map((row, at) => (at === index ? change(row) : row)) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setRules([]);
    setDone(false);
    try {
      await save.mutateAsync({
        ...draft,
        review_date: draft.review_rule === "fixed_date" ? draft.review_date : null,
        tiers: draft.tiers.map(({ draftKey: _key, ...tier }) => tier),
      });
      setDone(true);
    } catch (error) {
      setRules(fieldErrors(error));
      setFailure(errorMessage(error, t));
    }
  };

  const ruleText = (rule: string) => {
    const key = `programme.tiers.rules.${rule}` as Key;
    const text = t(key);
    return text === key ? t(`rules.${rule}` as Key) : text;
  };

  return (
    <form className="card" onSubmit={submit} noValidate>
      {done ? <p role="status">{t("programme.tiers.saved")}</p> : null}
      <Settings ladder={ladder} />
      <FormAlert message={failure} />
      {rules.length > 0 ? (
        <ul className="field-error">
          {rules.map((each) => (
            <li key={`${each.field}-${each.rule}`}>
              {each.field}: {ruleText(each.rule)}
            </li>
          ))}
        </ul>
      ) : null}
      <fieldset>
        <legend>{t("programme.tiers.windowLabel")}</legend>
        {(["rolling_12_months", "calendar_year"] as const satisfies readonly TierWindow[]).map((value) => (
          <label key={value} className="choice">
            <input
              type="radio"
              name={`${id}-window`}
              checked={draft.window === value}
              onChange={() => setDraft((old) => ({ ...old, window: value }))}
            />{" "}
            {t(`programme.tiers.window.${value}`)}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t("programme.tiers.reviewLabel")}</legend>
        {(["anniversary", "fixed_date"] as const satisfies readonly TierReviewRule[]).map((value) => (
          <label key={value} className="choice">
            <input
              type="radio"
              name={`${id}-review`}
              checked={draft.review_rule === value}
              onChange={() => setDraft((old) => ({ ...old, review_rule: value }))}
            />{" "}
            {t(`programme.tiers.review.${value === "fixed_date" ? "fixed" : "anniversary"}`)}
          </label>
        ))}
        {draft.review_rule === "fixed_date" ? (
          <div className="field">
            <label htmlFor={`${id}-date`}>{t("programme.tiers.reviewDate")}</label>
            <input
              id={`${id}-date`}
              value={draft.review_date ?? ""}
              placeholder="01-01"
              onChange={(event) => setDraft((old) => ({ ...old, review_date: event.target.value }))}
            />
          </div>
        ) : null}
      </fieldset>
      {draft.tiers.map((row, index) => (
        <fieldset key={row.draftKey} className="card">
          <legend>{t("programme.tiers.tierN", { n: index + 1 })}</legend>
          <div className="field">
            <label htmlFor={`${id}-${index}-code`}>{t("programme.tiers.code")}</label>
            <input
              id={`${id}-${index}-code`}
              value={row.code}
              onChange={(event) => setRow(index, (old) => ({ ...old, code: event.target.value }))}
            />
          </div>
          {LANGUAGES.map((language) => (
            <div className="field" key={`name-${language}`}>
              <label htmlFor={`${id}-${index}-name-${language}`}>
                {t(`programme.tiers.nameIn.${language}`)}
              </label>
              <input
                id={`${id}-${index}-name-${language}`}
                value={row.name[language]}
                onChange={(event) =>
                  setRow(index, (old) => ({ ...old, name: { ...old.name, [language]: event.target.value } }))
                }
              />
            </div>
          ))}
          <div className="field">
            <label htmlFor={`${id}-${index}-amount`}>{t("programme.tiers.qualifyingHkd")}</label>
            <input
              id={`${id}-${index}-amount`}
              inputMode="decimal"
              value={row.qualifying_amount}
              onChange={(event) =>
                setRow(index, (old) => ({ ...old, qualifying_amount: event.target.value }))
              }
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-${index}-multiplier`}>{t("programme.tiers.multiplierHint")}</label>
            <input
              id={`${id}-${index}-multiplier`}
              inputMode="decimal"
              value={row.multiplier}
              onChange={(event) => setRow(index, (old) => ({ ...old, multiplier: event.target.value }))}
            />
          </div>
          {LANGUAGES.map((language) => (
            <div className="field" key={`benefits-${language}`}>
              <label htmlFor={`${id}-${index}-benefits-${language}`}>
                {t(`programme.tiers.benefitsIn.${language}`)}
              </label>
              <textarea
                id={`${id}-${index}-benefits-${language}`}
                value={row.benefits[language]}
                onChange={(event) =>
                  setRow(index, (old) => ({
                    ...old,
                    benefits: { ...old.benefits, [language]: event.target.value },
                  }))
                }
              />
            </div>
          ))}
          <button
            type="button"
            className="button secondary"
            onClick={() => setDraft((old) => ({ ...old, tiers: old.tiers.filter((_, at) => at !== index) }))}
          >
            {t("programme.tiers.remove", { n: index + 1 })}
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        className="button secondary"
        onClick={() => setDraft((old) => ({ ...old, tiers: [...old.tiers, emptyRow()] }))}
      >
        {t("programme.tiers.add")}
      </button>{" "}
      <button type="submit" className="button" disabled={save.isPending}>
        {t("programme.tiers.submit")}
      </button>
    </form>
  );
}
