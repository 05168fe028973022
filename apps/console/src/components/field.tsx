import type { ComponentProps, ReactNode } from "react";
import { useTranslation } from "../lib/i18n.ts";
import { ruleText } from "../lib/rule-text.ts";
import { FieldFrame } from "./field-frame.tsx";

type FieldProps = ComponentProps<"input"> & {
  label: string;
  /** The failed rule (a zod message or a 4000's rule), shown as rules.<rule>. */
  error?: { message?: string | undefined } | string | undefined;
  hint?: ReactNode;
};

/** A labelled input with its hint and its error, both tied to it for screen readers. */
export function Field({ label, error, hint, ...input }: FieldProps) {
  const { t } = useTranslation();
  const rule = typeof error === "string" ? error : error?.message;
  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={rule ? ruleText(t, rule) : undefined}
      control={(tie) => <input {...tie} {...input} />}
    />
  );
}
