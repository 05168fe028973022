import type { ComponentProps } from "react";
import { Field } from "./field.tsx";

type Bounds<K extends string> = Record<K, string>;

/**
 * A condition's two bounds side by side (from and until, at least and below), each a text field
 * of the condition named by its key; the hint under the second says how the two go together.
 */
export function BoundFields<C extends Bounds<L | H>, L extends string, H extends string>({
  condition,
  low,
  high,
  hint,
  input,
  rule,
  onChange,
}: {
  condition: C;
  low: { key: L; label: string };
  high: { key: H; label: string };
  hint: string;
  /** The inputs' kind: `type="time"`, `type="date"`, `inputMode="decimal"`. */
  input: Pick<ComponentProps<"input">, "type" | "inputMode">;
  rule: (key: string) => string | undefined;
  onChange: (changed: C) => void;
}) {
  return (
    <>
      {[low, high].map((bound) => (
        <Field
          key={bound.key}
          {...input}
          label={bound.label}
          hint={bound === high ? hint : undefined}
          value={condition[bound.key]}
          error={rule(bound.key)}
          onChange={(event) => onChange({ ...condition, [bound.key]: event.target.value })}
        />
      ))}
    </>
  );
}
