import { describe, expect, it } from "vitest";
import { type CampaignDraft, definitionOf, draftOf, EMPTY_DRAFT, newCondition } from "./campaign-draft.ts";
import { campaign } from "./campaign-test-data.ts";

const named: CampaignDraft = {
  ...EMPTY_DRAFT,
  name: { en: "Evening", tc: "晚市", sc: "晚市" },
  startsAt: "2026-12-01T00:00",
  endsAt: "2026-12-31T00:00",
};

describe("a campaign draft", () => {
  it("writes every fact's condition as the contract has it: amounts as text, Hong Kong times", () => {
    const draft: CampaignDraft = {
      ...named,
      conditions: [
        { fact: "time_of_day", from: "18:00", to: "02:00" },
        { fact: "net_amount", at_least: "500", below: "" },
        { fact: "tier", in: [2, 3] },
        { fact: "brand", in: ["harbour-fresh"] },
        { fact: "store", in: ["HF-CW01"] },
        { fact: "electronic_payment", is: true },
        { fact: "first_purchase", is: false },
      ],
      action: "bonus",
      bonusCoins: "88",
      stacks: true,
    };
    expect(definitionOf(draft)).toEqual({
      definition: {
        name: { en: "Evening", tc: "晚市", sc: "晚市" },
        conditions: [
          { fact: "time_of_day", from: "18:00", to: "02:00" },
          { fact: "net_amount", at_least: "500" },
          { fact: "tier", in: [2, 3] },
          { fact: "brand", in: ["harbour-fresh"] },
          { fact: "store", in: ["HF-CW01"] },
          { fact: "electronic_payment", is: true },
          { fact: "first_purchase", is: false },
        ],
        action: { type: "bonus", coins: 88 },
        stacks: true,
        starts_at: "2026-12-01T00:00:00+08:00",
        ends_at: "2026-12-31T00:00:00+08:00",
        budget_coins: null,
        per_member_cap: null,
        programme_rule: null,
      },
    });
  });

  it("names the rule each field broke by its path", () => {
    const draft: CampaignDraft = {
      ...named,
      conditions: [
        newCondition("weekday"),
        newCondition("net_amount"),
        { fact: "time_of_day", from: "25:00", to: "" },
        { fact: "tier", in: [] },
      ],
      multiplier: "x2",
      budget: "-5",
    };
    expect(definitionOf(draft)).toEqual({
      rules: expect.objectContaining({
        "conditions.0.in": "required",
        "conditions.1.at_least": "amountBound",
        "conditions.2.from": "timeFormat",
        "conditions.2.to": "timeFormat",
        "action.multiplier": "multiplierInvalid",
        budget_coins: expect.any(String),
      }),
    });
    expect(definitionOf(draft)).toHaveProperty(["rules", "conditions.3.in"], "required");
  });

  it("reads a saved campaign back into the form", () => {
    const draft = draftOf(campaign());
    expect(draft).toMatchObject({
      conditions: [{ fact: "weekday", in: [6, 7] }],
      action: "multiplier",
      multiplier: "2",
      startsAt: "2026-12-05T00:00",
      endsAt: "2027-01-01T00:00",
      budget: "500000",
      cap: "2000",
    });
    expect(definitionOf(draft)).toHaveProperty("definition.budget_coins", 500_000);
  });
});
