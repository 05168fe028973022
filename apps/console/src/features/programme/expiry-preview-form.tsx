import { programmeDate } from "@hcoins/domain/earn-rules";
import { expiryPreviewAt, expiryPreviewLastDate } from "@hcoins/domain/expiry-preview";
import { textIn } from "@hcoins/i18n/translator";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { errorMessage, fieldErrors } from "../../api/error-message.ts";
import { expiryPreviewQuery } from "../../api/expiry-preview.ts";
import { FormAlert } from "../../components/form-alert.tsx";
import { formatNumber, formatTime } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";

/**
 * "What expires by year-end": the dry run for any Hong Kong day from today to three years ahead,
 * checked here with the server's own rule before it is asked.
 */
export function ExpiryPreviewForm() {
  const { t } = useTranslation();
  const id = useId();
  const now = Date.now();
  const [date, setDate] = useState("");
  const [asked, setAsked] = useState<string | null>(null);
  const [rule, setRule] = useState<string | null>(null);
  const preview = useQuery({ ...expiryPreviewQuery(asked ?? ""), enabled: asked !== null });
  const serverRule = fieldErrors(preview.error)[0]?.rule ?? null;
  const shownRule = rule ?? serverRule;
  const ruleText = (name: string) =>
    textIn(t, "expiryPreview.rules", name, {
      last: expiryPreviewLastDate(now),
      defaultValue: t("expiryPreview.rules.date"),
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = date.trim();
    const checked = value === "" ? { rule: "required" } : expiryPreviewAt(value, now);
    if ("rule" in checked) {
      setRule(checked.rule);
      setAsked(null);
      return;
    }
    setRule(null);
    setAsked(value);
  };

  const result = preview.data;
  return (
    <form className="card" onSubmit={submit} noValidate>
      <h2>{t("expiryPreview.title")}</h2>
      <p className="hint">{t("expiryPreview.hint")}</p>
      <div className="field">
        <label htmlFor={`${id}-date`}>{t("expiryPreview.date")}</label>
        <input
          id={`${id}-date`}
          type="date"
          min={programmeDate(now)}
          max={expiryPreviewLastDate(now)}
          value={date}
          aria-invalid={shownRule ? true : undefined}
          aria-describedby={shownRule ? `${id}-error` : undefined}
          onChange={(event) => setDate(event.target.value)}
        />
        {shownRule ? (
          <p className="field-error" id={`${id}-error`}>
            {ruleText(shownRule)}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button secondary" disabled={preview.isFetching}>
        {t("expiryPreview.submit")}
      </button>
      <FormAlert message={preview.error && !serverRule ? errorMessage(preview.error, t) : null} />
      <p role="status">
        {result && asked
          ? result.credits === 0
            ? t("expiryPreview.nothing", { date: asked })
            : t("expiryPreview.result", {
                date: asked,
                coins: formatNumber(result.coins),
                credits: formatNumber(result.credits),
                accounts: formatNumber(result.accounts),
                at: formatTime(result.at),
              })
          : ""}
      </p>
    </form>
  );
}
