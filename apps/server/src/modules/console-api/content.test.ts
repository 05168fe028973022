import { afterEach, describe, expect, it } from "vitest";
import { PNG_1X1 } from "../../testing/images.ts";
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
const upload = (editor: ReturnType<typeof as>, bytes: Buffer, fileName: string) =>
  editor.post("/images", { file_name: fileName, data_base64: bytes.toString("base64") });

async function editorWithImage() {
  const editor = as(await signedInOperator(t, "contentEditor"));
  const image = await upload(editor, PNG_1X1, "dot.png");
  expect(image.status, image.text).toBe(200);
  return { editor, token: image.body.payload.token as string };
}

const bannerBody = (token: string, overrides: Record<string, unknown> = {}) => ({
  location: "welcome",
  title: { en: "Autumn offers", tc: "秋季優惠", sc: "秋季优惠" },
  image_mobile_token: token,
  image_desktop_token: token,
  link_url: "/rewards",
  active: true,
  starts_at: null,
  ends_at: null,
  ...overrides,
});

const pageBody = (overrides: Record<string, unknown> = {}) => ({
  location: "merchant",
  slug: "autumn-fair",
  title: { en: "Autumn fair", tc: "秋季展銷", sc: "秋季展销" },
  content: {
    en: "<p>Come <b>early</b></p><script>alert(1)</script>",
    tc: "<p>請早到</p>",
    sc: "<p>请早到</p>",
  },
  active: true,
  publish_from: null,
  publish_until: null,
  ...overrides,
});

const memberBannerIds = async () => {
  const answer = await t.call("GET", "/crm/cms/banner/?cms_location_code=welcome", { lang: "en" });
  return (answer.body.payload as { id: number }[]).map((banner) => banner.id);
};

const memberPage = (slug: string) =>
  t.call("GET", `/crm/cms/page/?url_slug=${slug}&cms_location_code=merchant`, { lang: "en" });

describe("banners", () => {
  it("refuses an unknown location, a missing alt text, a missing image, a bad link and a schedule that ends first", async () => {
    t = await createTestApp();
    const { editor, token } = await editorWithImage();
    const before = (await entries()).length;
    const refused = async (body: Record<string, unknown>) => {
      const answer = await editor.post("/content/banners", body);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.error_code).toBe(4000);
      return answer.body.payload.errors[0];
    };
    expect(await refused(bannerBody(token, { location: "nowhere" }))).toMatchObject({
      field: "location",
      rule: "locationUnknown",
    });
    expect(await refused(bannerBody(token, { title: { en: "Offers", tc: "優惠", sc: " " } }))).toMatchObject({
      field: "title.sc",
      rule: "required",
    });
    expect(await refused(bannerBody(token, { image_desktop_token: "a".repeat(64) }))).toMatchObject({
      field: "image_desktop_token",
      rule: "imageMissing",
    });
    expect(await refused(bannerBody(token, { link_url: "javascript:alert(1)" }))).toMatchObject({
      field: "link_url",
      rule: "linkFormat",
    });
    expect(
      await refused(
        bannerBody(token, { starts_at: "2026-12-02T00:00:00Z", ends_at: "2026-12-01T00:00:00Z" }),
      ),
    ).toMatchObject({ field: "ends_at", rule: "scheduleOrder" });
    expect((await entries()).length).toBe(before);
  });

  it("adds, schedules, edits, reorders and deletes, each change one audit entry, the member's call following", async () => {
    t = await createTestApp();
    const { editor, token } = await editorWithImage();
    // Ten minutes: well inside the console session's idle limit.
    const later10 = 600_000;
    const inTenMinutes = new Date(t.clock.now() + later10).toISOString();

    let count = (await entries()).length;
    const oneMore = async (action: string) => {
      const all = await entries();
      expect(all.length - count).toBe(1);
      count = all.length;
      expect(all[0]?.action).toBe(action);
      return all[0];
    };

    const first = (await editor.post("/content/banners", bannerBody(token))).body.payload;
    expect((await oneMore("content.banner.add"))?.after).toMatchObject({ id: first.id, location: "welcome" });
    const later = await editor.post("/content/banners", bannerBody(token, { starts_at: inTenMinutes }));
    expect(later.status, later.text).toBe(200);
    await oneMore("content.banner.add");
    const second = later.body.payload;
    expect(second.sort_order).toBeGreaterThan(first.sort_order);

    // The schedule: not shown before it starts, shown once it has, gone after it ends.
    expect(await memberBannerIds()).toContain(first.id);
    expect(await memberBannerIds()).not.toContain(second.id);
    t.clock.advance(later10);
    expect(await memberBannerIds()).toContain(second.id);

    const ids = (await memberBannerIds()).filter((id) => id === first.id || id === second.id);
    expect(ids).toEqual([first.id, second.id]);
    const moved = await editor.post(`/content/banners/${second.id}/move`, { direction: "up" });
    expect(moved.status, moved.text).toBe(200);
    const move = await oneMore("content.banner.move");
    const orderBefore = (move?.before?.order ?? []) as number[];
    const orderAfter = (move?.after?.order ?? []) as number[];
    expect(orderBefore.indexOf(first.id)).toBeLessThan(orderBefore.indexOf(second.id));
    expect(orderAfter.indexOf(second.id)).toBeLessThan(orderAfter.indexOf(first.id));
    expect((await memberBannerIds()).filter((id) => id === first.id || id === second.id)).toEqual([
      second.id,
      first.id,
    ]);

    const ended = new Date(t.clock.now() - 1000).toISOString();
    const edited = await editor.post(
      `/content/banners/${first.id}`,
      bannerBody(token, { title: { en: "Winter", tc: "冬季", sc: "冬季" }, ends_at: ended, starts_at: null }),
    );
    expect(edited.status, edited.text).toBe(200);
    const update = await oneMore("content.banner.update");
    expect(update?.before).toMatchObject({ title: { en: "Autumn offers" }, ends_at: null });
    expect(update?.after).toMatchObject({ title: { en: "Winter" }, ends_at: ended });
    expect(await memberBannerIds()).not.toContain(first.id);

    const inactive = await editor.post(`/content/banners/${second.id}`, bannerBody(token, { active: false }));
    expect(inactive.status).toBe(200);
    await oneMore("content.banner.update");
    expect(await memberBannerIds()).not.toContain(second.id);

    expect((await editor.post(`/content/banners/${second.id}/delete`)).status).toBe(200);
    expect((await oneMore("content.banner.delete"))?.before).toMatchObject({ id: second.id });
    const listed = (await editor.get("/content/banners")).body.payload.banners as { id: number }[];
    expect(listed.map((banner) => banner.id)).not.toContain(second.id);
    const again = await editor.post(`/content/banners/${second.id}/delete`);
    expect(again.body.error_code).toBe(4040);
    expect((await entries()).length).toBe(count);
  });
});

describe("CMS pages", () => {
  it("adds sanitised pages, honours the publish window, edits and deletes, each change one audit entry", async () => {
    t = await createTestApp();
    const editor = as(await signedInOperator(t, "contentEditor"));
    let count = (await entries()).length;
    const oneMore = async (action: string) => {
      const all = await entries();
      expect(all.length - count).toBe(1);
      count = all.length;
      expect(all[0]?.action).toBe(action);
      return all[0];
    };

    const unknown = await editor.post("/content/pages", pageBody({ location: "elsewhere" }));
    expect(unknown.body.payload.errors[0]).toMatchObject({ field: "location", rule: "locationUnknown" });
    const blank = await editor.post(
      "/content/pages",
      pageBody({ content: { en: "<script>x()</script>", tc: "<p>好</p>", sc: "<p>好</p>" } }),
    );
    expect(blank.body.payload.errors[0]).toMatchObject({ field: "content.en", rule: "required" });
    expect((await entries()).length).toBe(count);

    const added = await editor.post(
      "/content/pages",
      pageBody({ publish_from: new Date(t.clock.now() + 60_000).toISOString() }),
    );
    expect(added.status, added.text).toBe(200);
    const page = added.body.payload;
    expect(page.content.en).toContain("<b>early</b>");
    expect(page.content.en).not.toContain("script");
    expect((await oneMore("content.page.add"))?.after).toMatchObject({ slug: "autumn-fair" });
    expect((await editor.post("/content/pages", pageBody())).body.payload.errors[0]).toMatchObject({
      field: "slug",
      rule: "slugTaken",
    });

    expect((await memberPage("autumn-fair")).body.error_code).toBe(4040);
    t.clock.advance(60_000);
    expect((await memberPage("autumn-fair")).body.payload).toMatchObject({
      title: "Autumn fair",
      content: page.content.en,
    });

    const edited = await editor.post(
      `/content/pages/${page.id}`,
      pageBody({ title: { en: "Winter fair", tc: "冬季展銷", sc: "冬季展销" } }),
    );
    expect(edited.status, edited.text).toBe(200);
    const update = await oneMore("content.page.update");
    expect(update?.before).toMatchObject({ title: { en: "Autumn fair" } });
    expect(update?.after).toMatchObject({ title: { en: "Winter fair" } });
    expect((await memberPage("autumn-fair")).body.payload.title).toBe("Winter fair");

    expect((await editor.post(`/content/pages/${page.id}/delete`)).status).toBe(200);
    expect((await oneMore("content.page.delete"))?.before).toMatchObject({ id: page.id });
    expect((await memberPage("autumn-fair")).body.error_code).toBe(4040);
  });

  it("lets the auditor read pages and banners but change nothing", async () => {
    t = await createTestApp();
    const auditor = as(await signedInOperator(t, "auditor"));
    expect((await auditor.get("/content/pages")).status).toBe(200);
    expect((await auditor.get("/content/banners")).status).toBe(200);
    const refused = await auditor.post("/content/pages", pageBody());
    expect(refused.status).toBe(403);
    const service = as(await signedInOperator(t, "customerService"));
    expect((await service.get("/content/pages")).status).toBe(403);
  });
});
