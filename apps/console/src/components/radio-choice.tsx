import { useId } from "react";

/** One choice of a few, as radio buttons under a legend (a yes/no question, a channel). */
export function RadioChoice<T extends string | boolean>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className="inline-choice">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={String(option.value)} className="checkbox">
          <input
            type="radio"
            name={name}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />{" "}
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
