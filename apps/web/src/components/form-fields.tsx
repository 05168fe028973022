import { textIn } from "@hcoins/i18n/translator";
import { forwardRef, useId } from "react";
import type { FieldError } from "react-hook-form";
import { useTranslation } from "../lib/i18n.ts";

/**
 * Form controls with a visible label tied to the control, and the error (a rule
 * name from packages/domain, translated from common:validation) announced by
 * screen readers and linked with aria-describedby.
 */
function FieldMessage({ id, error }: { id: string; error: FieldError | string | undefined }) {
  const { t } = useTranslation("common");
  const rule = typeof error === "string" ? error : error?.message;
  return (
    <p id={id} className="field-error" role="alert" aria-live="polite">
      {rule ? textIn(t, "validation", rule, { defaultValue: t("validation.invalid") }) : ""}
    </p>
  );
}

interface TextFieldProps extends React.InputHTMLAttributes<HTMLInputElement> {
  label: React.ReactNode;
  error?: FieldError | string | undefined;
  hint?: React.ReactNode;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, id, className, ...input },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const messageId = `${inputId}-error`;
  return (
    <div className={`field ${className ?? ""}`}>
      <label htmlFor={inputId}>{label}</label>
      {hint && <p className="field-hint">{hint}</p>}
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={messageId}
        {...input}
      />
      <FieldMessage id={messageId} error={error} />
    </div>
  );
});

interface TextAreaFieldProps extends React.TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: React.ReactNode;
  error?: FieldError | string | undefined;
  hint?: React.ReactNode;
}

/** A few lines of the member's own words, with the same label, hint and error wiring as TextField. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, id, className, ...textarea },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const messageId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  return (
    <div className={`field ${className ?? ""}`}>
      <label htmlFor={inputId}>{label}</label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <textarea
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={hint ? `${hintId} ${messageId}` : messageId}
        {...textarea}
      />
      <FieldMessage id={messageId} error={error} />
    </div>
  );
});

interface SelectFieldProps extends React.SelectHTMLAttributes<HTMLSelectElement> {
  label: React.ReactNode;
  error?: FieldError | string | undefined;
  options: { value: string | number; label: string }[];
  placeholder?: string;
}

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, error, options, placeholder, id, className, ...select },
  ref,
) {
  const generated = useId();
  const selectId = id ?? generated;
  const messageId = `${selectId}-error`;
  return (
    <div className={`field ${className ?? ""}`}>
      <label htmlFor={selectId}>{label}</label>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={messageId}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessage id={messageId} error={error} />
    </div>
  );
});

interface ChoiceGroupProps {
  legend: React.ReactNode;
  error?: FieldError | string | undefined;
  /** The id of a text that explains the choices (read after the error line). */
  describedBy?: string;
  children: React.ReactNode;
}

/** A fieldset of radios or checkboxes with its legend and one error line. */
export function ChoiceGroup({ legend, error, describedBy, children }: ChoiceGroupProps) {
  const messageId = useId();
  return (
    <fieldset
      className="field choice-group"
      aria-describedby={describedBy ? `${messageId} ${describedBy}` : messageId}
      aria-invalid={error ? true : undefined}
    >
      <legend>{legend}</legend>
      <div className="choices">{children}</div>
      <FieldMessage id={messageId} error={error} />
    </fieldset>
  );
}

interface ChoiceProps extends React.InputHTMLAttributes<HTMLInputElement> {
  label: React.ReactNode;
  type: "radio" | "checkbox";
}

export const Choice = forwardRef<HTMLInputElement, ChoiceProps>(function Choice(
  { label, id, ...input },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className="choice">
      <input ref={ref} id={inputId} {...input} />
      <label htmlFor={inputId}>{label}</label>
    </div>
  );
});

/** A lone checkbox with its own error line (terms consent). */
export const CheckboxField = forwardRef<
  HTMLInputElement,
  Omit<React.InputHTMLAttributes<HTMLInputElement>, "type"> & {
    label: React.ReactNode;
    error?: FieldError | string | undefined;
  }
>(function CheckboxField({ label, error, id, ...input }, ref) {
  const generated = useId();
  const inputId = id ?? generated;
  const messageId = `${inputId}-error`;
  return (
    <div className="field">
      <div className="choice">
        <input
          ref={ref}
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={messageId}
          {...input}
        />
        <label htmlFor={inputId}>{label}</label>
      </div>
      <FieldMessage id={messageId} error={error} />
    </div>
  );
});
