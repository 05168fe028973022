import { useId } from "react";

/**
 * A choice of several among named options (stores, tiers, brands): one checkbox each under a
 * legend, a hint (or, with no options, what to do about it) and the broken rule's text.
 */
export function Checklist<T extends string | number>({
  legend,
  hint,
  empty,
  options,
  chosen,
  onChange,
  error,
  className = "inline-choice",
}: {
  legend: string;
  hint: string;
  /** Said instead of the hint when there is nothing to choose from. */
  empty?: string;
  options: readonly { value: T; label: string }[];
  chosen: readonly T[];
  onChange: (chosen: T[]) => void;
  /** The broken rule's text, in the operator's language. */
  error: string | null;
  className?: string;
}) {
  const id = useId();
  return (
    <fieldset
      className={className}
      aria-describedby={[`${id}-hint`, error ? `${id}-error` : ""].filter(Boolean).join(" ")}
    >
      <legend>{legend}</legend>
      <p className="hint" id={`${id}-hint`}>
        {options.length === 0 && empty ? empty : hint}
      </p>
      {options.map((option) => (
        <label key={option.value} className="checkbox">
          <input
            type="checkbox"
            checked={chosen.includes(option.value)}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? [...chosen, option.value]
                  : chosen.filter((one) => one !== option.value),
              )
            }
          />{" "}
          {option.label}
        </label>
      ))}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
