import { afterEach, describe, expect, it } from "vitest";
import { PNG_1X1 } from "../testing/images.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { CliError } from "./command.ts";
import { bannerDelete, bannerMove, pageDelete } from "./content-editing.ts";

let t: TestApp;
afterEach(() => t?.close());

const by = { actor: "cli:test", address: null };

describe("the content editing commands share the console's editor", () => {
  it("moves and deletes banners and deletes a page, one audit entry each, refusing unknown ids", async () => {
    t = await createTestApp();
    const { cmsEditor, media, audit } = t.app.services;
    const { token } = await media.add(PNG_1X1, "dot.png");
    const banner = (en: string) =>
      cmsEditor.addBanner(
        {
          location: "welcome",
          title: { en, tc: en, sc: en },
          imageMobileToken: token,
          imageDesktopToken: token,
          linkUrl: "",
          active: true,
          startsAt: null,
          endsAt: null,
        },
        by,
      );
    const first = await banner("First");
    const second = await banner("Second");
    const page = await cmsEditor.addPage(
      {
        location: "merchant",
        slug: "fair",
        title: { en: "Fair", tc: "展銷", sc: "展销" },
        content: { en: "<p>Fair</p>", tc: "<p>展銷</p>", sc: "<p>展销</p>" },
        active: true,
        publishFrom: null,
        publishUntil: null,
      },
      by,
    );
    const count = async () => (await audit.all({})).length;
    const before = await count();

    const moved = await bannerMove(t.app.services, [String(second.id), "up"]);
    const order =
      moved
        .match(/: (.*)\.$/)?.[1]
        ?.split(", ")
        .map(Number) ?? [];
    expect(order.indexOf(second.id)).toBeLessThan(order.indexOf(first.id));
    const entry = (await audit.all({}))[0];
    expect(entry?.action).toBe("content.banner.move");
    expect(entry?.actor).toMatch(/^cli:/);

    expect(await bannerDelete(t.app.services, [String(first.id)])).toBe(`Banner ${first.id} deleted.`);
    expect(await pageDelete(t.app.services, [String(page.id)])).toBe(`Page ${page.id} deleted.`);
    expect(await count()).toBe(before + 3);

    await expect(bannerDelete(t.app.services, [String(first.id)])).rejects.toThrow(CliError);
    await expect(pageDelete(t.app.services, ["x"])).rejects.toThrow(/must be a number/);
    await expect(bannerMove(t.app.services, [String(second.id), "left"])).rejects.toThrow(/up or down/);
    expect(await count()).toBe(before + 3);
  });
});
