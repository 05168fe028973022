import type { SegmentCondition } from "@hcoins/domain/segment-rules";
import { describe, expect, it } from "vitest";
import {
  countableConditions,
  EMPTY_SEGMENT_DRAFT,
  segmentDefinitionOf,
  segmentDraftOf,
} from "./segment-draft.ts";
import { newSegmentCondition, SEGMENT_FACTS, type SegmentFact } from "./segment-facts.tsx";

const NAME = { en: "Regulars", tc: "熟客", sc: "熟客" };

/** A saved condition of every fact: a fact added to the domain and left out here fails to compile. */
const SAVED: { [F in SegmentFact]: Extract<SegmentCondition, { fact: F }> } = {
  purchased_within: { fact: "purchased_within", days: 90, is: false },
  spend: { fact: "spend", days: 365, at_least: "500", below: "2000.50" },
  brands_bought: { fact: "brands_bought", in: ["coffee-corner"], days: 30 },
  tier: { fact: "tier", in: [2, 3] },
  joined: { fact: "joined", on_or_after: "2026-01-01" },
  birth_month: { fact: "birth_month", in: [3, 11] },
  region: { fact: "region", in: ["3001", "3002"] },
  district: { fact: "district", in: ["5005"] },
  age_range: { fact: "age_range", in: ["26 - 35", "56 or above"] },
  marketing_consent: { fact: "marketing_consent", channel: "email", is: false },
};

const segment = (conditions: SegmentCondition[]) => ({
  id: 1,
  name: NAME,
  conditions,
  members: 0,
  created_by: "operator:a@example.com",
  created_at: "2026-11-27T02:00:00.000Z",
  updated_by: null,
  updated_at: null,
});

describe("a segment draft", () => {
  it("holds every fact's saved condition and writes it back as it was", () => {
    const conditions = SEGMENT_FACTS.map((fact) => SAVED[fact]);
    const draft = segmentDraftOf(segment(conditions));
    expect(segmentDefinitionOf(draft)).toEqual({ definition: { name: NAME, conditions } });
    expect(countableConditions(draft.conditions)).toEqual(conditions);
  });

  it("names the rule each field broke by its path, a bound left empty among them, and counts none of it", () => {
    const conditions = [
      { ...newSegmentCondition("purchased_within"), days: "ninety" },
      newSegmentCondition("spend"),
      newSegmentCondition("joined"),
      newSegmentCondition("birth_month"),
    ];
    expect(segmentDefinitionOf({ ...EMPTY_SEGMENT_DRAFT, conditions })).toEqual({
      rules: {
        "name.en": "required",
        "name.tc": "required",
        "name.sc": "required",
        "conditions.0.days": expect.any(String),
        "conditions.1.at_least": "amountBound",
        "conditions.2.on_or_after": "dateBound",
        "conditions.3.in": "required",
      },
    });
    expect(countableConditions(conditions)).toBeNull();
    // A bound left empty is a rule of the form's, not the contract's: it alone keeps the count back.
    expect(countableConditions([newSegmentCondition("spend")])).toBeNull();
    expect(countableConditions([])).toEqual([]);
  });
});
