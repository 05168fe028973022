import { ADJUSTMENT_REASONS } from "@hcoins/domain/adjustment-reasons";
import { useId } from "react";
import { useTranslation } from "../lib/i18n.ts";
import { ruleText } from "../lib/rule-text.ts";
import { TextArea } from "./text-area.tsx";

interface ReasonAndNoteProps {
  /** What the reason's hint says (one member or a list). */
  reasonHint: string;
  reasonCode: string;
  note: string;
  errors: { reason_code?: string | undefined; note?: string | undefined };
  onReasonCode(value: string): void;
  onNote(value: string): void;
}

/**
 * The two halves of every coin adjustment: the member-facing reason, chosen from the fixed list
 * the member reads in their language, and the internal note operators alone read.
 */
export function ReasonAndNoteFields({
  reasonHint,
  reasonCode,
  note,
  errors,
  onReasonCode,
  onNote,
}: ReasonAndNoteProps) {
  const { t } = useTranslation();
  const reasonId = useId();
  return (
    <>
      <div className="field">
        <label htmlFor={reasonId}>{t("coinControls.reason")}</label>
        <p className="hint" id={`${reasonId}-hint`}>
          {reasonHint}
        </p>
        <select
          id={reasonId}
          value={reasonCode}
          aria-invalid={errors.reason_code ? true : undefined}
          aria-describedby={`${reasonId}-hint${errors.reason_code ? ` ${reasonId}-error` : ""}`}
          onChange={(event) => onReasonCode(event.target.value)}
        >
          <option value="">{t("coinControls.choose")}</option>
          {ADJUSTMENT_REASONS.map((code) => (
            <option key={code} value={code}>
              {t(`adjustmentReasons.${code}`)}
            </option>
          ))}
        </select>
        {errors.reason_code ? (
          <p className="field-error" id={`${reasonId}-error`}>
            {ruleText(t, errors.reason_code)}
          </p>
        ) : null}
      </div>
      <TextArea
        label={t("coinControls.note")}
        rows={3}
        maxLength={500}
        value={note}
        error={errors.note}
        onChange={(event) => onNote(event.target.value)}
      />
      <p className="hint">{t("coinControls.noteHint")}</p>
    </>
  );
}
