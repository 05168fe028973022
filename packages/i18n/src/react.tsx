import {
  Children,
  cloneElement,
  type ReactElement,
  type ReactNode,
  useMemo,
  useSyncExternalStore,
} from "react";
import type { TFunction, Translator } from "./translator.ts";

export interface Translation<Key extends string = string> {
  t: TFunction<Key>;
  /** The translator, for its `language`. */
  i18n: Translator;
}

/**
 * `useTranslator(translator, namespace)`, which each app wraps as its `useTranslation`: `t`
 * reads keys without a namespace from the first one named (others by `namespace:key`), and the
 * component draws again, with a new `t`, when the language or its texts change.
 */
export function useTranslator(translator: Translator, namespaces?: string | readonly string[]): Translation {
  const version = useSyncExternalStore(translator.subscribe, () => translator.version);
  const namespace = typeof namespaces === "string" ? namespaces : namespaces?.[0];
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new t for each version, so that effects on t run again
  return useMemo(
    () => ({ t: namespace ? translator.fixed(namespace) : translator.t, i18n: translator }),
    [translator, namespace, version],
  );
}

const TAG = /<(\w+)>|<\/(\w+)>/g;

interface Part {
  name: string;
  children: ReactNode[];
}

/**
 * A text with markup: each `<name>…</name>` in it becomes `components[name]` with that part as
 * its children (nested tags too). Text between tags stays text, which React escapes; a tag
 * left open or closed out of turn shows as written.
 */
export function Trans<Key extends string>({
  t,
  i18nKey,
  components,
}: {
  t: TFunction<Key>;
  i18nKey: NoInfer<Key>;
  components: Record<string, ReactElement<{ children?: ReactNode }>>;
}): ReactNode {
  const text = t(i18nKey);
  const root: Part = { name: "", children: [] };
  const open: Part[] = [root];
  const current = () => open[open.length - 1] ?? root;
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) current().children.push(text.slice(last, match.index));
    last = match.index + match[0].length;
    const [tag, opening, closing] = match;
    if (opening) open.push({ name: opening, children: [] });
    else if (closing === current().name && open.length > 1) {
      const part = open.pop() as Part;
      const component = components[part.name];
      current().children.push(
        component ? cloneElement(component, { key: match.index }, ...part.children) : part.children,
      );
    } else current().children.push(tag);
  }
  if (last < text.length) current().children.push(text.slice(last));
  while (open.length > 1) {
    const part = open.pop() as Part;
    current().children.push(`<${part.name}>`, ...part.children);
  }
  return Children.toArray(root.children);
}
