import { type ConsoleSegment, consoleSegments } from "@hcoins/domain/api/console-segments";
import type { LocalizedText } from "@hcoins/domain/languages";
import type { SegmentCondition, SegmentDefinition } from "@hcoins/domain/segment-rules";
import {
  type SegmentConditionDraft,
  segmentConditionDraftOf,
  unboundedRule,
  wireConditionOf,
} from "./segment-facts.tsx";

export interface SegmentDraft {
  name: LocalizedText;
  conditions: SegmentConditionDraft[];
}

export const EMPTY_SEGMENT_DRAFT: SegmentDraft = { name: { en: "", tc: "", sc: "" }, conditions: [] };

export const segmentDraftOf = (segment: ConsoleSegment): SegmentDraft => ({
  name: segment.name,
  conditions: segment.conditions.map(segmentConditionDraftOf),
});

/** The conditions as the contract takes them (what the live count and the save send). */
export const conditionsOf = (drafts: readonly SegmentConditionDraft[]): unknown[] =>
  drafts.map(wireConditionOf);

/** The conditions as the live count takes them, or null while any is incomplete or breaks a rule. */
export function countableConditions(drafts: readonly SegmentConditionDraft[]): SegmentCondition[] | null {
  if (drafts.some((draft) => unboundedRule(draft) !== null)) return null;
  const parsed = consoleSegments.count.body.safeParse({ conditions: conditionsOf(drafts) });
  return parsed.success ? parsed.data.conditions : null;
}

/** The first rule each field broke, keyed by its path ("name.en", "conditions.0.days"). */
export type SegmentRules = Record<string, string>;

/**
 * The definition the draft writes, checked by the contract's own schema (the server checks the
 * same), or the rules it broke, with those the form keeps beyond the contract (segment-facts.tsx).
 */
export function segmentDefinitionOf(
  draft: SegmentDraft,
): { definition: SegmentDefinition } | { rules: SegmentRules } {
  const rules: SegmentRules = {};
  draft.conditions.forEach((condition, index) => {
    const broken = unboundedRule(condition);
    if (broken) rules[`conditions.${index}.${broken.key}`] = broken.rule;
  });
  const parsed = consoleSegments.create.body.safeParse({
    name: draft.name,
    conditions: conditionsOf(draft.conditions),
  });
  if (!parsed.success) for (const issue of parsed.error.issues) rules[issue.path.join(".")] ??= issue.message;
  return parsed.success && Object.keys(rules).length === 0 ? { definition: parsed.data } : { rules };
}
