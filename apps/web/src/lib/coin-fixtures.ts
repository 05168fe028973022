import type {
  CoinBalance,
  CoinMissions,
  CoinTier,
  HistoryEntry,
  MemberReward,
  MemberVoucher,
} from "../api/member-coins.ts";

/** Test fixtures (tests only): the member-coins calls' addresses and answers as the contract shapes them. */

const CALLS = "/custom-api/custom/cuapp/customer";
export const COIN_CALLS = {
  balance: `POST ${CALLS}/hcoin-balance`,
  history: `POST ${CALLS}/hcoin-history`,
  rewards: `POST ${CALLS}/hcoin-rewards`,
  reward: `POST ${CALLS}/hcoin-reward`,
  redeem: `POST ${CALLS}/hcoin-redeem`,
  redeemSms: `POST ${CALLS}/hcoin-redeem-sms`,
  vouchers: `POST ${CALLS}/hcoin-vouchers`,
  tier: `POST ${CALLS}/hcoin-tier`,
  missions: `POST ${CALLS}/hcoin-missions`,
} as const;

export const text = (en: string, tc = en, sc = tc) => ({ en, tc, sc });

export const balanceAnswer = (changes: Partial<CoinBalance> = {}): CoinBalance => ({
  linked: true,
  hcoins_memberno: "HC0001",
  balance: 12_345,
  // As the scheme answers: the instant the coins are gone, 00:00 on 1 Jan 2027 in Hong Kong.
  expiring: [{ expires_at: "2026-12-31T16:00:00.000Z", coins: 1_200 }],
  as_of: "2026-11-27T02:30:00.000Z",
  ...changes,
});

export const historyEntry = (changes: Partial<HistoryEntry> = {}): HistoryEntry => ({
  id: 1,
  kind: "purchase",
  coins: 120,
  created_at: "2026-11-20T04:00:00.000Z",
  store_code: "S001",
  store_name: text("Causeway Bay", "銅鑼灣", "铜锣湾"),
  receipt_no: "R-7788",
  net_amount: "100.00",
  bonus_coins: 20,
  lines: [
    { kind: "base", coins: 100, name: null },
    { kind: "birthday", coins: 20, name: null },
  ],
  reason: null,
  reward_title: null,
  gift: null,
  voucher_code: null,
  expires_at: "2027-11-20T16:00:00.000Z",
  ...changes,
});

export const reward = (changes: Partial<MemberReward> = {}): MemberReward => ({
  id: 7,
  kind: "evoucher",
  coins: 500,
  stock: 40,
  value_amount: "50.00",
  title: text("HK$50 e-gift voucher", "HK$50 電子禮券", "HK$50 电子礼券"),
  description: text("Spend it on anything in store.", "店內任何貨品均可使用。", "店内任何商品均可使用。"),
  terms: text("One voucher per purchase.", "每次消費限用一張。", "每次消费限用一张。"),
  image_url: "/media/reward-7.jpg",
  stores: [],
  starts_at: "2026-11-01T00:00:00.000Z",
  ends_at: "2026-12-31T15:59:59.000Z",
  per_member_limit: 2,
  voucher_valid_days: 30,
  for_you: false,
  redeemed: 0,
  state: "available",
  ...changes,
});

export const voucher = (changes: Partial<MemberVoucher> = {}): MemberVoucher => ({
  code: "HCV4-K7PQ-2M9X-8B3D",
  reward_id: 7,
  kind: "evoucher",
  title: text("HK$50 e-gift voucher", "HK$50 電子禮券", "HK$50 电子礼券"),
  value_amount: "50.00",
  stores: [],
  coins: 500,
  status: "issued",
  issued_at: "2026-11-27T02:30:00.000Z",
  valid_until: "2026-12-27T15:59:59.000Z",
  used_at: null,
  used_store_name: null,
  cancelled_at: null,
  ...changes,
});

const silverTier = {
  code: "silver",
  name: { en: "Silver", tc: "銀卡", sc: "银卡" },
  benefits: { en: "Free parking on weekends", tc: "週末免費泊車", sc: "周末免费停车" },
  multiplier: "1.5",
};
const goldTier = {
  code: "gold",
  name: { en: "Gold", tc: "金卡", sc: "金卡" },
  benefits: { en: "Double H Coins", tc: "雙倍 H Coins", sc: "双倍 H Coins" },
  multiplier: "2",
};

/** Silver, HK$14,500 short of gold by the end of 2026 (a calendar year), reviewed on 20 Aug 2027. */
export const tierAnswer = (changes: Partial<CoinTier> = {}): CoinTier => ({
  linked: true,
  tier: silverTier,
  spend_amount: "5500.00",
  // The calendar year's last instant in Hong Kong.
  next: { tier: goldTier, spend_needed_amount: "14500.00", by: "2026-12-31T15:59:59.999Z" },
  // 00:00 on 20 Aug 2027 in Hong Kong.
  review_at: "2027-08-19T16:00:00.000Z",
  as_of: "2026-11-27T02:30:00.000Z",
  ...changes,
});

/** The same member once they reached gold: the top tier. */
export const topTierAnswer = (): CoinTier =>
  tierAnswer({ tier: goldTier, spend_amount: "20000.00", next: null, review_at: "2027-11-26T16:00:00.000Z" });

/** "3 coffees get 1", 2 of 3 stamps, this month. */
export const missionCard = (
  changes: Partial<CoinMissions["missions"][number]> = {},
): CoinMissions["missions"][number] => ({
  id: 3,
  name: text("3 coffees get 1", "三杯咖啡送一杯", "三杯咖啡送一杯"),
  description: text("Buy 3 coffees this month", "本月購買 3 杯咖啡", "本月购买 3 杯咖啡"),
  kind: "purchases",
  goal: 3,
  stamps: 2,
  period_key: "2026-11",
  period_ends_at: "2026-11-30T16:00:00.000Z",
  completed_at: null,
  voucher_code: null,
  reward_id: 7,
  ...changes,
});

export const missionsAnswer = (missions: CoinMissions["missions"]): CoinMissions => ({
  linked: true,
  missions,
  as_of: "2026-11-27T02:30:00.000Z",
});
