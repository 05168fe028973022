import { type ConsoleCampaign, campaignBody } from "@hcoins/domain/api/console-campaigns";
import type {
  CampaignAction,
  CampaignCondition,
  CampaignDefinition,
  CampaignFact,
  ProgrammeRule,
} from "@hcoins/domain/campaign-rules";
import type { LocalizedText } from "@hcoins/domain/languages";
import { hongKongLocalOfIso, isoOfHongKongLocal } from "../../lib/hong-kong-time.ts";

/** A condition as the form holds it: amounts as typed, the rest as the contract has them. */
export type ConditionDraft =
  | Exclude<CampaignCondition, { fact: "net_amount" }>
  | { fact: "net_amount"; at_least: string; below: string };

/** The editor's state: every field as its input holds it; times are Hong Kong datetime-local values. */
export interface CampaignDraft {
  name: LocalizedText;
  conditions: ConditionDraft[];
  action: CampaignAction["type"];
  multiplier: string;
  bonusCoins: string;
  /** A reward campaign's reward, as its choice holds it. */
  rewardId: string;
  stacks: boolean;
  startsAt: string;
  endsAt: string;
  budget: string;
  cap: string;
  /** A programme rule's kind (its action fits it; no budget or cap), kept as it was; null for a promotion. */
  programmeRule: ProgrammeRule | null;
}

/** The facts in the order the "add a condition" choice offers them. */
export const FACTS: readonly CampaignFact[] = [
  "weekday",
  "time_of_day",
  "store",
  "brand",
  "partner_store",
  "net_amount",
  "electronic_payment",
  "tier",
  "segment",
  "first_purchase",
  "birthday_month",
];

export const EMPTY_DRAFT: CampaignDraft = {
  name: { en: "", tc: "", sc: "" },
  conditions: [],
  action: "multiplier",
  multiplier: "2",
  bonusCoins: "",
  rewardId: "",
  stacks: false,
  startsAt: "",
  endsAt: "",
  budget: "",
  cap: "",
  programmeRule: null,
};

/** A new condition of the fact, with its inputs empty (a yes/no fact starts at yes). */
export function newCondition(fact: CampaignFact): ConditionDraft {
  switch (fact) {
    case "store":
      return { fact, in: [] };
    case "weekday":
      return { fact, in: [] };
    case "time_of_day":
      return { fact, from: "", to: "" };
    case "net_amount":
      return { fact, at_least: "", below: "" };
    case "tier":
      return { fact, in: [] };
    case "brand":
      return { fact, in: [] };
    case "segment":
      return { fact, in: [] };
    default:
      return { fact, is: true };
  }
}

const conditionDraftOf = (condition: CampaignCondition): ConditionDraft => {
  if (condition.fact === "net_amount")
    return { fact: "net_amount", at_least: condition.at_least ?? "", below: condition.below ?? "" };
  return condition;
};

export const draftOf = (campaign: ConsoleCampaign): CampaignDraft => ({
  name: campaign.name,
  conditions: campaign.conditions.map(conditionDraftOf),
  action: campaign.action.type,
  multiplier: campaign.action.type === "multiplier" ? campaign.action.multiplier : "2",
  bonusCoins: campaign.action.type === "bonus" ? String(campaign.action.coins) : "",
  rewardId: campaign.action.type === "reward" ? String(campaign.action.reward_id) : "",
  stacks: campaign.stacks,
  startsAt: hongKongLocalOfIso(campaign.starts_at),
  endsAt: hongKongLocalOfIso(campaign.ends_at),
  budget: campaign.budget_coins === null ? "" : String(campaign.budget_coins),
  cap: campaign.per_member_cap === null ? "" : String(campaign.per_member_cap),
  programmeRule: campaign.programme_rule,
});

/** A typed whole number; "" is null (no budget, no cap); anything else is NaN, which the schema refuses. */
const count = (text: string) =>
  text.trim() === "" ? null : /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN;

const conditionOf = (draft: ConditionDraft): CampaignCondition | Record<string, unknown> => {
  if (draft.fact === "net_amount")
    return {
      fact: "net_amount",
      ...(draft.at_least.trim() ? { at_least: draft.at_least.trim() } : {}),
      ...(draft.below.trim() ? { below: draft.below.trim() } : {}),
    };
  return draft;
};

/** The first rule each field broke, keyed by its path ("name.en", "conditions.0.in", "ends_at"). */
export type DraftRules = Record<string, string>;

/**
 * The definition the draft writes, checked by the contract's own schema (the server checks the
 * same), or the rules it broke. An amount condition needs at least one bound (`amountBound`).
 */
export function definitionOf(
  draft: CampaignDraft,
): { definition: CampaignDefinition } | { rules: DraftRules } {
  const input = {
    name: draft.name,
    conditions: draft.conditions.map(conditionOf),
    action:
      draft.action === "multiplier"
        ? { type: "multiplier", multiplier: draft.multiplier.trim() }
        : draft.action === "bonus"
          ? { type: "bonus", coins: count(draft.bonusCoins) ?? Number.NaN }
          : draft.action === "reward"
            ? { type: "reward", reward_id: count(draft.rewardId) ?? Number.NaN }
            : { type: draft.action },
    stacks: draft.stacks,
    starts_at: isoOfHongKongLocal(draft.startsAt) ?? "",
    ends_at: isoOfHongKongLocal(draft.endsAt) ?? "",
    // A reward campaign is bounded by its reward's stock and per-member limit (campaign-rules.ts).
    budget_coins: draft.action === "reward" ? null : count(draft.budget),
    per_member_cap: draft.action === "reward" ? null : count(draft.cap),
    programme_rule: draft.programmeRule,
  };
  const rules: DraftRules = {};
  if (draft.startsAt === "") rules.starts_at = "required";
  if (draft.endsAt === "") rules.ends_at = "required";
  draft.conditions.forEach((condition, index) => {
    if (condition.fact === "net_amount" && !condition.at_least.trim() && !condition.below.trim())
      rules[`conditions.${index}.at_least`] = "amountBound";
  });
  const parsed = campaignBody.safeParse(input);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const path = issue.path.join(".");
      rules[path] ??= issue.message;
    }
  return Object.keys(rules).length > 0 || !parsed.success ? { rules } : { definition: parsed.data };
}
