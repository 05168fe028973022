import type { Language, LocalizedText } from "@hcoins/domain/languages";

/** A text kept in three columns: `<name>_en`, `<name>_tc`, `<name>_sc`. */
export type TextColumns<Name extends string> = Record<`${Name}_en` | `${Name}_tc` | `${Name}_sc`, string>;

/**
 * The text in the request's language. An empty text falls back to Traditional
 * Chinese (the product's default language), and an empty tc to English, so a
 * half-translated page never shows a blank.
 */
export function textIn<Name extends string>(row: TextColumns<Name>, name: Name, lang: Language): string {
  const pick = (language: Language) => row[`${name}_${language}` as keyof TextColumns<Name>];
  return pick(lang) || pick("tc") || pick("en") || "";
}

/** The same rule for a `{en, tc, sc}` object. */
export function localizedIn(text: LocalizedText, lang: Language): string {
  return text[lang] || text.tc || text.en || "";
}

/** `{en, tc, sc}` into the three columns of `name`. */
export function textColumns<Name extends string>(name: Name, text: LocalizedText): TextColumns<Name> {
  return {
    [`${name}_en`]: text.en,
    [`${name}_tc`]: text.tc,
    [`${name}_sc`]: text.sc,
  } as TextColumns<Name>;
}
