import { useId } from "react";
import { useTranslation } from "react-i18next";

export interface StoreOption {
  code: string;
  /** The store's name in the operator's language, when the store list has one. */
  name: string | null;
}

/** The stores a till key is bound to: one checkbox each, and the rule the choice broke. */
export function StoreChoice({
  options,
  chosen,
  onChange,
  rule,
}: {
  options: readonly StoreOption[];
  chosen: readonly string[];
  onChange: (codes: string[]) => void;
  rule: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const toggle = (code: string, on: boolean) =>
    onChange(on ? [...chosen, code] : chosen.filter((one) => one !== code));
  return (
    <fieldset
      className="store-choice"
      aria-describedby={[`${id}-hint`, rule ? `${id}-error` : ""].filter(Boolean).join(" ")}
    >
      <legend>{t("programme.tillKeys.stores")}</legend>
      <p className="hint" id={`${id}-hint`}>
        {t("programme.tillKeys.storesHint")}
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
      {rule ? (
        <p className="field-error" id={`${id}-error`}>
          {rule === "required"
            ? t("programme.tillKeys.storesRequired")
            : t(`rules.${rule}`, { defaultValue: t("rules.invalid") })}
        </p>
      ) : null}
    </fieldset>
  );
}
