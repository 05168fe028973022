import { PHONE_PREFIXES } from "@hcoins/domain/phone-rules";
import { textIn } from "@hcoins/i18n/translator";
import { useId } from "react";
import { useTranslation } from "../lib/i18n.ts";
import type { PhoneInputProps } from "../lib/use-phone-form.ts";

/** Prefix select (+852, +853, +86) and mobile number input, labelled as one field. */
export function PhoneField({
  phonePre,
  phone,
  error,
  disabled = false,
}: {
  phonePre: PhoneInputProps;
  phone: PhoneInputProps;
  error?: { message?: string } | undefined;
  disabled?: boolean;
}) {
  const { t } = useTranslation("common");
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={`${id}-phone`}>{t("mobile")}</label>
      <div className="phone-inputs">
        <select id={`${id}-prefix`} aria-label={t("prefix")} disabled={disabled} {...phonePre}>
          {PHONE_PREFIXES.map((value) => (
            <option key={value} value={value}>
              +{value}
            </option>
          ))}
        </select>
        <input
          id={`${id}-phone`}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
          {...phone}
        />
      </div>
      <p id={`${id}-error`} className="field-error" role="alert" aria-live="polite">
        {error?.message
          ? textIn(t, "validation", error.message, { defaultValue: t("validation.invalid") })
          : ""}
      </p>
    </div>
  );
}
