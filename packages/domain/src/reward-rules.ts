/*
 * What a reward of the catalogue may be: the coin scheme enforces these (its rewards.ts and
 * routes/rewards.ts), and the console's contract and the admin command line say them first, with
 * the same rule names. One source, beside the earn rules.
 */

export const REWARD_KINDS = ["evoucher", "product"] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];

export const REWARD_LIMITS = {
  /** The price in H Coins, from 1. */
  coins: 10_000_000,
  /** Units in stock, a member's limit and a low-stock threshold. */
  stock: 1_000_000,
  /** How long a voucher stays valid, from 1 day. */
  validDays: 3650,
  /** The catalogue order, either side of zero. */
  sortOrder: 1_000_000,
  storeCodes: 200,
  imageUrl: 500,
} as const;

/** Characters of each language's text. */
export const REWARD_TEXT_MAX = { title: 200, description: 4000, terms: 8000 } as const;

/** https, or a path of this site: "//host/…" would be another site's, so a path's second character is not "/". */
export const REWARD_IMAGE_URL = /^(https:\/\/[\x21-\x7e]+|\/(?!\/)[\x21-\x7e]*)$/;

/** An e-gift voucher has a value above zero, a product none: the rule broken, or null. */
export function rewardValueRule(
  kind: RewardKind,
  value: number | null,
): "valueRequired" | "valueForProduct" | null {
  if (kind === "evoucher" && (value === null || value <= 0)) return "valueRequired";
  if (kind === "product" && value !== null) return "valueForProduct";
  return null;
}
