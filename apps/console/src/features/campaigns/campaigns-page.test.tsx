import { ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "../../lib/axe.ts";
import { mockApi, renderConsole, session } from "../../lib/test-app.tsx";
import { campaign } from "./campaign-test-data.ts";

const CAMPAIGNS = ok({
  campaigns: [
    campaign({ status: "active", spent_coins: 12_500, members_earned: 340 }),
    campaign({ id: 10, name: { en: "Birthday bonus", tc: "生日獎賞", sc: "生日奖励" }, budget_coins: null }),
  ],
});

describe("the campaigns list", () => {
  it("shows each campaign's name, status, Hong Kong schedule, coins spent of its budget and members", async () => {
    mockApi({ "GET /session": session("programmeManager"), "GET /campaigns": CAMPAIGNS });
    renderConsole("/campaigns");
    const link = await screen.findByRole("link", { name: "Weekend double" }, { timeout: 5000 });
    const row = link.closest("tr") as HTMLElement;
    expect(within(row).getByText("Active")).toBeInTheDocument();
    expect(within(row).getByText(/Dec 5, 2026, 12:00\s?AM to Jan 1, 2027, 12:00\s?AM/)).toBeInTheDocument();
    expect(within(row).getByText("12,500 of 500,000")).toBeInTheDocument();
    expect(within(row).getByText("340")).toBeInTheDocument();
    const other = screen.getByRole("link", { name: "Birthday bonus" }).closest("tr") as HTMLElement;
    expect(within(other).getByText("Draft")).toBeInTheDocument();
    expect(within(other).getByText("0 (no budget)")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "New campaign" })).toHaveAttribute(
      "href",
      "/console/campaigns/new",
    );
    expect(screen.getByRole("link", { name: "Campaigns" })).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
  });

  it("lets the auditor read the list but not make a campaign", async () => {
    mockApi({ "GET /session": session("auditor"), "GET /campaigns": CAMPAIGNS });
    renderConsole("/campaigns");
    expect(
      await screen.findByRole("link", { name: "Weekend double" }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "New campaign" })).not.toBeInTheDocument();
  });
});
