import { type ConsoleSegment, consoleSegments } from "@hcoins/domain/api/console-segments";
import type { LocalizedText } from "@hcoins/domain/languages";
import type { SegmentCondition, SegmentDefinition } from "@hcoins/domain/segment-rules";

type Fact = SegmentCondition["fact"];

/** A condition as the form holds it: numbers, amounts and dates as typed, choices as the contract has them. */
export type SegmentConditionDraft =
  | { fact: "tier"; in: number[] }
  | { fact: "purchased_within"; days: string; is: boolean }
  | { fact: "spend"; days: string; at_least: string; below: string }
  | { fact: "brands_bought"; in: string[]; days: string }
  | { fact: "joined"; on_or_after: string; before: string }
  | { fact: "birth_month"; in: number[] };

export interface SegmentDraft {
  name: LocalizedText;
  conditions: SegmentConditionDraft[];
}

/** The facts in the order the "add a condition" choice offers them. */
export const SEGMENT_FACTS: readonly Fact[] = [
  "purchased_within",
  "spend",
  "brands_bought",
  "tier",
  "joined",
  "birth_month",
];

export const EMPTY_SEGMENT_DRAFT: SegmentDraft = { name: { en: "", tc: "", sc: "" }, conditions: [] };

/** A new condition of the fact, with its inputs empty (a period starts at 30 days). */
export function newSegmentCondition(fact: Fact): SegmentConditionDraft {
  switch (fact) {
    case "tier":
    case "birth_month":
      return { fact, in: [] };
    case "purchased_within":
      return { fact, days: "30", is: true };
    case "spend":
      return { fact, days: "365", at_least: "", below: "" };
    case "brands_bought":
      return { fact, in: [], days: "365" };
    case "joined":
      return { fact, on_or_after: "", before: "" };
  }
}

const text = (value: number | string | undefined) => (value === undefined ? "" : String(value));

const draftConditionOf = (condition: SegmentCondition): SegmentConditionDraft => {
  switch (condition.fact) {
    case "purchased_within":
      return { fact: condition.fact, days: text(condition.days), is: condition.is };
    case "spend":
      return {
        fact: condition.fact,
        days: text(condition.days),
        at_least: text(condition.at_least),
        below: text(condition.below),
      };
    case "brands_bought":
      return { fact: condition.fact, in: condition.in, days: text(condition.days) };
    case "joined":
      return {
        fact: condition.fact,
        on_or_after: text(condition.on_or_after),
        before: text(condition.before),
      };
    default:
      return condition;
  }
};

export const segmentDraftOf = (segment: ConsoleSegment): SegmentDraft => ({
  name: segment.name,
  conditions: segment.conditions.map(draftConditionOf),
});

/** A typed whole number of days; anything else NaN, which the schema refuses. */
const days = (typed: string) => (/^\d+$/.test(typed.trim()) ? Number(typed) : Number.NaN);
/** An optional bound: left out when empty. */
const bound = (key: string, typed: string) => (typed.trim() ? { [key]: typed.trim() } : {});

/** The conditions as the contract takes them (what the live count and the save send). */
export function conditionsOf(drafts: readonly SegmentConditionDraft[]): unknown[] {
  return drafts.map((draft) => {
    switch (draft.fact) {
      case "purchased_within":
        return { fact: draft.fact, days: days(draft.days), is: draft.is };
      case "spend":
        return {
          fact: draft.fact,
          days: days(draft.days),
          ...bound("at_least", draft.at_least),
          ...bound("below", draft.below),
        };
      case "brands_bought":
        return { fact: draft.fact, in: draft.in, days: days(draft.days) };
      case "joined":
        return {
          fact: draft.fact,
          ...bound("on_or_after", draft.on_or_after),
          ...bound("before", draft.before),
        };
      default:
        return draft;
    }
  });
}

/** The conditions as the live count takes them, or null while any is incomplete or breaks a rule. */
export function countableConditions(drafts: readonly SegmentConditionDraft[]): SegmentCondition[] | null {
  const parsed = consoleSegments.count.body.safeParse({ conditions: conditionsOf(drafts) });
  const unbounded = drafts.some(
    (draft) =>
      (draft.fact === "spend" && !draft.at_least.trim() && !draft.below.trim()) ||
      (draft.fact === "joined" && !draft.on_or_after.trim() && !draft.before.trim()),
  );
  return parsed.success && !unbounded ? parsed.data.conditions : null;
}

/** The first rule each field broke, keyed by its path ("name.en", "conditions.0.days"). */
export type SegmentRules = Record<string, string>;

/**
 * The definition the draft writes, checked by the contract's own schema (the server checks the
 * same), or the rules it broke. A spend or joined condition needs at least one bound (`amountBound`, `dateBound`).
 */
export function segmentDefinitionOf(
  draft: SegmentDraft,
): { definition: SegmentDefinition } | { rules: SegmentRules } {
  const rules: SegmentRules = {};
  draft.conditions.forEach((condition, index) => {
    if (condition.fact === "spend" && !condition.at_least.trim() && !condition.below.trim())
      rules[`conditions.${index}.at_least`] = "amountBound";
    if (condition.fact === "joined" && !condition.on_or_after.trim() && !condition.before.trim())
      rules[`conditions.${index}.on_or_after`] = "dateBound";
  });
  const parsed = consoleSegments.create.body.safeParse({
    name: draft.name,
    conditions: conditionsOf(draft.conditions),
  });
  if (!parsed.success) for (const issue of parsed.error.issues) rules[issue.path.join(".")] ??= issue.message;
  return Object.keys(rules).length > 0 || !parsed.success ? { rules } : { definition: parsed.data };
}
