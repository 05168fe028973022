import { HTML_LANG, LANGUAGES, type LocalizedText } from "@hcoins/domain/languages";
import { useTranslation } from "../lib/i18n.ts";
import { ruleText } from "../lib/rule-text.ts";
import { FieldFrame } from "./field-frame.tsx";

/** The rule of a failed field in words: the content and store screens' own rules first, then the shared ones. */
export function useRuleText() {
  const { t } = useTranslation();
  return (rule: string) => ruleText(t, rule, "content.rules");
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
  const ruleText = useRuleText();
  return (
    <FieldFrame
      label={label}
      hint={hint}
      error={rule ? ruleText(rule) : undefined}
      control={(tie) =>
        multiline ? (
          <textarea
            {...tie}
            value={value}
            lang={lang}
            rows={8}
            onChange={(event) => onChange(event.target.value)}
          />
        ) : (
          <input
            {...tie}
            value={value}
            lang={lang}
            type={type}
            onChange={(event) => onChange(event.target.value)}
          />
        )
      }
    />
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
