import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { errorMessage } from "../../api/error-message.ts";
import { expiryQuery, useExpiryPolicySet } from "../../api/programme.ts";
import { Dialog } from "../../components/dialog.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { formatNumber, formatTime } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { useCanEditProgramme } from "./can-edit.ts";
import { ExpiryPreviewForm } from "./expiry-preview-form.tsx";

type Choice = "none" | "year-end" | "months";

/** The policy as the API writes it, from the form's choice and months (1 to 120); null when the months are not. */
export function policyText(choice: Choice, months: string): string | null {
  if (choice !== "months") return choice;
  const value = Number(months.trim());
  return /^\d{1,3}$/.test(months.trim()) && value >= 1 && value <= 120 ? `${value}-months` : null;
}

/** When earned coins expire, and what the next daily run would expire (a dry run). */
export function Component() {
  const { t } = useTranslation();
  const id = useId();
  const expiry = useQuery(expiryQuery());
  const canEdit = useCanEditProgramme();
  const setPolicy = useExpiryPolicySet();
  const [choice, setChoice] = useState<Choice>("months");
  const [months, setMonths] = useState("");
  const [rule, setRule] = useState<"expiryMonths" | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const describe = (policy: string) =>
    policy === "none" || policy === "year-end"
      ? t(`programme.expiry.${policy === "none" ? "none" : "yearEnd"}`)
      : t("programme.expiry.months", { months: policy.replace(/-months?$/, "") });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = policyText(choice, months);
    setRule(text === null ? "expiryMonths" : null);
    if (text !== null) setConfirming(text);
  };

  const confirm = async (policy: string) => {
    setFailure(null);
    try {
      const after = await setPolicy.mutateAsync(policy);
      setDone(t("programme.expiry.changed", { policy: describe(after.policy) }));
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
    setConfirming(null);
  };

  const run = expiry.data?.next_run;
  return (
    <section className="page">
      <h1>{t("programme.expiry.title")}</h1>
      {done ? <p role="status">{done}</p> : null}
      <QueryState query={expiry} />
      {expiry.data && run ? (
        <>
          <p>{t("programme.expiry.current", { policy: describe(expiry.data.policy) })}</p>
          {expiry.data.updated_by && expiry.data.updated_at ? (
            <p className="hint">
              {t("programme.expiry.updated", {
                by: expiry.data.updated_by,
                at: formatTime(expiry.data.updated_at),
              })}
            </p>
          ) : null}
          <p>
            {run.credits === 0
              ? t("programme.expiry.dryRunNothing", { at: formatTime(run.at) })
              : t("programme.expiry.dryRun", {
                  at: formatTime(run.at),
                  coins: formatNumber(run.coins),
                  accounts: formatNumber(run.accounts),
                })}
          </p>
        </>
      ) : null}
      <ExpiryPreviewForm />
      {canEdit ? (
        <form className="card" onSubmit={submit} noValidate>
          <h2>{t("programme.expiry.change")}</h2>
          <FormAlert message={failure} />
          <fieldset>
            <legend>{t("programme.expiry.policy")}</legend>
            {(["none", "year-end", "months"] as const).map((value) => (
              <label key={value} className="choice">
                <input
                  type="radio"
                  name={`${id}-policy`}
                  value={value}
                  checked={choice === value}
                  onChange={() => setChoice(value)}
                />{" "}
                {t(`programme.expiry.choice.${value === "year-end" ? "yearEnd" : value}`)}
              </label>
            ))}
          </fieldset>
          {choice === "months" ? (
            <div className="field">
              <label htmlFor={`${id}-months`}>{t("programme.expiry.monthsLabel")}</label>
              <input
                id={`${id}-months`}
                inputMode="numeric"
                value={months}
                aria-invalid={rule ? true : undefined}
                aria-describedby={rule ? `${id}-error` : undefined}
                onChange={(event) => setMonths(event.target.value)}
              />
              {rule ? (
                <p className="field-error" id={`${id}-error`}>
                  {t(`programme.rules.${rule}`)}
                </p>
              ) : null}
            </div>
          ) : null}
          <p className="hint">{t("programme.expiry.appliesHint")}</p>
          <button type="submit" className="button">
            {t("programme.expiry.submit")}
          </button>
        </form>
      ) : null}
      {confirming ? (
        <Dialog title={t("programme.expiry.confirmTitle")} onClose={() => setConfirming(null)}>
          <p>{t("programme.expiry.confirm", { policy: describe(confirming) })}</p>
          <div className="dialog-actions">
            <button type="button" className="button secondary" onClick={() => setConfirming(null)}>
              {t("programme.cancel")}
            </button>
            <button
              type="button"
              className="button danger"
              disabled={setPolicy.isPending}
              onClick={() => void confirm(confirming)}
            >
              {t("programme.expiry.confirmSubmit")}
            </button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}
