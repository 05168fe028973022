import type { ComponentProps } from "react";
import { FieldFrame } from "../../components/field-frame.tsx";

/** A labelled input (or text area) whose error comes in words already (record-errors.ts recordRuleText). */
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
  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={error}
      control={(tie) =>
        multiline ? (
          <textarea
            {...tie}
            rows={3}
            maxLength={input.maxLength}
            value={input.value}
            onChange={input.onChange as ComponentProps<"textarea">["onChange"]}
          />
        ) : (
          <input {...tie} {...input} />
        )
      }
    />
  );
}
