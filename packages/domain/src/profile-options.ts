import type { LocalizedText } from "./languages.ts";

export const TITLES = [
  { value: 1, key: "mr" },
  { value: 3, key: "ms" },
  { value: 4, key: "mrs" },
] as const;
export type Title = (typeof TITLES)[number]["value"];
export const TITLE_VALUES: readonly Title[] = TITLES.map((title) => title.value);
export const DEFAULT_TITLE: Title = 1;

export const GENDERS = [
  { value: 1, key: "male" },
  { value: 2, key: "female" },
] as const;
export type Gender = (typeof GENDERS)[number]["value"];
export const GENDER_VALUES: readonly Gender[] = GENDERS.map((gender) => gender.value);
export const DEFAULT_GENDER: Gender = 1;

export const BIRTH_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
export type BirthMonth = (typeof BIRTH_MONTHS)[number];

/** "07" for July; "00" stands for "not given" in the member QR code and anywhere a month is shown padded. */
export function formatBirthMonth(m: number | null | undefined): string {
  if (m == null || !Number.isInteger(m) || m < 1 || m > 12) return "00";
  return String(m).padStart(2, "0");
}

export const AGE_RANGES = ["11 - 17", "18 - 25", "26 - 35", "36 - 45", "46 - 55", "56 or above"] as const;
export type AgeRange = (typeof AGE_RANGES)[number];

export interface District {
  code: string;
  name: LocalizedText;
}

export interface Region {
  code: string;
  name: LocalizedText;
  districts: readonly District[];
}

const place = (code: string, en: string, tc: string, sc: string): District => ({
  code,
  name: { en, tc, sc },
});

// Regions outside Hong Kong have no districts of their own; the spec maps each to itself so a district is always set.
const selfDistrict = (region: District): Region => ({ ...region, districts: [region] });

/** Spec order, which is also the order the country list shows. */
export const REGIONS: readonly Region[] = [
  {
    ...place("3001", "Hong Kong Island", "香港島", "香港岛"),
    districts: [
      place("5005", "Central and Western", "中西區", "中西区"),
      place("5002", "Wan Chai", "灣仔", "湾仔"),
      place("5014", "Eastern", "東區", "东区"),
      place("5027", "Southern", "南區", "南区"),
    ],
  },
  {
    ...place("3005", "Kowloon", "九龍", "九龙"),
    districts: [
      place("5050", "Yau Tsim Mong", "油尖旺", "油尖旺"),
      place("5046", "Sham Shui Po", "深水埗", "深水埗"),
      place("5035", "Kowloon City", "九龍城", "九龙城"),
      place("5052", "Wong Tai Sin", "黃大仙", "黄大仙"),
      place("5037", "Kwun Tong", "觀塘", "观塘"),
    ],
  },
  {
    ...place("3006", "New Territories (and Islands)", "新界（及離島）", "新界（及离岛）"),
    districts: [
      place("5060", "Sai Kung", "西貢", "西贡"),
      place("5061", "Sha Tin", "沙田", "沙田"),
      place("5064", "Tai Po", "大埔", "大埔"),
      place("5063", "North District", "北區", "北区"),
      place("5057", "Kwai Tsing", "葵青", "葵青"),
      place("5069", "Tsuen Wan", "荃灣", "荃湾"),
      place("5070", "Tuen Mun", "屯門", "屯门"),
      place("5071", "Yuen Long", "元朗", "元朗"),
      place("5075", "Outlying Islands", "離島", "离岛"),
    ],
  },
  selfDistrict(place("3003", "Macau", "澳門", "澳门")),
  selfDistrict(place("3002", "China (Mainland)", "中國內地", "中国内地")),
  selfDistrict(place("3004", "Other", "其他", "其他")),
];

export const REGION_CODES: readonly string[] = REGIONS.map((region) => region.code);
export const DISTRICT_CODES: readonly string[] = REGIONS.flatMap((region) =>
  region.districts.map((district) => district.code),
);

export function findRegion(code: string): Region | undefined {
  return REGIONS.find((region) => region.code === code);
}

export function districtsOf(regionCode: string): readonly District[] {
  return findRegion(regionCode)?.districts ?? [];
}

/** The region a district belongs to; each district code belongs to exactly one region. */
export function findDistrict(code: string): (District & { regionCode: string }) | undefined {
  for (const region of REGIONS) {
    const district = region.districts.find((d) => d.code === code);
    if (district) return { ...district, regionCode: region.code };
  }
  return undefined;
}

export function isDistrictOf(regionCode: string, districtCode: string): boolean {
  return districtsOf(regionCode).some((district) => district.code === districtCode);
}

export interface UnsubscribeReason {
  id: number;
  label: LocalizedText;
}

export const UNSUBSCRIBE_REASONS: readonly UnsubscribeReason[] = [
  { id: 1, label: { en: "Too frequent", tc: "訊息太頻密", sc: "信息发送太频繁" } },
  { id: 2, label: { en: "Content not relevant to me", tc: "內容與我無關", sc: "内容与我无关" } },
  {
    id: 3,
    label: { en: "I no longer shop at these stores", tc: "我已不再光顧這些店舖", sc: "我已不再光顾这些门店" },
  },
  {
    id: 4,
    label: {
      en: "I prefer other channels",
      tc: "我較喜歡透過其他渠道接收資訊",
      sc: "我更希望通过其他渠道接收信息",
    },
  },
  { id: 5, label: { en: "Privacy concerns", tc: "私隱考慮", sc: "隐私顾虑" } },
  { id: 6, label: { en: "Other", tc: "其他", sc: "其他" } },
];

/** The "Other" reason: the one that comes with the member's own words (unsubscribe_reason_other). */
export const OTHER_UNSUBSCRIBE_REASON_ID = 6;

export const UNSUBSCRIBE_REASON_IDS: readonly number[] = UNSUBSCRIBE_REASONS.map((reason) => reason.id);
