import { HTML_LANG, LANGUAGES, type LocalizedText } from "@hcoins/domain/languages";
import { useId } from "react";
import { useTranslation } from "../lib/i18n.ts";

/** The rule of a failed field in words: the content and store screens' own rules first, then the shared ones. */
export function useRuleText() {
  const { t } = useTranslation();
  return (rule: string) =>
    t(`content.rules.${rule}`, { defaultValue: t(`rules.${rule}`, { defaultValue: t("rules.invalid") }) });
}

/** A labelled text input or text area with its error (a rule), tied to it for screen readers. */
export function TextField({
  label,
  value,
  onChange,
  rule,
  multiline = false,
  hint,
  type = "text",
  lang,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  rule?: string | undefined;
  multiline?: boolean;
  hint?: string;
  type?: "text" | "datetime-local" | "url";
  lang?: string;
}) {
  const id = useId();
  const ruleText = useRuleText();
  const describedBy = [hint ? `${id}-hint` : "", rule ? `${id}-error` : ""].filter(Boolean).join(" ");
  const common = {
    id,
    value,
    lang,
    "aria-invalid": rule ? true : undefined,
    "aria-describedby": describedBy || undefined,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {multiline ? (
        <textarea {...common} rows={8} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type={type} onChange={(event) => onChange(event.target.value)} />
      )}
      {rule ? (
        <p className="field-error" id={`${id}-error`}>
          {ruleText(rule)}
        </p>
      ) : null}
    </div>
  );
}

/** One field per language (en, tc, sc), each with the error of `<name>.<lang>`. */
export function LocalizedFields({
  name,
  label,
  value,
  onChange,
  rules,
  multiline = false,
}: {
  name: string;
  label: string;
  value: LocalizedText;
  onChange: (value: LocalizedText) => void;
  rules: Record<string, string>;
  multiline?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {LANGUAGES.map((lang) => (
        <TextField
          key={lang}
          label={t("content.inLanguage", { label, language: t(`content.languages.${lang}`) })}
          value={value[lang]}
          lang={HTML_LANG[lang]}
          onChange={(text) => onChange({ ...value, [lang]: text })}
          rule={rules[`${name}.${lang}`]}
          multiline={multiline}
        />
      ))}
    </>
  );
}

export const EMPTY_TEXT: LocalizedText = { en: "", tc: "", sc: "" };
