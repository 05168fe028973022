import { REGIONS } from "@hcoins/domain/profile-options";
import { afterEach, describe, expect, it } from "vitest";
import { PNG_1X1 } from "../../testing/images.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { StoreInputError } from "./service.ts";
import type { StoreInput } from "./store-rules.ts";

let t: TestApp;
afterEach(() => t?.close());

const store = (
  code: string,
  brand: string,
  district: string,
  en: string,
  address: string,
  extra: Partial<StoreInput> = {},
) => ({
  label: code,
  input: {
    code,
    brand,
    district,
    name: { en, tc: `${en}（繁）`, sc: "" },
    address: { en: address, tc: `${address}（繁）` },
    businessHours: { en: "Daily 09:00-21:00", tc: "每日 09:00-21:00", sc: "每日 09:00-21:00" },
    ...extra,
  } satisfies StoreInput,
});

/** Two brands and six stores (one hidden) on a database without the first-start content. */
async function fixtureApp() {
  t = await createTestApp({ env: { SEED_CONTENT: "false" } });
  const stores = t.app.services.stores;
  const alpha = await stores.saveBrand({
    code: "alpha",
    name: { en: "Alpha", tc: "甲牌", sc: "甲牌" },
    sortOrder: 1,
  });
  const beta = await stores.saveBrand({ code: "beta", name: { en: "Beta", tc: "乙牌" }, sortOrder: 2 });
  await stores.saveStores([
    store("A1", "alpha", "5005", "Alpha Central", "1 Queen's Road Central", { partnerProperty: true }),
    store("A2", "alpha", "5046", "Alpha Sham Shui Po", "2 Yu Chau Street"),
    store("B3", "beta", "3003", "Beta Macau", "3 Avenida Almeida Ribeiro"),
    store("B1", "beta", "5005", "Beta Central 100%", "4 Des Voeux Road Central"),
    store("B2", "beta", "5061", "Beta Sha Tin", "5 Sha Tin Centre Street", {
      name: { en: "Beta Sha Tin", tc: "乙牌 沙田店", sc: "乙牌 沙田店" },
    }),
    store("X1", "alpha", "5005", "Alpha Hidden", "6 Closed Lane", { status: "inactive" }),
  ]);
  return { alphaId: alpha.id, betaId: beta.id };
}

const list = async (query: string, lang = "en") => {
  const res = await t.call("GET", `/crm/store/?${query}`, { lang });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.payload as {
    items: { id: number; code: string }[];
    total: number;
    page: number;
    page_size: number;
  };
};
const codes = async (query: string) => (await list(query)).items.map((item) => item.code);

describe("GET /crm/store/ filters", () => {
  it("without filters lists every active store, by region and district in the spec's order", async () => {
    await fixtureApp();
    const payload = await list("");
    expect(payload.items.map((item) => item.code)).toEqual(["A1", "B1", "A2", "B2", "B3"]);
    expect(payload).toMatchObject({ total: 5, page: 1, page_size: 20 });
  });

  it("filters by region alone", async () => {
    await fixtureApp();
    expect(await codes("region=3001")).toEqual(["A1", "B1"]);
    expect(await codes("region=3006")).toEqual(["B2"]);
    expect(await codes("region=3004")).toEqual([]);
  });

  it("filters by district alone", async () => {
    await fixtureApp();
    expect(await codes("district=5046")).toEqual(["A2"]);
    expect(await codes("district=3003")).toEqual(["B3"]);
  });

  it("filters by brand alone, by id or code; an unknown brand has no stores", async () => {
    const { alphaId, betaId } = await fixtureApp();
    expect(await codes(`brand=${betaId}`)).toEqual(["B1", "B2", "B3"]);
    expect(await codes("brand=beta")).toEqual(["B1", "B2", "B3"]);
    expect(await codes(`brand=${alphaId}`)).toEqual(["A1", "A2"]);
    expect(await list("brand=999999")).toMatchObject({ items: [], total: 0 });
    expect(await codes("brand=no-such-brand")).toEqual([]);
  });

  it("searches names and addresses in every language, ignoring case", async () => {
    await fixtureApp();
    expect(await codes("q=CENTRAL")).toEqual(["A1", "B1"]);
    expect(await codes("q=yu%20chau")).toEqual(["A2"]);
    expect(await codes(`q=${encodeURIComponent("沙田店")}`)).toEqual(["B2"]);
    expect(await codes(`q=${encodeURIComponent("Des Voeux Road Central（繁）")}`)).toEqual(["B1"]);
    expect(await codes("q=%20%20macau%20")).toEqual(["B3"]);
    expect(await codes("q=hidden")).toEqual([]);
  });

  it("takes the search text literally: % and _ are not wildcards", async () => {
    await fixtureApp();
    expect(await codes("q=100%25")).toEqual(["B1"]);
    expect(await codes("q=%25")).toEqual(["B1"]);
    expect(await codes("q=_")).toEqual([]);
  });

  it("combines filters", async () => {
    const { betaId } = await fixtureApp();
    expect(await codes("region=3001&brand=alpha")).toEqual(["A1"]);
    expect(await codes("region=3001&district=5005&brand=beta")).toEqual(["B1"]);
    expect(await codes(`region=3001&district=5005&brand=${betaId}&q=voeux`)).toEqual(["B1"]);
    expect(await codes("region=3001&q=alpha")).toEqual(["A1"]);
    expect(await codes("district=5046&brand=beta")).toEqual([]);
    expect(await codes("region=3005&q=central")).toEqual([]);
  });

  it("treats empty filter values as not given", async () => {
    await fixtureApp();
    expect(await codes("region=&district=&brand=&q=")).toEqual(["A1", "B1", "A2", "B2", "B3"]);
  });

  it("answers 4000 for an unknown region or district, or a district outside the region", async () => {
    await fixtureApp();
    const cases: [string, { field: string; rule: string }[]][] = [
      ["region=9999", [{ field: "region", rule: "countryInvalid" }]],
      ["district=1234", [{ field: "district", rule: "areaInvalid" }]],
      ["region=3001&district=5046", [{ field: "district", rule: "areaInvalid" }]],
      ["region=3003&district=3002", [{ field: "district", rule: "areaInvalid" }]],
    ];
    for (const [query, errors] of cases) {
      const res = await t.call("GET", `/crm/store/?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ code: 400, error_code: 4000, payload: { errors } });
    }
  });
});

describe("GET /crm/store/ paging", () => {
  it("pages through the list; a page past the end is empty with the total", async () => {
    await fixtureApp();
    expect(await list("page_size=2")).toMatchObject({ page: 1, page_size: 2, total: 5 });
    expect(await codes("page_size=2")).toEqual(["A1", "B1"]);
    expect(await codes("page_size=2&page=2")).toEqual(["A2", "B2"]);
    expect(await codes("page_size=2&page=3")).toEqual(["B3"]);
    expect(await list("page_size=2&page=4")).toMatchObject({ items: [], total: 5, page: 4 });
    expect(await codes("page_size=1&page=5")).toEqual(["B3"]);
    expect(await list("page_size=5")).toMatchObject({ total: 5, page_size: 5 });
    expect((await list("page_size=5")).items).toHaveLength(5);
    expect(await list("region=3001&page_size=1&page=2")).toMatchObject({ items: [{ code: "B1" }], total: 2 });
  });

  it("caps page_size at 100", async () => {
    await fixtureApp();
    expect(await list("page_size=100")).toMatchObject({ page_size: 100, total: 5 });
    expect(await list("page_size=5000")).toMatchObject({ page_size: 100, total: 5 });
  });

  it.each([
    "page=0",
    "page=-1",
    "page=1.5",
    "page=abc",
    "page_size=0",
    "page_size=-5",
    "page_size=ten",
    "page=99999999",
  ])("answers 4000 for %s", async (query) => {
    await fixtureApp();
    const res = await t.call("GET", `/crm/store/?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe(4000);
    expect(res.body.payload.errors[0].field).toBe(query.split("=")[0]);
  });
});

describe("GET /crm/store/?metadata=1", () => {
  it("gives every region with its districts, the districts and the brands, in the request's language", async () => {
    const { alphaId, betaId } = await fixtureApp();
    const en = (await t.call("GET", "/crm/store/?metadata=1", { lang: "en" })).body.payload;
    expect(en.regions.map((region: { code: string }) => region.code)).toEqual(
      REGIONS.map((region) => region.code),
    );
    expect(en.regions[1]).toMatchObject({
      code: "3005",
      name: "Kowloon",
      districts: expect.arrayContaining([{ code: "5046", name: "Sham Shui Po" }]),
    });
    expect(en.districts).toHaveLength(21);
    expect(en.districts).toContainEqual({ code: "5075", name: "Outlying Islands", region_code: "3006" });
    expect(en.brands).toEqual([
      { id: alphaId, code: "alpha", name: "Alpha", logo_media_token: null },
      { id: betaId, code: "beta", name: "Beta", logo_media_token: null },
    ]);

    const tc = (await t.call("GET", "/crm/store/?metadata=1", { lang: "zh-HK" })).body.payload;
    expect(tc.regions[0]).toMatchObject({
      name: "香港島",
      districts: expect.arrayContaining([{ code: "5002", name: "灣仔" }]),
    });
    const sc = (await t.call("GET", "/crm/store/?metadata=1", { lang: "zh-CN" })).body.payload;
    expect(sc.regions[2].name).toBe("新界（及离岛）");
    // Beta has no Simplified name: it falls back to Traditional.
    expect(sc.brands.map((brand: { name: string }) => brand.name)).toEqual(["甲牌", "乙牌"]);
  });

  it("leaves out a brand with no store, and one whose stores are all closed", async () => {
    await fixtureApp();
    const stores = t.app.services.stores;
    await stores.saveBrand({ code: "gamma", name: { en: "Gamma", tc: "丙牌", sc: "丙牌" }, sortOrder: 3 });
    await stores.saveBrand({ code: "delta", name: { en: "Delta", tc: "丁牌", sc: "丁牌" }, sortOrder: 4 });
    await stores.saveStores([
      store("D1", "delta", "5005", "Delta Gone", "7 Closed Lane", { status: "inactive" }),
    ]);
    const brands = async () =>
      (
        (await t.call("GET", "/crm/store/?metadata=1", { lang: "en" })).body.payload.brands as {
          code: string;
        }[]
      ).map((brand) => brand.code);
    expect(await brands()).toEqual(["alpha", "beta"]);
    // Its first store opens: the brand appears.
    await stores.saveStores([store("G1", "gamma", "5005", "Gamma Central", "8 Open Road")]);
    expect(await brands()).toEqual(["alpha", "beta", "gamma"]);
  });
});

describe("GET /crm/store/{id}", () => {
  it("gives one store in the request's language, falling back to Traditional Chinese", async () => {
    const { alphaId } = await fixtureApp();
    const [first] = (await list("q=alpha%20central")).items;
    const en = await t.call("GET", `/crm/store/${first?.id}`, { lang: "en" });
    expect(en.status).toBe(200);
    expect(en.body.payload).toEqual({
      id: first?.id,
      code: "A1",
      name: "Alpha Central",
      brand: { id: alphaId, code: "alpha", name: "Alpha", logo_media_token: null },
      region: { code: "3001", name: "Hong Kong Island" },
      district: { code: "5005", name: "Central and Western" },
      address: "1 Queen's Road Central",
      business_hours: "Daily 09:00-21:00",
      introduction: "",
      phone: "",
      image_media_token: null,
      partner_property: true,
    });
    const sc = await t.call("GET", `/crm/store/${first?.id}/`, { lang: "zh-CN" });
    expect(sc.body.payload).toMatchObject({
      name: "Alpha Central（繁）",
      address: "1 Queen's Road Central（繁）",
      region: { name: "香港岛" },
      district: { name: "中西区" },
      brand: { name: "甲牌" },
    });
  });

  it("answers 404/4040 for a hidden, unknown or malformed id", async () => {
    await fixtureApp();
    const hidden = (await t.app.services.stores.listAllStores()).find((row) => row.code === "X1");
    for (const id of [String(hidden?.id), "999999", "abc", "1.5", "-1"]) {
      const res = await t.call("GET", `/crm/store/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.error_code).toBe(4040);
    }
  });
});

describe("GET /crm/tag/", () => {
  it("lists brands for type=brand, in display order; an unknown type has none", async () => {
    const { alphaId, betaId } = await fixtureApp();
    const res = await t.call("GET", "/crm/tag/?type=brand", { lang: "zh-HK" });
    expect(res.status).toBe(200);
    expect(res.body.payload).toEqual([
      { id: alphaId, type: "brand", code: "alpha", name: "甲牌", logo_media_token: null },
      { id: betaId, type: "brand", code: "beta", name: "乙牌", logo_media_token: null },
    ]);
    expect((await t.call("GET", "/crm/tag?type=colour")).body.payload).toEqual([]);
    expect((await t.call("GET", "/crm/tag")).body.payload).toHaveLength(2);
    expect((await t.call("GET", "/crm/tag?type=brand", { token: null })).status).toBe(401);
  });
});

describe("StoreService.saveStores", () => {
  it("refuses the whole batch when any store is wrong, naming each problem by its label", async () => {
    await fixtureApp();
    const stores = t.app.services.stores;
    const error = await stores
      .saveStores([
        store("OK1", "alpha", "5002", "Fine", "1 Road"),
        store("BAD1", "gamma", "5002", "Unknown brand", "1 Road"),
        store("BAD2", "alpha", "5046", "Wrong region", "1 Road", { region: "3001" }),
        { label: "line 9", input: { code: "BAD3", brand: "alpha", district: "5002", name: { en: "No tc" } } },
        store("BAD4", "alpha", "5002", "Bad image", "1 Road", { imageMediaToken: "0".repeat(64) }),
        store("OK1", "alpha", "5002", "Duplicate", "1 Road"),
      ])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreInputError);
    const problems = (error as StoreInputError).problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        "OK1: code OK1 is also used by OK1",
        expect.stringMatching(/^BAD1: brand "gamma" is unknown/),
        expect.stringMatching(/^BAD2: district 5046 \(Sham Shui Po\) is not in region 3001/),
        expect.stringMatching(/^line 9: name_tc is missing/),
        "line 9: address_tc is missing",
        expect.stringMatching(/^BAD4: image 0{64} is not in the media store/),
      ]),
    );
    expect(await codes("page_size=100")).toEqual(["A1", "B1", "A2", "B2", "B3"]);
  });

  it("updates a store by code, keeping what the input leaves out", async () => {
    await fixtureApp();
    const stores = t.app.services.stores;
    const image = (await t.app.services.media.add(PNG_1X1, "front.png")).token;
    const result = await stores.saveStores([
      {
        label: "A2",
        input: { code: "A2", district: "5050", imageMediaToken: image, name: { en: "Alpha Mong Kok" } },
      },
      { label: "B3", input: { code: "B3" } },
    ]);
    expect(result).toMatchObject({ created: [], updated: ["A2"], unchanged: ["B3"] });
    const [moved] = (await list("district=5050")).items;
    const detail = (await t.call("GET", `/crm/store/${moved?.id}`, { lang: "en" })).body.payload;
    expect(detail).toMatchObject({
      code: "A2",
      name: "Alpha Mong Kok",
      region: { code: "3005" },
      district: { code: "5050" },
      address: "2 Yu Chau Street",
      image_media_token: image,
      brand: { code: "alpha" },
    });
  });
});

describe("first-start content", () => {
  it("has at least 24 stores of at least 3 brands covering every region and district", async () => {
    t = await createTestApp();
    const all = await list("page_size=100");
    expect(all.total).toBeGreaterThanOrEqual(24);
    for (const region of REGIONS) {
      for (const district of region.districts) {
        const found = await list(`region=${region.code}&district=${district.code}`);
        expect(found.total, `${region.name.en} / ${district.name.en}`).toBeGreaterThan(0);
      }
    }
    const brands = (await t.call("GET", "/crm/tag/?type=brand")).body.payload;
    expect(brands.length).toBeGreaterThanOrEqual(3);
    for (const brand of brands)
      expect((await list(`brand=${brand.id}`)).total, brand.code).toBeGreaterThan(0);
  });

  it("gives every store a name, address, hours and introduction in all three languages, and a picture", async () => {
    t = await createTestApp();
    const rows = await t.app.services.stores.listAllStores();
    for (const row of rows) {
      for (const lang of ["en", "tc", "sc"] as const) {
        for (const field of ["name", "address", "business_hours", "introduction"] as const) {
          expect(row[`${field}_${lang}`], `${row.code} ${field}_${lang}`).not.toBe("");
        }
      }
      expect(row.image_media_token, row.code).toMatch(/^[0-9a-f]{64}$/);
      const image = await t.app.inject({
        method: "GET",
        url: `/crm/media/${row.image_media_token}?app_id=web`,
      });
      expect(image.statusCode).toBe(200);
    }
    expect(rows.some((row) => row.partner_property === 1)).toBe(true);
    expect(rows.some((row) => row.partner_property === 0)).toBe(true);
  });
});
