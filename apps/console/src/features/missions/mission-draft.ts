import { type ConsoleMission, missionBody } from "@hcoins/domain/api/console-missions";
import type { LocalizedText } from "@hcoins/domain/languages";
import type { MissionDefinition, MissionKind, MissionPeriod } from "@hcoins/domain/mission-rules";
import { hongKongLocalOfIso, isoOfHongKongLocal } from "../../lib/hong-kong-time.ts";

/** The editor's state: every field as its input holds it; times Hong Kong datetime-local values. */
export interface MissionDraft {
  name: LocalizedText;
  description: LocalizedText;
  kind: MissionKind;
  goal: string;
  storeCodes: string[];
  brandCodes: string[];
  minNetAmount: string;
  period: MissionPeriod;
  startsAt: string;
  endsAt: string;
  rewardId: string;
  budget: string;
}

export const EMPTY_MISSION_DRAFT: MissionDraft = {
  name: { en: "", tc: "", sc: "" },
  description: { en: "", tc: "", sc: "" },
  kind: "purchases",
  goal: "3",
  storeCodes: [],
  brandCodes: [],
  minNetAmount: "",
  period: "calendar_month",
  startsAt: "",
  endsAt: "",
  rewardId: "",
  budget: "",
};

export const missionDraftOf = (mission: ConsoleMission): MissionDraft => ({
  name: mission.name,
  description: mission.description,
  kind: mission.kind,
  goal: String(mission.goal),
  storeCodes: mission.store_codes,
  brandCodes: mission.brand_codes,
  minNetAmount: mission.min_net_amount ?? "",
  period: mission.period,
  startsAt: hongKongLocalOfIso(mission.starts_at),
  endsAt: hongKongLocalOfIso(mission.ends_at),
  rewardId: String(mission.reward_id),
  budget: mission.budget_completions === null ? "" : String(mission.budget_completions),
});

/** A typed whole number; "" is null; anything else NaN, which the schema refuses. */
const count = (text: string) =>
  text.trim() === "" ? null : /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN;

/** The first rule each field broke, keyed by its path ("name.en", "goal", "ends_at"). */
export type MissionRules = Record<string, string>;

/** The definition the draft writes, checked by the contract's own schema (the server checks the same), or the rules it broke. */
export function missionDefinitionOf(
  draft: MissionDraft,
): { definition: MissionDefinition } | { rules: MissionRules } {
  const input = {
    name: draft.name,
    description: draft.description,
    kind: draft.kind,
    goal: count(draft.goal) ?? Number.NaN,
    store_codes: draft.storeCodes,
    brand_codes: draft.brandCodes,
    min_net_amount: draft.minNetAmount.trim() === "" ? null : draft.minNetAmount.trim(),
    period: draft.period,
    starts_at: isoOfHongKongLocal(draft.startsAt) ?? "",
    ends_at: isoOfHongKongLocal(draft.endsAt) ?? "",
    reward_id: count(draft.rewardId) ?? Number.NaN,
    budget_completions: count(draft.budget),
  };
  const rules: MissionRules = {};
  if (draft.startsAt === "") rules.starts_at = "required";
  if (draft.endsAt === "") rules.ends_at = "required";
  if (draft.rewardId.trim() === "") rules.reward_id = "required";
  const parsed = missionBody.safeParse(input);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      // A list's item names the list: the field the operator typed it in.
      const path =
        issue.path.slice(0, 1).join(".") === "name" || issue.path[0] === "description"
          ? issue.path.join(".")
          : String(issue.path[0]);
      rules[path] ??= issue.message;
    }
  return Object.keys(rules).length > 0 || !parsed.success ? { rules } : { definition: parsed.data };
}
