import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { STORE_COLUMNS } from "../modules/stores/store-import.ts";
import { PNG_1X1 } from "../testing/images.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { CliError } from "./command.ts";
import { brandAdd, brandDelete, brandList, storesExport, storesImport } from "./stores.ts";

const NAMES = ["--name-en", "Sun Mart", "--name-tc", "太陽超市", "--name-sc", "太阳超市"];

let t: TestApp;
let dir: string;
afterEach(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function setUp(env: Record<string, string> = { SEED_CONTENT: "false" }) {
  t = await createTestApp({ env });
  dir = await mkdtemp(join(tmpdir(), "stores-cli-"));
}

const csv = async (...lines: string[]) => {
  const path = join(dir, "stores.csv");
  await writeFile(path, `${lines.join("\n")}\n`);
  return path;
};

async function refusal(run: Promise<string>): Promise<CliError> {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CliError);
  return error as CliError;
}

const stores = async (query = "") =>
  (await t.call("GET", `/crm/store/?page_size=100&${query}`, { lang: "en" })).body.payload as {
    total: number;
    items: {
      code: string;
      name: string;
      introduction: string;
      partner_property: boolean;
      region: { code: string };
    }[];
  };

const HEADER =
  "code,brand,region,district,name_en,name_tc,address_en,address_tc,business_hours_en,introduction_en,partner_property";

describe("brand-add and brand-list", () => {
  it("creates a brand, updates the names given, and says when nothing changed", async () => {
    await setUp();
    const logo = join(dir, "logo.png");
    await writeFile(logo, PNG_1X1);
    const created = await brandAdd(t.app.services, [
      "sun-mart",
      "--name-en",
      "Sun Mart",
      "--name-tc",
      "太陽超市",
      "--name-sc",
      "太阳超市市",
      "--logo",
      logo,
      "--order",
      "3",
    ]);
    expect(created).toMatch(/^Created brand sun-mart \(id \d+\)\.\n {2}logo: logo\.png → [0-9a-f]{64}/);
    expect(await brandAdd(t.app.services, ["sun-mart", "--name-sc", "太阳超市"])).toMatch(
      /^Updated brand sun-mart \(id \d+\): name_sc\.$/,
    );
    expect(await brandAdd(t.app.services, ["sun-mart", "--name-sc", "太阳超市"])).toMatch(/nothing changed/);
    const tags = (await t.call("GET", "/crm/tag/?type=brand", { lang: "zh-CN" })).body.payload;
    expect(tags).toMatchObject([
      { code: "sun-mart", name: "太阳超市", logo_media_token: expect.stringMatching(/^[0-9a-f]{64}$/) },
    ]);
    expect(await brandList(t.app.services, [])).toContain("sun-mart  3  Sun Mart / 太陽超市 / 太阳超市");
  });

  it("refuses a brand without its three names or with a bad code, and records nothing", async () => {
    await setUp();
    const before = (await t.app.services.audit.all({})).length;
    expect((await refusal(brandAdd(t.app.services, ["sun-mart", "--name-en", "Sun Mart"]))).message).toMatch(
      /^name\.tc is required; nothing changed$/,
    );
    expect((await refusal(brandAdd(t.app.services, ["Sun Mart", ...NAMES]))).message).toMatch(
      /^code must be lower-case letters, digits and hyphens \(at most 64\) \("Sun Mart"\)/,
    );
    expect(await brandList(t.app.services, [])).toMatch(/^No brands yet/);
    expect((await t.app.services.audit.all({})).length).toBe(before);
  });

  it("records each change for the CLI's operator, and brand-delete refuses a brand that stores name", async () => {
    await setUp();
    await brandAdd(t.app.services, ["sun-mart", ...NAMES]);
    const [created] = await t.app.services.audit.all({});
    expect(created).toMatchObject({ action: "brand.create", actor: expect.stringMatching(/^cli:/) });
    await storesImport(t.app.services, [
      await csv("code,brand,district,name_tc,address_tc", "SM-1,sun-mart,5046,太陽,汝州街1號"),
    ]);
    expect((await refusal(brandDelete(t.app.services, ["sun-mart"]))).message).toMatch(
      /^brand sun-mart: id names a brand that stores still use.*\(1\); nothing changed$/,
    );
    await brandAdd(t.app.services, ["moon-mart", ...NAMES]);
    expect(await brandDelete(t.app.services, ["moon-mart"])).toMatch(
      /^Deleted brand moon-mart \(id \d+\)\.$/,
    );
    expect((await t.app.services.audit.all({}))[0]).toMatchObject({ action: "brand.delete" });
    expect((await refusal(brandDelete(t.app.services, ["moon-mart"]))).message).toMatch(
      /no brand has code moon-mart/,
    );
  });
});

describe("stores-import", () => {
  it("creates stores from a CSV, regions and districts by code or name, quoted cells with line breaks", async () => {
    await setUp();
    await brandAdd(t.app.services, ["sun-mart", ...NAMES]);
    const output = await storesImport(t.app.services, [
      await csv(
        HEADER,
        'SM-1,sun-mart,3005,5046,Sun Mart Sham Shui Po,太陽超市 深水埗店,1 Yu Chau Street,汝州街1號,Daily 08:00-22:00,"Fresh fruit.\nOpen late.",yes',
        "SM-2,sun-mart,Hong Kong Island,灣仔,Sun Mart Wan Chai,太陽超市 灣仔店,2 Hennessy Road,軒尼詩道2號,Daily 08:00-22:00,,0",
        "SM-3,sun-mart,,Macau,Sun Mart Macau,太陽超市 澳門店,3 Avenida,澳門大馬路3號,,,",
      ),
    ]);
    expect(output).toBe(
      "Imported stores.csv: 3 created, 0 updated, 0 unchanged.\n  created: SM-1, SM-2, SM-3",
    );
    const listed = await stores();
    expect(listed.items.map((item) => item.code)).toEqual(["SM-2", "SM-1", "SM-3"]);
    expect(listed.items[1]).toMatchObject({
      introduction: "Fresh fruit.\nOpen late.",
      partner_property: true,
    });
    expect(listed.items[2]?.region.code).toBe("3003");
    // The H Coins scheme's registry took the stores with the same flags: SM-1 earns the partner extra.
    const registry = await t.app.services.coinSchemeClient.stores();
    expect(registry.stores.map((store) => [store.store_code, store.partner_property])).toEqual([
      ["SM-1", true],
      ["SM-2", false],
      ["SM-3", false],
    ]);
    await storesImport(t.app.services, [await csv("code,partner_property", "SM-1,no", "SM-2,yes")]);
    expect(
      (await t.app.services.coinSchemeClient.stores()).stores.map((store) => store.partner_property),
    ).toEqual([false, true, false]);
    // And with their brand: a store moved to another brand is moved there too.
    await brandAdd(t.app.services, ["moon-mart", ...NAMES]);
    await storesImport(t.app.services, [await csv("code,brand", "SM-3,moon-mart")]);
    expect(
      (await t.app.services.coinSchemeClient.stores()).stores.map((store) => [
        store.store_code,
        store.brand_code,
      ]),
    ).toEqual([
      ["SM-1", "sun-mart"],
      ["SM-2", "sun-mart"],
      ["SM-3", "moon-mart"],
    ]);
  });

  it("updates stores by code, keeps columns left out, and can hide the stores missing from the file", async () => {
    await setUp();
    await brandAdd(t.app.services, ["sun-mart", ...NAMES]);
    await storesImport(t.app.services, [
      await csv(
        HEADER,
        "SM-1,sun-mart,3005,5046,Sun Mart One,一號店,1 Road,一號路,,,1",
        "SM-2,sun-mart,3005,5046,Sun Mart Two,二號店,2 Road,二號路,,,0",
      ),
    ]);
    const output = await storesImport(t.app.services, [
      await csv("code,name_en", "SM-1,Sun Mart First"),
      "--deactivate-missing",
    ]);
    expect(output).toBe(
      "Imported stores.csv: 0 created, 1 updated, 0 unchanged.\n  updated: SM-1\n  hidden (not in the file, now inactive): SM-2",
    );
    expect((await stores()).items).toMatchObject([
      { code: "SM-1", name: "Sun Mart First", partner_property: true, region: { code: "3005" } },
    ]);
  });

  it("imports nothing when any row is wrong, naming each problem by its line", async () => {
    await setUp();
    await brandAdd(t.app.services, ["sun-mart", ...NAMES]);
    const error = await refusal(
      storesImport(t.app.services, [
        await csv(
          HEADER,
          "OK-1,sun-mart,3005,5046,Fine,好店,1 Road,一號路,,,0",
          'BAD-1,moon-mart,3005,5046,Unknown brand,月亮,2 Road,"二號路\n地下",,,0',
          "BAD-2,sun-mart,3001,5046,Wrong region,錯區,3 Road,三號路,,,0",
          "BAD-3,sun-mart,3005,5046,No Chinese,,4 Road,,,,maybe",
          "OK-1,sun-mart,3005,5046,Twice,兩次,5 Road,五號路,,,0",
          "BAD-4,sun-mart,3005",
        ),
      ]),
    );
    expect(error.message.split("\n")).toEqual([
      "stores.csv has 7 problems; nothing was imported:",
      '  line 3: brand "moon-mart" is unknown (known: sun-mart; add it with brand-add)',
      "  line 5: district 5046 (Sham Shui Po) is not in region 3001 (Hong Kong Island); its region is 3005",
      '  line 6: partner_property "maybe" must be 1 or 0 (yes or no)',
      "  line 6: name_tc is missing (Traditional Chinese is what other languages fall back to)",
      "  line 6: address_tc is missing",
      "  line 7: code OK-1 is also used by line 2",
      "  line 8: has 3 cells, the header has 11",
    ]);
    expect((await stores()).total).toBe(0);
  });

  it("refuses a header with unknown columns or without code, and an empty file", async () => {
    await setUp();
    expect(
      (await refusal(storesImport(t.app.services, [await csv("code,colour", "X,red")]))).message,
    ).toMatch(/line 1 \(the header row\): unknown column "colour"/);
    expect((await refusal(storesImport(t.app.services, [await csv("name_en", "X")]))).message).toMatch(
      /the required column "code" is missing/,
    );
    expect((await refusal(storesImport(t.app.services, [await csv("code")]))).message).toMatch(
      /no store rows/,
    );
    expect((await refusal(storesImport(t.app.services, [join(dir, "missing.csv")]))).message).toMatch(
      /no such file; nothing was imported/,
    );
  });
});

describe("stores-export", () => {
  it("prints every store as CSV that imports back unchanged", async () => {
    await setUp({});
    const printed = await storesExport(t.app.services, []);
    const [header, ...rows] = printed.split("\n");
    expect(header).toBe(STORE_COLUMNS.join(","));
    expect(rows.filter((row) => /^[A-Z]{2}-/.test(row)).length).toBeGreaterThanOrEqual(24);
    expect(printed).toContain(
      "HF-CW01,harbour-fresh,3001,5005,Harbour Fresh Sheung Wan,港灣鮮生 上環店,港湾鲜生 上环店",
    );

    const path = join(dir, "export.csv");
    expect(await storesExport(t.app.services, [path])).toMatch(/^Exported \d+ stores to .*export\.csv\.$/);
    const written = await readFile(path, "utf8");
    expect(written.startsWith("\uFEFFcode,brand,")).toBe(true);
    const count = (await stores()).total;
    expect(await storesImport(t.app.services, [path])).toBe(
      `Imported export.csv: 0 created, 0 updated, ${count} unchanged.`,
    );
  });

  it("refuses a second argument", async () => {
    await setUp();
    expect((await refusal(storesExport(t.app.services, ["a.csv", "b.csv"]))).exitCode).toBe(2);
  });
});
