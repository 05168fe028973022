import { type ComponentProps, useId } from "react";

/** A labelled input (or text area) whose error comes in words already (record-errors.ts ruleText). */
export function RecordField({
  label,
  error,
  hint,
  multiline = false,
  ...input
}: ComponentProps<"input"> & {
  label: string;
  error?: string | undefined;
  hint?: string;
  multiline?: boolean;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  const shared = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {multiline ? (
        <textarea
          {...shared}
          rows={3}
          maxLength={input.maxLength}
          value={input.value}
          onChange={input.onChange as ComponentProps<"textarea">["onChange"]}
        />
      ) : (
        <input {...shared} {...input} />
      )}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
