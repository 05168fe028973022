import { describe, expect, it } from "vitest";
import { routes } from "./router.tsx";
import { SCREENS } from "./screens.ts";

describe("the screen table", () => {
  it("gives the router one lazy route per screen, each loading a component its page exports", async () => {
    const children = routes[0]?.children ?? [];
    expect(children.map((route) => route.path)).toEqual(SCREENS.map((screen) => screen.path));
    for (const route of children) {
      const lazy = route.lazy as () => Promise<{ Component?: unknown }>;
      const { Component } = await lazy();
      expect(typeof Component, String(route.path)).toBe("function");
    }
  });

  it("guards exactly the screens that need a member with the login loader", () => {
    const children = routes[0]?.children ?? [];
    const guarded = children.filter((route) => route.loader).map((route) => route.path);
    expect(guarded).toEqual(SCREENS.filter((screen) => screen.login).map((screen) => screen.path));
    expect(guarded).toContain("/qrcode");
  });
});
