import { ok } from "@hcoins/web-kit/testing/mock-api";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi, renderConsole, session } from "../../lib/test-app.tsx";

const shown = {
  from: "2026-11-01",
  to: "2026-11-27",
  days: [],
  totals: { registrations: 0, logins: 0, sms_sent: 0, sms_failed: 0 },
  coins: null,
};

describe("the figures' CSV download", () => {
  it("links the shown range's CSV", async () => {
    mockApi({ "GET /session": session("auditor"), "GET /figures": ok(shown) });
    renderConsole("/figures?from=2026-11-01&to=2026-11-27");
    const link = await screen.findByRole("link", { name: "Download these days as CSV" }, { timeout: 5000 });
    expect(link).toHaveAttribute("href", "/console/api/figures.csv?from=2026-11-01&to=2026-11-27");
    expect(link).toHaveAttribute("download");
  });
});
