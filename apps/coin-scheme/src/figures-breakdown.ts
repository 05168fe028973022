import { STORE_FIGURE_COLUMNS, zeroes } from "@hcoins/domain/coin-figures";
import { addDays, dayStartMs } from "@hcoins/domain/figures-range";
import type { CoinFiguresBreakdownResult, CoinStoreFigures } from "./api-schemas.ts";
import { ENTRY_COLUMN } from "./figures.ts";
import type { CoinSchemeRepository } from "./repository.ts";

const emptyLine = (storeCode: string | null): CoinStoreFigures => ({
  store_code: storeCode,
  ...zeroes(STORE_FIGURE_COLUMNS),
});

/**
 * The range's coins (`from` to `to`, Hong Kong days, both included, a range figures-range.ts
 * accepts) per store, per reward, and per campaign (with the tier multiplier's lines as one
 * line: what the programme's extras cost). Each is a GROUP BY query; only their handful of rows is
 * shaped here. Stores in code order, the entries without a store last.
 */
export async function coinFiguresBreakdown(
  repository: CoinSchemeRepository,
  from: string,
  to: string,
): Promise<CoinFiguresBreakdownResult> {
  const start = dayStartMs(from);
  const until = dayStartMs(addDays(to, 1));
  const [byStore, byReward, byCampaign] = await Promise.all([
    repository.figures.coinsByStoreAndKind(start, until),
    repository.figures.redemptionsByReward(start, until),
    repository.figures.coinsByCampaign(start, until),
  ]);
  const lines = new Map<string | null, CoinStoreFigures>();
  for (const row of byStore) {
    const line = lines.get(row.storeCode) ?? emptyLine(row.storeCode);
    lines.set(row.storeCode, line);
    const counted = ENTRY_COLUMN[row.kind];
    if (!counted) continue;
    line[counted.column] += counted.sign * row.coins;
    if (row.kind === "purchase") line.purchases += row.entries;
  }
  const stores = [...lines.values()].sort((a, b) =>
    a.store_code === null ? 1 : b.store_code === null ? -1 : a.store_code.localeCompare(b.store_code),
  );
  const rewards = byReward.map((row) => ({
    reward_id: row.rewardId,
    redemptions: row.redemptions,
    redeemed: row.redeemed,
    cancellations: row.cancellations,
    cancelled: row.cancelled,
    goodwill_vouchers: row.goodwillVouchers,
    goodwill_coins: row.goodwillCoins,
  }));
  const campaigns: CoinFiguresBreakdownResult["campaigns"] = [];
  let tierMultiplier = { coins: 0, members: 0, purchases: 0 };
  for (const { kind, campaignId, ...line } of byCampaign) {
    if (kind === "tier") tierMultiplier = line;
    else if (campaignId !== null) campaigns.push({ campaign_id: campaignId, ...line });
  }
  return { from, to, stores, rewards, campaigns, tier_multiplier: tierMultiplier };
}
