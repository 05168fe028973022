import type { Store, StoreFilterChoices } from "@hcoins/domain/api/stores";

/** Server answers of the store calls, shaped like the real ones (GET /crm/store/…). */
export const FILTER_CHOICES: StoreFilterChoices = {
  regions: [
    {
      code: "3001",
      name: "Hong Kong Island",
      districts: [
        { code: "5005", name: "Central and Western" },
        { code: "5002", name: "Wan Chai" },
      ],
    },
    {
      code: "3005",
      name: "Kowloon",
      districts: [
        { code: "5050", name: "Yau Tsim Mong" },
        { code: "5046", name: "Sham Shui Po" },
      ],
    },
  ],
  districts: [
    { code: "5005", name: "Central and Western", region_code: "3001" },
    { code: "5002", name: "Wan Chai", region_code: "3001" },
    { code: "5050", name: "Yau Tsim Mong", region_code: "3005" },
    { code: "5046", name: "Sham Shui Po", region_code: "3005" },
  ],
  brands: [
    { id: 1, code: "harbour-fresh", name: "Harbour Fresh", logo_media_token: null },
    { id: 2, code: "pearl-convenience", name: "Pearl Convenience", logo_media_token: null },
  ],
};

/** The media token of Harbour Fresh's logo. */
export const BRAND_LOGO = "f".repeat(64);

export function store(id: number, overrides: Partial<Store> = {}): Store {
  return {
    id,
    code: `HF-${id}`,
    name: `Harbour Fresh Store ${id}`,
    brand: { id: 1, code: "harbour-fresh", name: "Harbour Fresh", logo_media_token: BRAND_LOGO },
    region: { code: "3001", name: "Hong Kong Island" },
    district: { code: "5005", name: "Central and Western" },
    address: `Shop ${id}, G/F, 118 Wing Lok Street, Sheung Wan`,
    business_hours: "Daily 08:00–22:00",
    introduction: "A neighbourhood supermarket.\n\nTwo minutes' walk from Sheung Wan MTR Station.",
    phone: "",
    image_media_token: `image-${id}`,
    partner_property: false,
    ...overrides,
  };
}
