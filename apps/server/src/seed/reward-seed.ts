import type { LocalizedText } from "@hcoins/domain/languages";
import type { FastifyBaseLogger } from "fastify";
import type { RewardInput } from "../modules/coins/coin-scheme-client.ts";
import type { Services } from "../services.ts";
import { type BrandArt, type RewardFace, rewardCard } from "./banner-art.ts";
import { SEED_BRANDS } from "./brands.ts";
import { SEED_STORES } from "./stores.ts";

/** The settings key that records the reward seed: present means "never seed rewards again". */
export const REWARD_SEED_KEY = "rewards_seeded";

const H_COINS_ART: BrandArt = {
  initials: "HC",
  nameEn: "H Coins",
  nameTc: "H Coins 會員禮遇",
  tagline: "",
  colour: "#9a3412",
  accent: "#f59e0b",
};

const artOf = (brand: string) => SEED_BRANDS.find((each) => each.code === brand)?.art ?? H_COINS_ART;
const storesOf = (brand: string) =>
  SEED_STORES.filter((store) => store.brand === brand).map((store) => store.code);

interface SeedReward {
  art: BrandArt;
  face: RewardFace;
  reward: Omit<RewardInput, "imageUrl" | "startsAt" | "endsAt" | "active" | "description"> & {
    description: LocalizedText;
  };
}

const everywhere = {
  en: "Use it at any store of the programme: show the QR code at the till before you pay.",
  tc: "可於計劃內任何店鋪使用：付款前於收銀處出示 QR Code。",
  sc: "可在计划内任何门店使用：付款前在收银处出示二维码。",
};
const voucherTerms = {
  en: "One voucher per bill. Not exchangeable for cash; no change is given. Valid until the date shown on the voucher.",
  tc: "每張單據限用一張禮券。不可兌換現金，亦不設找贖。有效期至禮券所示日期。",
  sc: "每张单据限用一张礼券。不可兑换现金，亦不设找零。有效期至礼券所示日期。",
};
const collectTerms = {
  en: "Collect it at one of the stores named, showing the voucher's QR code, before the date shown on the voucher. While stocks last.",
  tc: "請於禮券所示日期前，到指定店鋪出示禮券 QR Code 領取。數量有限，換完即止。",
  sc: "请在礼券所示日期前，到指定门店出示礼券二维码领取。数量有限，兑完即止。",
};

/** The catalogue of the first start: e-gift vouchers at every store and at one brand's, and two products. */
const SEED_REWARDS: readonly SeedReward[] = [
  {
    art: H_COINS_ART,
    face: { value: "HK$50" },
    reward: {
      kind: "evoucher",
      coins: 500,
      stock: 200,
      valueCents: 5000,
      storeCodes: [],
      title: { en: "HKD 50 e-gift voucher", tc: "HK$50 電子禮券", sc: "HK$50 电子礼券" },
      description: everywhere,
      terms: voucherTerms,
      perMemberLimit: 4,
      voucherValidDays: 60,
      sortOrder: 10,
    },
  },
  {
    art: H_COINS_ART,
    face: { value: "HK$100" },
    reward: {
      kind: "evoucher",
      coins: 950,
      stock: 100,
      valueCents: 10000,
      storeCodes: [],
      title: { en: "HKD 100 e-gift voucher", tc: "HK$100 電子禮券", sc: "HK$100 电子礼券" },
      description: everywhere,
      terms: voucherTerms,
      perMemberLimit: 2,
      voucherValidDays: 60,
      sortOrder: 20,
    },
  },
  {
    art: artOf("harbour-fresh"),
    face: { value: "HK$50" },
    reward: {
      kind: "evoucher",
      coins: 450,
      stock: 150,
      valueCents: 5000,
      storeCodes: storesOf("harbour-fresh"),
      title: {
        en: "Harbour Fresh HKD 50 e-gift voucher",
        tc: "港灣鮮生 HK$50 電子禮券",
        sc: "港湾鲜生 HK$50 电子礼券",
      },
      description: {
        en: "Fresh fruit, vegetables and groceries at any Harbour Fresh store, for fewer coins.",
        tc: "於任何港灣鮮生分店選購新鮮蔬果及雜貨，所需 H Coins 更少。",
        sc: "在任何港湾鲜生门店选购新鲜蔬果及杂货，所需 H Coins 更少。",
      },
      terms: voucherTerms,
      perMemberLimit: null,
      voucherValidDays: 30,
      sortOrder: 30,
    },
  },
  {
    art: artOf("golden-crust"),
    face: { drawing: "cake" },
    reward: {
      kind: "product",
      coins: 1200,
      stock: 30,
      valueCents: null,
      storeCodes: storesOf("golden-crust"),
      title: { en: "Golden Crust birthday cake", tc: "金冠餅店生日蛋糕", sc: "金冠饼店生日蛋糕" },
      description: {
        en: "A one-pound fresh cream fruit cake, collected at a Golden Crust bakery.",
        tc: "一磅鮮忌廉水果蛋糕，於金冠餅店分店領取。",
        sc: "一磅鲜奶油水果蛋糕，在金冠饼店门店领取。",
      },
      terms: collectTerms,
      perMemberLimit: 1,
      voucherValidDays: 30,
      sortOrder: 40,
    },
  },
  {
    art: artOf("pearl-convenience"),
    face: { drawing: "tote" },
    reward: {
      kind: "product",
      coins: 300,
      stock: 80,
      valueCents: null,
      storeCodes: storesOf("pearl-convenience"),
      title: { en: "Pearl Convenience tote bag", tc: "明珠便利店環保袋", sc: "明珠便利店环保袋" },
      description: {
        en: "A sturdy reusable shopping bag, collected at a Pearl Convenience store.",
        tc: "耐用環保購物袋，於明珠便利店分店領取。",
        sc: "耐用环保购物袋，在明珠便利店门店领取。",
      },
      terms: collectTerms,
      perMemberLimit: 1,
      voucherValidDays: 30,
      sortOrder: 50,
    },
  },
];

export type RewardSeedOutcome = "seeded" | "already-seeded" | "skipped-catalogue-present" | "disabled";

/**
 * Fills an empty catalogue of the embedded scheme with demo rewards, once per database: the marker
 * in `settings` is claimed first, so a restart or a second instance starting at the same moment
 * leaves it alone, and a catalogue an operator has started is never added to. It runs after the
 * start's store sync, since a reward's stores must be registered with the scheme. An external
 * scheme keeps its own catalogue (a start must not write to another service); `SEED_CONTENT=false`
 * turns it off with the content seed.
 */
export async function seedRewards(services: Services, log: FastifyBaseLogger): Promise<RewardSeedOutcome> {
  if (!services.config.SEED_CONTENT || !services.coinScheme) return "disabled";
  const { settings, coinSchemeClient } = services;
  if ((await settings.valueOf(REWARD_SEED_KEY)) !== undefined) return "already-seeded";
  if (!(await settings.claim(REWARD_SEED_KEY, JSON.stringify({ state: "seeding" })))) return "already-seeded";
  const at = new Date(services.now()).toISOString();
  if ((await coinSchemeClient.rewards({ activeOnly: false })).rewards.length > 0) {
    await settings.set(
      REWARD_SEED_KEY,
      JSON.stringify({ state: "skipped", reason: "catalogue present", at }),
    );
    log.info("reward seed skipped: the catalogue already has rewards");
    return "skipped-catalogue-present";
  }
  for (const seed of SEED_REWARDS) {
    const card = rewardCard(seed.art, seed.face, seed.reward.title.en);
    const image = await services.media.add(Buffer.from(card, "utf8"), `reward-${seed.reward.sortOrder}.svg`);
    await coinSchemeClient.saveReward({
      ...seed.reward,
      imageUrl: `/crm/media/${image.token}`,
      startsAt: null,
      endsAt: null,
      active: true,
    });
  }
  await settings.set(REWARD_SEED_KEY, JSON.stringify({ state: "seeded", at, rewards: SEED_REWARDS.length }));
  log.info(`reward seed applied: ${SEED_REWARDS.length} rewards in the H Coins catalogue`);
  return "seeded";
}
