import type { SchemeReward } from "@hcoins/coin-scheme/api-schemas";
import { parseAmountCents } from "@hcoins/domain/earn-rules";
import type { RewardInput } from "../coins/coin-scheme-client.ts";

/** The fields an operator writes of a reward as the scheme answered it: the base of an edit. */
export function rewardInputOf(reward: SchemeReward): RewardInput {
  return {
    kind: reward.kind,
    coins: reward.coins,
    valueCents: reward.value_amount === null ? null : centsOf(reward.value_amount),
    storeCodes: reward.store_codes,
    title: reward.title,
    description: reward.description,
    terms: reward.terms,
    imageUrl: reward.image_url,
    startsAt: reward.starts_at === null ? null : Date.parse(reward.starts_at),
    endsAt: reward.ends_at === null ? null : Date.parse(reward.ends_at),
    perMemberLimit: reward.per_member_limit,
    voucherValidDays: reward.voucher_valid_days,
    active: reward.active,
    sortOrder: reward.sort_order,
  };
}

function centsOf(amount: string): number {
  const parsed = parseAmountCents(amount);
  if ("rule" in parsed) throw new Error(`the scheme answered a value of "${amount}"`);
  return parsed.cents;
}
