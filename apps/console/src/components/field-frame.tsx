import { type ReactNode, useId } from "react";

/** What a field's control needs to be tied to its label, hint and error for screen readers. */
export interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/**
 * A field's frame: the label, the hint and the error (already in words) around one control,
 * which `control` draws with the ids that tie them together. Every console field is drawn in it.
 */
export function FieldFrame({
  label,
  hint,
  error,
  control,
}: {
  label: string;
  hint?: ReactNode;
  error?: ReactNode;
  control: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {control({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
