import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./languages.ts";
import {
  AGE_RANGES,
  BIRTH_MONTHS,
  DEFAULT_GENDER,
  DEFAULT_TITLE,
  districtsOf,
  findDistrict,
  findRegion,
  formatBirthMonth,
  GENDERS,
  isDistrictOf,
  REGIONS,
  TITLES,
  UNSUBSCRIBE_REASONS,
} from "./profile-options.ts";

describe("regions and districts", () => {
  it("lists the regions in spec order", () => {
    expect(REGIONS.map((region) => region.code)).toEqual(["3001", "3005", "3006", "3003", "3002", "3004"]);
  });

  it.each([
    ["3001", ["5005", "5002", "5014", "5027"]],
    ["3005", ["5050", "5046", "5035", "5052", "5037"]],
    ["3006", ["5060", "5061", "5064", "5063", "5057", "5069", "5070", "5071", "5075"]],
    ["3003", ["3003"]],
    ["3002", ["3002"]],
    ["3004", ["3004"]],
    ["9999", []],
    ["", []],
  ])("region %s has districts %j", (region, codes) => {
    expect(districtsOf(region).map((district) => district.code)).toEqual(codes);
  });

  it.each([
    ["3001", "Hong Kong Island", "香港島", "香港岛"],
    ["3006", "New Territories (and Islands)", "新界（及離島）", "新界（及离岛）"],
    ["3002", "China (Mainland)", "中國內地", "中国内地"],
  ])("region %s is named %s / %s / %s", (code, en, tc, sc) => {
    expect(findRegion(code)?.name).toEqual({ en, tc, sc });
  });

  it("gives the self-mapped regions a district of the same name", () => {
    for (const code of ["3003", "3002", "3004"]) {
      expect(districtsOf(code)[0]?.name).toEqual(findRegion(code)?.name);
    }
  });

  it("names every place in all three languages", () => {
    for (const place of REGIONS.flatMap((region) => [region, ...region.districts])) {
      expect(Object.values(place.name).every((text) => text.length > 0)).toBe(true);
    }
  });

  it.each([
    ["3001", "5005", true],
    ["3005", "5037", true],
    ["3006", "5075", true],
    ["3003", "3003", true],
    ["3001", "5050", false],
    ["3005", "5005", false],
    ["3006", "5002", false],
    ["3002", "3003", false],
    ["3001", "3001", false],
    ["9999", "5005", false],
    ["3001", "", false],
  ])("isDistrictOf(%s, %s) = %s", (region, district, expected) => {
    expect(isDistrictOf(region, district)).toBe(expected);
  });

  it.each([
    ["5061", "3006"],
    ["3004", "3004"],
    ["1234", undefined],
  ])("findDistrict(%s) belongs to %s", (code, region) => {
    expect(findDistrict(code)?.regionCode).toBe(region);
  });
});

describe("formatBirthMonth", () => {
  it.each([
    [7, "07"],
    [1, "01"],
    [12, "12"],
    [null, "00"],
    [undefined, "00"],
    [0, "00"],
    [13, "00"],
    [7.5, "00"],
  ])("%j -> %s", (month, text) => {
    expect(formatBirthMonth(month)).toBe(text);
  });
});

describe("enumerations", () => {
  it.each([
    ["titles", TITLES.map((title) => title.value), [1, 3, 4]],
    ["genders", GENDERS.map((gender) => gender.value), [1, 2]],
    ["months", [...BIRTH_MONTHS], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]],
    ["age ranges", [...AGE_RANGES], ["11 - 17", "18 - 25", "26 - 35", "36 - 45", "46 - 55", "56 or above"]],
    ["languages", [...LANGUAGES], ["en", "tc", "sc"]],
    ["unsubscribe reasons", UNSUBSCRIBE_REASONS.map((reason) => reason.id), [1, 2, 3, 4, 5, 6]],
    ["defaults", [DEFAULT_TITLE, DEFAULT_GENDER], [1, 1]],
  ])("%s", (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it("labels every unsubscribe reason in three languages", () => {
    for (const reason of UNSUBSCRIBE_REASONS) {
      expect(Object.keys(reason.label).sort()).toEqual(["en", "sc", "tc"]);
      expect(Object.values(reason.label).every((text) => text.length > 0)).toBe(true);
    }
  });
});
