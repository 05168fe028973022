import {
  BREAKDOWN_CAMPAIGN_COLUMNS,
  BREAKDOWN_MOVEMENTS,
  BREAKDOWN_REWARD_COLUMNS,
  type Breakdown,
  type ConsoleFiguresBreakdown,
} from "@hcoins/domain/api/console-figures";
import type { Language, LocalizedText } from "@hcoins/domain/languages";

/** Excel reads a CSV as UTF-8 (Chinese names intact) only when it starts with the byte-order mark. */
const BOM = "\uFEFF";

/** The operator's words for each column: the console figures page's (locales figures.*, goodwillFigures.*). */
const HEADERS = {
  store_code: { en: "Store code", tc: "分店編號", sc: "门店编号" },
  store: { en: "Store", tc: "分店", sc: "门店" },
  brand_code: { en: "Brand code", tc: "品牌編號", sc: "品牌编号" },
  brand: { en: "Brand", tc: "品牌", sc: "品牌" },
  stores: { en: "Stores", tc: "分店數目", sc: "门店数" },
  purchases: { en: "Purchases", tc: "消費次數", sc: "消费次数" },
  earned: { en: "Coins earned", tc: "賺取的 H Coins", sc: "赚取的 H Coins" },
  refunded: { en: "Coins refunded", tc: "退款扣回的 H Coins", sc: "退款扣回的 H Coins" },
  adjusted: { en: "Coins adjusted", tc: "調整的 H Coins", sc: "调整的 H Coins" },
  redeemed: { en: "Coins redeemed", tc: "換領的 H Coins", sc: "兑换的 H Coins" },
  cancelled: {
    en: "Coins returned (voucher cancelled)",
    tc: "退回的 H Coins（禮券已取消）",
    sc: "退回的 H Coins（礼券已取消）",
  },
  expired: { en: "Coins expired", tc: "到期的 H Coins", sc: "到期的 H Coins" },
  forfeited: {
    en: "Coins forfeited (erasure)",
    tc: "因刪除資料而沒收的 H Coins",
    sc: "因删除资料而没收的 H Coins",
  },
  reward_id: { en: "Reward ID", tc: "獎賞編號", sc: "奖赏编号" },
  reward: { en: "Reward", tc: "獎賞", sc: "奖赏" },
  redemptions: { en: "Redemptions", tc: "換領次數", sc: "兑换次数" },
  cancellations: { en: "Cancellations", tc: "取消次數", sc: "取消次数" },
  goodwill_vouchers: { en: "Goodwill vouchers", tc: "優待禮券", sc: "优待礼券" },
  goodwill_coins: { en: "Goodwill (coins)", tc: "優待（H Coins）", sc: "优待（H Coins）" },
  campaign_id: { en: "Campaign ID", tc: "推廣活動編號", sc: "推广活动编号" },
  campaign: { en: "Campaign", tc: "推廣活動", sc: "推广活动" },
  coins: { en: "Coins issued", tc: "已發放 H Coins", sc: "已发放 H Coins" },
  members: { en: "Members who earned", tc: "獲發會員人數", sc: "获发会员人数" },
  budget_coins: { en: "Budget (coins)", tc: "預算（H Coins）", sc: "预算（H Coins）" },
  budget_left: { en: "Budget left (coins)", tc: "預算餘額（H Coins）", sc: "预算余额（H Coins）" },
  tierMultiplier: { en: "Tier multiplier", tc: "會員等級倍數", sc: "会员等级倍数" },
  noStore: { en: "No store", tc: "沒有分店", sc: "没有门店" },
  unknownBrand: { en: "Stores not listed", tc: "未列出的分店", sc: "未列出的门店" },
  total: { en: "Total", tc: "總計", sc: "总计" },
} satisfies Record<string, LocalizedText>;

/** RFC 4180 quoting; a leading = + - @ is prefixed with ' so a spreadsheet never runs it as a formula. */
function cell(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const row = (cells: (string | number | null)[]) => cells.map(cell).join(",");

type Movements = ConsoleFiguresBreakdown["no_store"];
const sumOf = <Line, Name extends string>(lines: Line[], names: readonly Name[]) =>
  names.map((name) => lines.reduce((sum, line) => sum + (line as Record<Name, number>)[name], 0));

/**
 * One breakdown as CSV: by store and by brand a line each, then the no-store line and a total
 * (which equals the days' totals of the range); by reward a line each and a total; by campaign a
 * line each, the tier multiplier's line and the coins' total (what the programme's extras cost).
 */
export function breakdownCsv(figures: ConsoleFiguresBreakdown, by: Breakdown, lang: Language): string {
  const h = (name: keyof typeof HEADERS) => HEADERS[name][lang];
  const lines: string[] = [];
  const movements = (line: Movements) => BREAKDOWN_MOVEMENTS.map((name) => line[name]);
  if (by === "store") {
    lines.push(row([h("store_code"), h("store"), h("brand"), ...BREAKDOWN_MOVEMENTS.map(h)]));
    for (const store of figures.stores) {
      lines.push(row([store.store_code, store.name, store.brand_name, ...movements(store)]));
    }
    lines.push(row([null, h("noStore"), null, ...movements(figures.no_store)]));
    lines.push(
      row([h("total"), null, null, ...sumOf([...figures.stores, figures.no_store], BREAKDOWN_MOVEMENTS)]),
    );
  } else if (by === "brand") {
    lines.push(row([h("brand_code"), h("brand"), h("stores"), ...BREAKDOWN_MOVEMENTS.map(h)]));
    for (const brand of figures.brands) {
      lines.push(row([brand.brand_code, brand.name ?? h("unknownBrand"), brand.stores, ...movements(brand)]));
    }
    lines.push(row([null, h("noStore"), null, ...movements(figures.no_store)]));
    lines.push(
      row([h("total"), null, null, ...sumOf([...figures.brands, figures.no_store], BREAKDOWN_MOVEMENTS)]),
    );
  } else if (by === "campaign") {
    const columns = BREAKDOWN_CAMPAIGN_COLUMNS.map(h);
    lines.push(row([h("campaign_id"), h("campaign"), ...columns, h("budget_coins"), h("budget_left")]));
    for (const campaign of figures.campaigns) {
      const counts = BREAKDOWN_CAMPAIGN_COLUMNS.map((name) => campaign[name]);
      lines.push(
        row([campaign.campaign_id, campaign.name, ...counts, campaign.budget_coins, campaign.budget_left]),
      );
    }
    const tier = figures.tier_multiplier;
    lines.push(row([null, h("tierMultiplier"), ...BREAKDOWN_CAMPAIGN_COLUMNS.map((name) => tier[name])]));
    // Members and purchases do not add up (one purchase can reach several campaigns): coins only.
    lines.push(row([h("total"), null, ...sumOf([...figures.campaigns, tier], ["coins"])]));
  } else {
    lines.push(row([h("reward_id"), h("reward"), ...BREAKDOWN_REWARD_COLUMNS.map(h)]));
    for (const reward of figures.rewards) {
      lines.push(
        row([reward.reward_id, reward.name, ...BREAKDOWN_REWARD_COLUMNS.map((name) => reward[name])]),
      );
    }
    lines.push(row([h("total"), null, ...sumOf(figures.rewards, BREAKDOWN_REWARD_COLUMNS)]));
  }
  return `${BOM}${lines.join("\r\n")}\r\n`;
}
