/**
 * The apps' translations: catalogues in i18next's JSON format (namespaces of nested keys,
 * `{{name}}` placeholders, `_one`/`_other` plural keys), looked up for the current language.
 *
 * This replaced i18next and react-i18next, 17.7 KB gzip of every first load of the member app
 * for the little of them the apps used: this is that part (about 1 KB), with the platform's
 * plural rules (Intl.PluralRules). See docs/decisions/165-translations-are-a-small-translator-of-our-own.md.
 */

/** A namespace's texts: nested objects of strings. */
export interface Catalogue {
  [key: string]: string | Catalogue;
}

/**
 * `count` picks the plural form, `defaultValue` stands in for a missing text, and every value
 * fills its `{{placeholder}}`.
 */
export type TextValues = Record<string, unknown> & { count?: number; defaultValue?: string };

/** `t`: the key's text. `Key` is the app's keys (`TextKey`), so that a misspelt key fails the type check. */
export type TFunction<Key extends string = string> = (key: Key, values?: TextValues) => string;

/** i18next's plural suffixes (Intl.PluralRules' categories). */
type PluralSuffix = "_zero" | "_one" | "_two" | "_few" | "_many" | "_other";

/**
 * The keys of a catalogue's texts (its JSON's type): dotted paths to strings, a plural text by
 * its key without the suffix too (`t("items", { count })` picks `items_one` or `items_other`).
 */
export type TextKey<C> = {
  [K in keyof C & string]: C[K] extends string
    ? K | (K extends `${infer Base}${PluralSuffix}` ? Base : never)
    : `${K}.${TextKey<C[K]>}`;
}[keyof C & string];

/** What `t` takes with namespace `N` first: its keys bare, and any namespace's as `namespace:key`. */
export type NamespacedKey<Namespaces, N extends keyof Namespaces> =
  | TextKey<Namespaces[N]>
  | { [M in keyof Namespaces & string]: `${M}:${TextKey<Namespaces[M]>}` }[keyof Namespaces & string];

/** The groups keys sit in: `a.b.c` is in `a` and in `a.b`. */
export type KeyGroup<Key extends string> = Key extends `${infer Head}.${infer Rest}`
  ? Head | `${Head}.${KeyGroup<Rest>}`
  : never;

/**
 * The text of `group.name` where the name comes at run time from outside the catalogue (a rule
 * or a code the server answers): the group is checked, and a name without a text shows as any
 * missing key does (its key, or `defaultValue`). The one place such a key leaves the type check.
 */
export function textIn<Key extends string>(
  t: TFunction<Key>,
  group: KeyGroup<Key>,
  name: string,
  values?: TextValues,
): string {
  return (t as TFunction)(`${group}.${name}`, values);
}

export interface TranslatorOptions {
  language: string;
  defaultNamespace: string;
  /** The BCP 47 tag whose plural rules a language follows (its `lang` attribute). */
  locale: (language: string) => string;
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

export class Translator {
  private current: string;
  private readonly catalogues = new Map<string, Map<string, Catalogue>>();
  private readonly plurals = new Map<string, Intl.PluralRules>();
  private readonly listeners = new Set<() => void>();
  /** Bumped on every change a rendered text could show: the React hook's snapshot. */
  private changes = 0;

  constructor(private readonly options: TranslatorOptions) {
    this.current = options.language;
  }

  get language(): string {
    return this.current;
  }

  get version(): number {
    return this.changes;
  }

  /** Switches the language; the caller loads its catalogues first. */
  changeLanguage(language: string): void {
    if (language === this.current) return;
    this.current = language;
    this.changed();
  }

  addCatalogue(language: string, namespace: string, catalogue: Catalogue): void {
    let namespaces = this.catalogues.get(language);
    if (!namespaces) {
      namespaces = new Map();
      this.catalogues.set(language, namespaces);
    }
    namespaces.set(namespace, catalogue);
    if (language === this.current) this.changed();
  }

  hasCatalogue(language: string, namespace: string): boolean {
    return this.catalogues.get(language)?.has(namespace) ?? false;
  }

  catalogue(language: string, namespace: string): Catalogue | undefined {
    return this.catalogues.get(language)?.get(namespace);
  }

  /**
   * The text of `namespace:key` (or `key` in the default namespace) in the current language,
   * its placeholders filled; a missing text shows the default value given, else its key (as
   * i18next did), so that it is seen.
   */
  t: TFunction = (key, values) => this.translate(this.options.defaultNamespace, key, values);

  /** A `t` whose keys without a namespace are in `namespace`. */
  fixed(namespace: string): TFunction {
    return (key, values) => this.translate(namespace, key, values);
  }

  exists(key: string): boolean {
    const [ns, path] = this.split(key, this.options.defaultNamespace);
    return this.find(ns, path) !== undefined;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private translate(namespace: string, key: string, values?: TextValues): string {
    const [ns, path] = this.split(key, namespace);
    const text = this.find(ns, path, values?.count) ?? values?.defaultValue;
    if (text === undefined) return path;
    return values
      ? text.replace(PLACEHOLDER, (match, name: string) => (name in values ? String(values[name]) : match))
      : text;
  }

  private changed() {
    this.changes += 1;
    for (const listener of this.listeners) listener();
  }

  private split(key: string, namespace: string): [string, string] {
    const colon = key.indexOf(":");
    return colon < 0 ? [namespace, key] : [key.slice(0, colon), key.slice(colon + 1)];
  }

  /** With a count, the key's plural form for it (`key_one`, `key_other`) before the key itself. */
  private find(namespace: string, path: string, count?: number): string | undefined {
    const catalogue = this.catalogue(this.current, namespace);
    if (!catalogue) return undefined;
    if (typeof count === "number") {
      const plural = lookUp(catalogue, `${path}_${this.pluralRules().select(count)}`);
      if (plural !== undefined) return plural;
    }
    return lookUp(catalogue, path);
  }

  private pluralRules(): Intl.PluralRules {
    let rules = this.plurals.get(this.current);
    if (!rules) {
      rules = new Intl.PluralRules(this.options.locale(this.current));
      this.plurals.set(this.current, rules);
    }
    return rules;
  }
}

/** A dotted path's string in a catalogue; undefined when missing or not a string. */
function lookUp(catalogue: Catalogue, path: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of path.split(".")) {
    if (typeof node !== "object") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}
