import type { ConsoleBanner, ConsolePage } from "@hcoins/domain/api/console-content";
import { ok } from "@hcoins/web-kit/testing/mock-api";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { describe, expect, it } from "vitest";
import { mockApi, renderConsole, session } from "../../lib/test-app.tsx";

/** Serious and critical axe violations of the page (colour contrast needs a real layout: the e2e runs cover it). */
async function seriousViolations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
  return result.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
}

const banner: ConsoleBanner = {
  id: 1,
  location: "welcome",
  title: { en: "Autumn", tc: "秋季", sc: "秋季" },
  image_mobile_token: "a".repeat(64),
  image_desktop_token: "a".repeat(64),
  link_url: "",
  sort_order: 0,
  active: true,
  starts_at: "2026-12-01T01:00:00Z",
  ends_at: null,
  updated_at: "2026-11-27T02:00:00Z",
};

const page: ConsolePage = {
  id: 3,
  location: "general",
  slug: "privacy-policy",
  title: { en: "Privacy", tc: "私隱", sc: "隐私" },
  content: {
    en: "<h2>Data</h2><p>We keep <a href='/x'>little</a>.</p>",
    tc: "<p>私隱</p>",
    sc: "<p>隐私</p>",
  },
  active: false,
  publish_from: null,
  publish_until: null,
  updated_at: "2026-11-27T02:00:00Z",
};

describe("the content screens for axe", () => {
  it("a check that finds an unlabelled field (so the checks below can fail)", async () => {
    document.body.innerHTML = '<main><input type="text"></main>';
    expect((await seriousViolations()).join()).toContain("label");
    document.body.innerHTML = "";
  });

  it("banners: the list, the form and the delete confirmation", async () => {
    mockApi({ "GET /session": session("contentEditor"), "GET /content/banners": ok({ banners: [banner] }) });
    renderConsole("/content/banners");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Add a banner" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await seriousViolations()).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Delete Autumn" }));
    expect(await seriousViolations()).toEqual([]);
  });

  it("pages: the list, the form with its errors and the preview", async () => {
    mockApi({ "GET /session": session("contentEditor"), "GET /content/pages": ok({ pages: [page] }) });
    renderConsole("/content/pages");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Preview privacy-policy" }));
    await user.click(screen.getByRole("button", { name: "Edit privacy-policy" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await seriousViolations()).toEqual([]);
  });
});
