import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { storeFlagsQuery } from "../api/programme.ts";
import { currentLanguage } from "../lib/i18n.ts";

export interface StoreOption {
  code: string;
  /** The store's name in the operator's language, when the store list has one. */
  name: string | null;
}

/** The stores a till key or a reward may name: those of the coin scheme's registry, and any it names already. */
export function useStoreOptions(alsoNamed: readonly string[] = []) {
  const stores = useQuery(storeFlagsQuery());
  const language = currentLanguage();
  const registered: StoreOption[] = (stores.data?.stores ?? [])
    .filter((store) => store.scheme_partner !== null)
    .map((store) => ({ code: store.code, name: store.name ? store.name[language] || store.name.en : null }));
  const extra = alsoNamed.filter((code) => !registered.some((option) => option.code === code));
  return { stores, options: [...registered, ...extra.map((code) => ({ code, name: null }))] };
}

/** A choice of stores (a till key's, a reward's): one checkbox each, and what the choice broke. */
export function StoreChoice({
  legend,
  hint,
  options,
  chosen,
  onChange,
  error,
}: {
  legend: string;
  hint: string;
  options: readonly StoreOption[];
  chosen: readonly string[];
  onChange: (codes: string[]) => void;
  /** The broken rule's text, in the operator's language. */
  error: string | null;
}) {
  const id = useId();
  const toggle = (code: string, on: boolean) =>
    onChange(on ? [...chosen, code] : chosen.filter((one) => one !== code));
  return (
    <fieldset
      className="store-choice"
      aria-describedby={[`${id}-hint`, error ? `${id}-error` : ""].filter(Boolean).join(" ")}
    >
      <legend>{legend}</legend>
      <p className="hint" id={`${id}-hint`}>
        {hint}
      </p>
      {options.map((option) => (
        <label key={option.code} className="checkbox">
          <input
            type="checkbox"
            checked={chosen.includes(option.code)}
            onChange={(event) => toggle(option.code, event.target.checked)}
          />{" "}
          {option.name ? `${option.code} ${option.name}` : option.code}
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
