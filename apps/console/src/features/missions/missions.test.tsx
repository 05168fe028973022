import type { ConsoleMission } from "@hcoins/domain/api/console-missions";
import { ok } from "@hcoins/web-kit/testing/mock-api";
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "../../lib/axe.ts";
import { mockApi, renderConsole, session } from "../../lib/test-app.tsx";

const COFFEES = {
  name: { en: "3 coffees get 1", tc: "三杯咖啡送一杯", sc: "三杯咖啡送一杯" },
  description: { en: "Buy 3 coffees", tc: "買 3 杯咖啡", sc: "买 3 杯咖啡" },
  kind: "purchases" as const,
  goal: 3,
  store_codes: [],
  brand_codes: ["coffee-corner"],
  min_net_amount: "30",
  period: "calendar_month" as const,
  starts_at: "2026-12-01T00:00:00+08:00",
  ends_at: "2027-01-01T00:00:00+08:00",
  reward_id: 7,
  budget_completions: 1000,
};

/** A reward of the catalogue as the rewards list answers it. */
const REWARD = {
  kind: "product",
  coins: 100,
  stock: 30,
  value_amount: null,
  image_url: null,
  starts_at: null,
  ends_at: null,
  active: true,
  sort_order: 0,
  low_stock_threshold: null,
  stock_level: "in_stock",
};

const mission = (changes: Partial<ConsoleMission> = {}): ConsoleMission => ({
  id: 5,
  ...COFFEES,
  status: "draft",
  completions: 0,
  created_by: "operator:writer@example.com",
  created_at: "2026-11-27T02:00:00.000Z",
  updated_by: null,
  updated_at: null,
  activated_by: null,
  approved_by: null,
  activated_at: null,
  ...changes,
});

describe("the stamp missions screens", () => {
  it("list each mission's name, status, goal and completions of its budget", async () => {
    mockApi({
      "GET /session": session("programmeManager"),
      "GET /missions": ok({ missions: [mission({ status: "active", completions: 12 })] }),
    });
    renderConsole("/missions");
    const link = await screen.findByRole("link", { name: "3 coffees get 1" }, { timeout: 5000 });
    const row = link.closest("tr") as HTMLElement;
    expect(within(row).getByText("Active")).toBeInTheDocument();
    expect(within(row).getByText("3 qualifying purchases")).toBeInTheDocument();
    expect(within(row).getByText("12 of 1,000")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "New mission" })).toHaveAttribute(
      "href",
      "/console/missions/new",
    );
    expect(await seriousViolations()).toEqual([]);
  });

  it("write a mission as a draft, with the contract's rules first, and ask a second operator to activate it", async () => {
    const api = mockApi({
      "GET /session": session("programmeManager"),
      "POST /missions": ok({ mission: mission() }),
      "GET /missions/5": ok({ mission: mission() }),
      "GET /missions": ok({ missions: [mission()] }),
      "POST /missions/5/request-activation": ok({ approval_id: 44 }),
      "GET /brands": ok({
        brands: [
          {
            id: 3,
            code: "coffee-corner",
            name: { en: "Coffee Corner", tc: "咖啡角", sc: "咖啡角" },
            logo_media_token: null,
            sort_order: 0,
            store_count: 4,
          },
        ],
      }),
      "GET /rewards": ok({
        rewards: [{ ...REWARD, id: 7, title: { en: "Free coffee", tc: "免費咖啡", sc: "免费咖啡" } }],
      }),
    });
    renderConsole("/missions/new");
    const user = userEvent.setup();
    const save = await screen.findByRole("button", { name: "Save as draft" }, { timeout: 5000 });
    await user.clear(screen.getByLabelText("Stamps to complete"));
    await user.type(screen.getByLabelText("Stamps to complete"), "1");
    await user.click(save);
    expect(screen.getByLabelText("Stamps to complete")).toHaveAccessibleDescription(
      "2 to 50. A mission needs at least 2 stamps.",
    );
    expect(api.called("POST /missions")).toHaveLength(0);

    for (const [label, text] of [
      ["Name (English)", COFFEES.name.en],
      ["Name (Traditional Chinese)", COFFEES.name.tc],
      ["Name (Simplified Chinese)", COFFEES.name.sc],
      ["What the member reads (English)", COFFEES.description.en],
      ["What the member reads (Traditional Chinese)", COFFEES.description.tc],
      ["What the member reads (Simplified Chinese)", COFFEES.description.sc],
      ["Least amount spent (HKD)", "30"],
      ["Budget (completions)", "1000"],
    ] as const)
      await user.type(screen.getByLabelText(label), text);
    await user.click(screen.getByLabelText("Coffee Corner"));
    await user.selectOptions(screen.getByLabelText("Reward"), "Free coffee (#7)");
    await user.clear(screen.getByLabelText("Stamps to complete"));
    await user.type(screen.getByLabelText("Stamps to complete"), "3");
    fireEvent.change(screen.getByLabelText("Starts (Hong Kong time)"), {
      target: { value: "2026-12-01T00:00" },
    });
    fireEvent.change(screen.getByLabelText("Ends (Hong Kong time, not included)"), {
      target: { value: "2027-01-01T00:00" },
    });
    await user.click(save);
    expect(await screen.findByText("Mission saved.")).toBeInTheDocument();
    expect(api.called("POST /missions")[0]?.json).toEqual(COFFEES);

    await user.click(screen.getByRole("button", { name: "Request activation" }));
    const dialog = screen.getByRole("dialog", { name: "Request activation of 3 coffees get 1" });
    await user.type(within(dialog).getByLabelText("Note for the approver"), "December coffee");
    await user.click(within(dialog).getByRole("button", { name: "Send request" }));
    expect(await screen.findByText(/Activation requested/)).toBeInTheDocument();
    expect(api.called("POST /missions/5/request-activation")[0]?.json).toEqual({ note: "December coffee" });
  });
});
