import { type ComponentProps, type ReactNode, useId } from "react";
import { useTranslation } from "../lib/i18n.ts";

type FieldProps = ComponentProps<"input"> & {
  label: string;
  /** The failed rule (a zod message or a 4000's rule), shown as rules.<rule>. */
  error?: { message?: string | undefined } | string | undefined;
  hint?: ReactNode;
};

/** A labelled input with its hint and its error, both tied to it for screen readers. */
export function Field({ label, error, hint, ...input }: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const rule = typeof error === "string" ? error : error?.message;
  const describedBy = [hint ? `${id}-hint` : "", rule ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        aria-invalid={rule ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {rule ? (
        <p className="field-error" id={`${id}-error`}>
          {t(`rules.${rule}`, { defaultValue: t("rules.invalid") })}
        </p>
      ) : null}
    </div>
  );
}
