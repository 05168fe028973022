import { fail, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, renderConsole, session } from "../../lib/test-app.tsx";

const texts = (en: string, tc: string, sc: string) => ({ en, tc, sc });
const silver = {
  code: "silver",
  name: texts("Silver", "銀卡", "银卡"),
  benefits: texts("Free parking", "免費泊車", "免费停车"),
  qualifying_amount: "5000.00",
  multiplier: "1.5",
  reward_id: null,
};
const ladder = (tiers: unknown[], window = "rolling_12_months") => ({
  window,
  review_rule: "anniversary",
  review_date: null,
  tiers,
  updated_by: "operator:pm@example.com",
  updated_at: "2026-11-01T02:00:00Z",
});

describe("the tiers screen", () => {
  it("edits the ladder, window and review rule, and saves it whole", async () => {
    const api = mockApi({
      "GET /session": session("programmeManager"),
      "GET /tiers": ok(ladder([silver])),
      "POST /tiers": ok(ladder([silver], "calendar_year")),
    });
    renderConsole("/tiers");
    expect(
      await screen.findByText("Spend counts over the last 12 months.", {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole("radio", { name: "Spend counts from 1 January each year." }));
    await user.click(screen.getByRole("radio", { name: "Tiers are reviewed on one day each year." }));
    await user.type(screen.getByLabelText("Review day (MM-DD)"), "01-01");
    await user.click(screen.getByRole("button", { name: "Add a tier" }));
    await user.type(screen.getAllByLabelText("Code (a-z, 0-9, hyphens)")[1] as HTMLElement, "gold");
    await user.type(screen.getAllByLabelText("Name (English)")[1] as HTMLElement, "Gold");
    await user.type(screen.getAllByLabelText("Name (Traditional Chinese)")[1] as HTMLElement, "金卡");
    await user.type(screen.getAllByLabelText("Name (Simplified Chinese)")[1] as HTMLElement, "金卡");
    await user.type(screen.getAllByLabelText("Qualifying spend (HKD)")[1] as HTMLElement, "20000");
    const multiplier = screen.getAllByLabelText("Earn multiplier (1 to 10, e.g. 1.5)")[1] as HTMLElement;
    await user.clear(multiplier);
    await user.type(multiplier, "2");
    await user.click(screen.getByRole("button", { name: "Save the tiers" }));
    expect(await screen.findByText(/^Saved\./)).toBeInTheDocument();
    expect(api.called("POST /tiers")[0]?.json).toEqual({
      window: "calendar_year",
      review_rule: "fixed_date",
      review_date: "01-01",
      tiers: [
        silver,
        {
          code: "gold",
          name: texts("Gold", "金卡", "金卡"),
          benefits: texts("", "", ""),
          qualifying_amount: "20000",
          multiplier: "2",
          reward_id: null,
        },
      ],
    });
  });

  it("names the rule a refused ladder breaks", async () => {
    mockApi({
      "GET /session": session("programmeManager"),
      "GET /tiers": ok(ladder([silver])),
      "POST /tiers": fail(400, 4000, "invalid", { errors: [{ field: "tiers", rule: "tierHeld" }] }),
    });
    renderConsole("/tiers");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Remove tier 1" }, { timeout: 5000 }));
    await user.click(screen.getByRole("button", { name: "Save the tiers" }));
    expect(
      await screen.findByText("tiers: Members hold a tier you left out: keep it until they have moved."),
    ).toBeInTheDocument();
  });

  it("shows the auditor the ladder without the form", async () => {
    mockApi({ "GET /session": session("auditor"), "GET /tiers": ok(ladder([silver])) });
    renderConsole("/tiers");
    expect(await screen.findByText("Silver / 銀卡 / 银卡", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText("×1.5")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Save the tiers" })).not.toBeInTheDocument();
  });
});
