import { type KeyGroup, type TextValues, type TFunction, textIn } from "@hcoins/i18n/translator";
import type { Key } from "./i18n.ts";

/**
 * A validation rule in words: the feature's own text (`<group>.<rule>`) when it has one, else the
 * console's shared `rules.<rule>`, else "not valid". A rule's name arrives at run time (the
 * contract's zod message, a 4000's `rule`), so it is looked up with `textIn`, where the groups are
 * checked and the name is not.
 */
export function ruleText(
  t: TFunction<Key>,
  rule: string,
  group?: KeyGroup<Key>,
  values?: TextValues,
): string {
  const shared = textIn(t, "rules", rule, { ...values, defaultValue: t("rules.invalid") });
  return group ? textIn(t, group, rule, { ...values, defaultValue: shared }) : shared;
}
