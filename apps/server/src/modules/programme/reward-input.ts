import type { SchemeReward } from "@hcoins/coin-scheme/contract";
import type { rewardCreateBody, rewardEditBody } from "@hcoins/domain/api/console-programme";
import { parseAmountCents } from "@hcoins/domain/earn-rules";
import type { z } from "zod";
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
    lowStockThreshold: reward.low_stock_threshold,
    voucherValidDays: reward.voucher_valid_days,
    active: reward.active,
    sortOrder: reward.sort_order,
    segmentId: reward.segment_id,
  };
}

/** The console's body (checked by the contract) as the scheme client takes it; `stock` only on creation. */
export function rewardInputOfBody(
  body: z.output<typeof rewardEditBody> | z.output<typeof rewardCreateBody>,
): RewardInput {
  return {
    kind: body.kind,
    coins: body.coins,
    ...("stock" in body ? { stock: body.stock } : {}),
    valueCents: body.value_amount === null ? null : centsOf(body.value_amount),
    storeCodes: body.store_codes,
    title: body.title,
    description: body.description,
    terms: body.terms,
    imageUrl: body.image_url === "" ? null : body.image_url,
    startsAt: body.starts_at === null ? null : Date.parse(body.starts_at),
    endsAt: body.ends_at === null ? null : Date.parse(body.ends_at),
    perMemberLimit: body.per_member_limit,
    lowStockThreshold: body.low_stock_threshold,
    voucherValidDays: body.voucher_valid_days,
    active: body.active,
    sortOrder: body.sort_order,
    segmentId: body.segment_id,
  };
}

function centsOf(amount: string): number {
  const parsed = parseAmountCents(amount);
  if ("rule" in parsed) throw new Error(`a value of "${amount}" passed the contract`);
  return parsed.cents;
}
