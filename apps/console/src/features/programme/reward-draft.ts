import { type ConsoleReward, rewardCreateBody, rewardEditBody } from "@hcoins/domain/api/console-programme";
import type { LocalizedText } from "@hcoins/domain/languages";
import type { RewardSaveInput } from "../../api/programme.ts";
import { EMPTY_TEXT } from "../../components/localized-fields.tsx";
import { contractRules, rulesOf } from "../../lib/contract-rules.ts";
import { hongKongLocalOfIso, isoOfHongKongLocal } from "../../lib/hong-kong-time.ts";

/** The reward form's fields as typed (text), before the contract reads them. */
export interface RewardDraft {
  kind: "evoucher" | "product";
  coins: string;
  value_amount: string;
  stock: string;
  store_codes: string[];
  title: LocalizedText;
  description: LocalizedText;
  terms: LocalizedText;
  image_url: string | null;
  starts_at: string;
  ends_at: string;
  per_member_limit: string;
  low_stock_threshold: string;
  voucher_valid_days: string;
  sort_order: string;
  active: boolean;
  /** Only this segment's members see and redeem it; null = everyone's. */
  segment_id: number | null;
}

export function draftOf(reward: ConsoleReward | null): RewardDraft {
  return {
    kind: reward?.kind ?? "evoucher",
    coins: reward ? String(reward.coins) : "",
    value_amount: reward?.value_amount ?? "",
    stock: "",
    store_codes: reward?.store_codes ?? [],
    title: reward?.title ?? EMPTY_TEXT,
    description: reward?.description ?? EMPTY_TEXT,
    terms: reward?.terms ?? EMPTY_TEXT,
    image_url: reward?.image_url ?? null,
    starts_at: hongKongLocalOfIso(reward?.starts_at ?? null),
    ends_at: hongKongLocalOfIso(reward?.ends_at ?? null),
    per_member_limit: reward?.per_member_limit == null ? "" : String(reward.per_member_limit),
    // No alert unless the manager asks for one (docs: a default would alert on rewards nobody watches).
    low_stock_threshold: reward?.low_stock_threshold == null ? "" : String(reward.low_stock_threshold),
    voucher_valid_days: String(reward?.voucher_valid_days ?? 30),
    sort_order: String(reward?.sort_order ?? 0),
    active: reward?.active ?? true,
    segment_id: reward?.segment_id ?? null,
  };
}

/** A typed number as the contract's number (its rule then names a bad one); "" as null where allowed. */
const numberOf = (text: string) => (text.trim() === "" ? undefined : Number(text.trim()));

/**
 * The save's input: the contract's body of an edit, or of a creation with its first stock. A number
 * left empty goes as undefined for the contract's rule to name (draftRules).
 */
export function saveInputOf(draft: RewardDraft, id: number | null): RewardSaveInput {
  const body = {
    kind: draft.kind,
    coins: numberOf(draft.coins) as number,
    value_amount:
      draft.kind === "product" || draft.value_amount.trim() === "" ? null : draft.value_amount.trim(),
    store_codes: draft.store_codes,
    title: draft.title,
    description: draft.description,
    terms: draft.terms,
    image_url: draft.image_url,
    starts_at: isoOfHongKongLocal(draft.starts_at),
    ends_at: isoOfHongKongLocal(draft.ends_at),
    per_member_limit: numberOf(draft.per_member_limit) ?? null,
    low_stock_threshold: numberOf(draft.low_stock_threshold) ?? null,
    voucher_valid_days: numberOf(draft.voucher_valid_days) as number,
    sort_order: numberOf(draft.sort_order) ?? 0,
    active: draft.active,
    segment_id: draft.segment_id,
  };
  return id === null ? { id, body: { ...body, stock: numberOf(draft.stock) as number } } : { id, body };
}

/** The contract's rules, run in the browser first: each failed field with its rule, as a 4000 names it. */
export const draftRules = ({ id, body }: RewardSaveInput): Record<string, string> =>
  rulesOf(contractRules(id === null ? rewardCreateBody : rewardEditBody, body));
