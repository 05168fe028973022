import { type ComponentProps, useId } from "react";
import { useTranslation } from "../lib/i18n.ts";
import { ruleText } from "../lib/rule-text.ts";

type TextAreaProps = ComponentProps<"textarea"> & {
  label: string;
  /** The failed rule, shown as rules.<rule> (as Field's). */
  error?: string | undefined;
};

/** A labelled text area with its error tied to it for screen readers: Field for longer texts. */
export function TextArea({ label, error, ...area }: TextAreaProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...area}
      />
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {ruleText(t, error)}
        </p>
      ) : null}
    </div>
  );
}
