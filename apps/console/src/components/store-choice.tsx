import { useQuery } from "@tanstack/react-query";
import { storeFlagsQuery } from "../api/programme.ts";
import { currentLanguage } from "../lib/i18n.ts";
import { Checklist } from "./checklist.tsx";

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

/** A choice of stores (a till key's, a reward's, a mission's): one checkbox each, and what the choice broke. */
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
  return (
    <Checklist
      className="store-choice"
      legend={legend}
      hint={hint}
      options={options.map((option) => ({
        value: option.code,
        label: option.name ? `${option.code} ${option.name}` : option.code,
      }))}
      chosen={chosen}
      onChange={onChange}
      error={error}
    />
  );
}
