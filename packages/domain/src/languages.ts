/** The app's languages: English, Traditional Chinese (Hong Kong, the default) and Simplified Chinese. */
export type Language = "en" | "tc" | "sc";
export const LANGUAGES: readonly Language[] = ["en", "tc", "sc"];
export const DEFAULT_LANGUAGE: Language = "tc";
export type LocalizedText = Record<Language, string>;

const DIRECT: Record<string, Language> = { en: "en", tc: "tc", sc: "sc" };

/** `<html lang>` and Accept-Language per app language. */
export const HTML_LANG: Record<Language, string> = { en: "en", tc: "zh-HK", sc: "zh-CN" };

// Mainland China, Singapore and Malaysia write Simplified; Hong Kong, Macau and Taiwan write Traditional.
const SIMPLIFIED_SUBTAGS = new Set(["hans", "cn", "sg", "my", "chs"]);
const TRADITIONAL_SCRIPTS = new Set(["hant", "cht"]);

/** Maps a language tag or the app's own code (`en-US`, `zh-HK`, `tc`, `zh-Hans`…) to en, tc or sc. */
export function resolveLanguage(value: string | undefined | null): Language | null {
  if (!value) return null;
  const [primary = "", ...subtags] = value.trim().toLowerCase().replaceAll("_", "-").split("-");
  const direct = DIRECT[primary];
  if (direct) return direct;
  if (primary !== "zh") return null;
  // The script subtag outranks the region: zh-Hant-CN is still Traditional.
  if (subtags.some((subtag) => TRADITIONAL_SCRIPTS.has(subtag))) return "tc";
  if (subtags.some((subtag) => SIMPLIFIED_SUBTAGS.has(subtag))) return "sc";
  // Plain "zh", zh-HK, zh-TW, zh-MO and the rest: the product's audience reads Hong Kong Traditional.
  return "tc";
}

/** Honours q-values (q=0 means "not this one"); the product's own default, tc, when nothing is recognised. */
export function languageFromAcceptLanguage(header?: string): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.split(";").map((piece) => piece.trim());
      const q = params.find((param) => param.toLowerCase().startsWith("q="));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const language = resolveLanguage(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
