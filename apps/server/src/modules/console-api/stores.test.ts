import { afterEach, describe, expect, it } from "vitest";
import { GIF_1X1, PNG_1X1 } from "../../testing/images.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { consoleCall, type SignedInOperator, signedInOperator } from "./console-test-support.ts";

let t: TestApp;
afterEach(() => t?.close());

function as(operator: SignedInOperator) {
  return {
    get: (path: string) => consoleCall(t, "GET", path, { cookie: operator.cookie }),
    post: (path: string, body: Record<string, unknown> = {}) =>
      consoleCall(t, "POST", path, { cookie: operator.cookie, csrf: operator.csrf, body }),
  };
}

const entries = () => t.app.services.audit.all({});

const brandBody = (overrides: Record<string, unknown> = {}) => ({
  code: "sun-mart",
  name: { en: "Sun Mart", tc: "太陽超市", sc: "太阳超市" },
  logo_media_token: null,
  ...overrides,
});

/** A database without the first start's content: one brand, alpha, with two stores (one hidden). */
async function editorApp(env: Record<string, string> = {}) {
  t = await createTestApp({ env: { SEED_CONTENT: "false", ...env } });
  const stores = t.app.services.stores;
  await stores.saveBrand({ code: "alpha", name: { en: "Alpha", tc: "甲牌", sc: "甲牌" }, sortOrder: 1 });
  await stores.saveStores([
    {
      label: "A1",
      input: {
        code: "A1",
        brand: "alpha",
        district: "5005",
        name: { en: "Alpha Central", tc: "甲牌中環" },
        address: { tc: "皇后大道中1號" },
      },
    },
    {
      label: "A2",
      input: {
        code: "A2",
        brand: "alpha",
        district: "5046",
        name: { en: "Alpha Sham Shui Po", tc: "甲牌深水埗" },
        address: { tc: "汝州街2號" },
        status: "inactive",
      },
    },
  ]);
  return as(await signedInOperator(t, "contentEditor"));
}

describe("brands", () => {
  it("refuses missing names, a bad or taken code, a logo not stored; the upload refuses what banners refuse", async () => {
    const editor = await editorApp({ MEDIA_MAX_BYTES: "5000" });
    const before = (await entries()).length;
    const refused = async (body: Record<string, unknown>, path = "/brands") => {
      const answer = await editor.post(path, body);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.error_code).toBe(4000);
      return answer.body.payload.errors[0];
    };
    for (const lang of ["en", "tc", "sc"]) {
      const name = { en: "Sun Mart", tc: "太陽超市", sc: "太阳超市", [lang]: " " };
      expect(await refused(brandBody({ name }))).toMatchObject({ field: `name.${lang}`, rule: "required" });
    }
    expect(await refused(brandBody({ code: "Sun Mart" }))).toMatchObject({
      field: "code",
      rule: "brandCode",
    });
    expect(await refused(brandBody({ code: "alpha" }))).toMatchObject({ field: "code", rule: "codeTaken" });
    expect(await refused(brandBody({ logo_media_token: "a".repeat(64) }))).toMatchObject({
      field: "logo_media_token",
      rule: "imageMissing",
    });
    expect(await refused(brandBody({ logo_media_token: "logo.png" }))).toMatchObject({
      field: "logo_media_token",
      rule: "imageMissing",
    });
    // The logo's file goes through the console's image store: the same type and size rules as banners.
    const upload = (bytes: Buffer, name: string) =>
      editor.post("/images", { file_name: name, data_base64: bytes.toString("base64") });
    expect((await upload(GIF_1X1, "logo.png")).body.payload.errors[0].rule).toBe("imageType");
    expect(
      (await upload(Buffer.concat([PNG_1X1, Buffer.alloc(5000)]), "logo.png")).body.payload.errors[0].rule,
    ).toBe("imageTooLarge");
    expect((await entries()).length).toBe(before);
    expect((await editor.post("/brands/999", brandBody())).body.error_code).toBe(4040);
    expect((await editor.post("/brands/999/move", { direction: "up" })).body.error_code).toBe(4040);
    expect((await editor.post("/brands/999/delete")).body.error_code).toBe(4040);
    expect((await entries()).length).toBe(before);
  });

  it("creates with a logo, edits, reorders and deletes, each change one audit entry, the member's calls following", async () => {
    const editor = await editorApp();
    let count = (await entries()).length;
    const oneMore = async (action: string) => {
      const all = await entries();
      expect(all.length - count).toBe(1);
      count = all.length;
      expect(all[0]?.action).toBe(action);
      return all[0];
    };
    const image = await editor.post("/images", {
      file_name: "sun.png",
      data_base64: PNG_1X1.toString("base64"),
    });
    const logo = image.body.payload.token as string;
    count += 1;

    const created = await editor.post("/brands", brandBody({ logo_media_token: logo }));
    expect(created.status, created.text).toBe(200);
    const sun = created.body.payload;
    expect(sun).toMatchObject({ code: "sun-mart", logo_media_token: logo, store_count: 0 });
    expect((await oneMore("brand.create"))?.after).toMatchObject({
      code: "sun-mart",
      logo_media_token: logo,
    });
    const preview = await editor.get(`/images/${logo}`);
    expect(preview.status).toBe(200);
    expect(preview.headers["content-type"]).toBe("image/png");

    const memberBrands = async (lang = "en") =>
      (await t.call("GET", "/crm/tag/?type=brand", { lang })).body.payload as {
        code: string;
        name: string;
        logo_media_token: string | null;
      }[];
    expect((await memberBrands()).map((brand) => brand.code)).toEqual(["alpha", "sun-mart"]);
    expect((await memberBrands("zh-HK")).at(-1)).toMatchObject({ name: "太陽超市", logo_media_token: logo });

    const edited = await editor.post(
      `/brands/${sun.id}`,
      brandBody({
        code: "sunny-mart",
        name: { en: "Sunny Mart", tc: "陽光超市", sc: "阳光超市" },
        logo_media_token: null,
      }),
    );
    expect(edited.status, edited.text).toBe(200);
    const edit = await oneMore("brand.edit");
    expect(edit?.before).toMatchObject({
      code: "sun-mart",
      name: { en: "Sun Mart" },
      logo_media_token: logo,
    });
    expect(edit?.after).toMatchObject({
      code: "sunny-mart",
      name: { en: "Sunny Mart" },
      logo_media_token: null,
    });
    // The same fields again change nothing and record nothing.
    await editor.post(
      `/brands/${sun.id}`,
      brandBody({ code: "sunny-mart", name: { en: "Sunny Mart", tc: "陽光超市", sc: "阳光超市" } }),
    );
    expect((await entries()).length).toBe(count);

    const moved = await editor.post(`/brands/${sun.id}/move`, { direction: "up" });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.payload.brands.map((brand: { code: string }) => brand.code)).toEqual([
      "sunny-mart",
      "alpha",
    ]);
    expect((await oneMore("brand.move"))?.after).toEqual({ order: ["sunny-mart", "alpha"] });
    expect((await memberBrands()).map((brand) => brand.code)).toEqual(["sunny-mart", "alpha"]);
    await editor.post(`/brands/${sun.id}/move`, { direction: "up" });
    expect((await entries()).length).toBe(count);

    expect((await editor.post(`/brands/${sun.id}/delete`)).status).toBe(200);
    expect((await oneMore("brand.delete"))?.before).toMatchObject({ code: "sunny-mart" });
    expect((await memberBrands()).map((brand) => brand.code)).toEqual(["alpha"]);
  });

  it("refuses to delete a brand that stores name, even hidden ones, and says so", async () => {
    const editor = await editorApp();
    const [alpha] = (await editor.get("/brands")).body.payload.brands;
    expect(alpha).toMatchObject({ code: "alpha", store_count: 2 });
    const before = (await entries()).length;
    const refused = await editor.post(`/brands/${alpha.id}/delete`);
    expect(refused.status).toBe(400);
    expect(refused.body.payload.errors).toEqual([{ field: "id", rule: "brandInUse" }]);
    // Its code stays too: the coin scheme's campaigns, segments and missions name the brand by it.
    const renamed = await editor.post(
      `/brands/${alpha.id}`,
      brandBody({ code: "alpha-two", name: { en: "Alpha", tc: "甲牌", sc: "甲牌" } }),
    );
    expect(renamed.status).toBe(400);
    expect(renamed.body.payload.errors).toEqual([{ field: "code", rule: "codeKept" }]);
    expect((await entries()).length).toBe(before);
    expect((await editor.get("/brands")).body.payload.brands).toHaveLength(1);
  });
});

describe("stores", () => {
  it("lists stores of any status by text, brand, region and status, a page at a time", async () => {
    const editor = await editorApp();
    const codes = async (query: string) => {
      const answer = await editor.get(`/stores/list${query}`);
      expect(answer.status, answer.text).toBe(200);
      return answer.body.payload.stores.map((store: { code: string }) => store.code);
    };
    expect(await codes("")).toEqual(["A1", "A2"]);
    expect(await codes("?status=inactive")).toEqual(["A2"]);
    expect(await codes("?q=sham%20shui")).toEqual(["A2"]);
    expect(await codes("?q=a1")).toEqual(["A1"]);
    expect(await codes("?region=3005")).toEqual(["A2"]);
    expect(await codes("?brand=999")).toEqual([]);
    expect(await codes("?page=2")).toEqual([]);
    const answer = (await editor.get("/stores/list")).body.payload;
    expect(answer).toMatchObject({ total: 2, page: 1, page_size: 25 });
    expect(answer.stores[0]).toMatchObject({
      code: "A1",
      name: { en: "Alpha Central", tc: "甲牌中環" },
      brand: { code: "alpha", name: { en: "Alpha" } },
      status: "active",
    });
    expect((await editor.get("/stores/list?status=closed")).body.error_code).toBe(4000);
  });

  it("hides and shows a store with one audit entry each; the member's list follows", async () => {
    const editor = await editorApp();
    const [a1] = (await editor.get("/stores/list?q=A1")).body.payload.stores;
    const memberCodes = async () =>
      ((await t.call("GET", "/crm/store/", { lang: "en" })).body.payload.items as { code: string }[]).map(
        (store) => store.code,
      );
    expect(await memberCodes()).toEqual(["A1"]);
    const before = (await entries()).length;
    const hidden = await editor.post(`/stores/${a1.id}/status`, { status: "inactive" });
    expect(hidden.status, hidden.text).toBe(200);
    expect(hidden.body.payload.status).toBe("inactive");
    const [entry] = await entries();
    expect(entry).toMatchObject({
      action: "store.status",
      target: "store:A1",
      before: { status: "active" },
      after: { status: "inactive" },
    });
    expect(await memberCodes()).toEqual([]);
    await editor.post(`/stores/${a1.id}/status`, { status: "inactive" });
    expect((await entries()).length).toBe(before + 1);
    await editor.post(`/stores/${a1.id}/status`, { status: "active" });
    expect((await entries()).length).toBe(before + 2);
    expect(await memberCodes()).toEqual(["A1"]);
    expect((await editor.post("/stores/999/status", { status: "active" })).body.error_code).toBe(4040);
    expect(
      (await editor.post(`/stores/${a1.id}/status`, { status: "gone" })).body.payload.errors[0],
    ).toMatchObject({
      field: "status",
    });
  });

  it("the member's store answer carries the brand's logo", async () => {
    await editorApp();
    const editor = t.app.services.storeEditor;
    const [alpha] = await editor.brands();
    const stored = await t.app.services.media.add(PNG_1X1, "alpha.png");
    await editor.updateBrand(
      alpha?.id as number,
      { code: "alpha", name: { en: "Alpha", tc: "甲牌", sc: "甲牌" }, logoMediaToken: stored.token },
      { actor: "cli:test", address: null },
    );
    const answer = await t.call("GET", "/crm/store/", { lang: "en" });
    expect(answer.body.payload.items[0].brand).toEqual({
      id: alpha?.id,
      code: "alpha",
      name: "Alpha",
      logo_media_token: stored.token,
    });
  });
});
