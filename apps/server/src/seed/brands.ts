import type { LocalizedText } from "@hcoins/domain/languages";
import type { BrandArt } from "./banner-art.ts";

/** The fictional retail brands of the first start: the store list's brand filter and the store pictures. */
export interface SeedBrand {
  code: string;
  name: LocalizedText;
  /** What every store of the brand offers; the first paragraph of a store's introduction. */
  introduction: LocalizedText;
  art: BrandArt;
}

export const SEED_BRANDS: readonly SeedBrand[] = [
  {
    code: "harbour-fresh",
    name: { en: "Harbour Fresh", tc: "港灣鮮生", sc: "港湾鲜生" },
    introduction: {
      en: "A neighbourhood supermarket with fruit and vegetables delivered every morning, a chilled seafood counter and everyday groceries at fair prices.",
      tc: "社區超級市場，每朝新鮮運到蔬果，設有冷藏海鮮專櫃及各式日常雜貨，價錢實惠。",
      sc: "社区超市，每天早上新鲜运到蔬果，设有冷藏海鲜专柜及各类日常杂货，价格实惠。",
    },
    art: {
      initials: "HF",
      nameEn: "Harbour Fresh",
      nameTc: "港灣鮮生",
      tagline: "Fresh every day",
      colour: "#0f766e",
      accent: "#f59e0b",
    },
  },
  {
    code: "pearl-convenience",
    name: { en: "Pearl Convenience", tc: "明珠便利店", sc: "明珠便利店" },
    introduction: {
      en: "Snacks, drinks, hot food and daily essentials round the clock, with bill payment, Octopus top-up and parcel collection.",
      tc: "零食、飲品、熱食及日用品全天候供應，並提供繳費、八達通增值及包裹取件服務。",
      sc: "零食、饮品、热食及日用品全天候供应，并提供缴费、八达通增值及包裹取件服务。",
    },
    art: {
      initials: "PC",
      nameEn: "Pearl Convenience",
      nameTc: "明珠便利店",
      tagline: "Open late, close by",
      colour: "#1d4ed8",
      accent: "#facc15",
    },
  },
  {
    code: "jade-wellness",
    name: { en: "Jade Wellness", tc: "翠安健康", sc: "翠安健康" },
    introduction: {
      en: "Health and beauty with a registered pharmacist on duty: personal care, skincare, vitamins and baby products.",
      tc: "健康及美容專門店，註冊藥劑師駐場，提供個人護理、護膚品、維他命及嬰兒用品。",
      sc: "健康及美容专门店，注册药剂师驻场，提供个人护理、护肤品、维生素及婴儿用品。",
    },
    art: {
      initials: "JW",
      nameEn: "Jade Wellness",
      nameTc: "翠安健康",
      tagline: "Care for every day",
      colour: "#15803d",
      accent: "#f472b6",
    },
  },
  {
    code: "golden-crust",
    name: { en: "Golden Crust Bakery", tc: "金酥餅店", sc: "金酥饼店" },
    introduction: {
      en: "Bread, Hong Kong-style pastries and cakes baked in store each morning, with egg tarts fresh from the oven every hour.",
      tc: "每朝店內新鮮烘焗麪包、港式西餅及蛋糕，蛋撻每小時新鮮出爐。",
      sc: "每天早上店内新鲜烘焙面包、港式西饼及蛋糕，蛋挞每小时新鲜出炉。",
    },
    art: {
      initials: "GC",
      nameEn: "Golden Crust Bakery",
      nameTc: "金酥餅店",
      tagline: "Baked fresh each morning",
      colour: "#b45309",
      accent: "#fde68a",
    },
  },
];
