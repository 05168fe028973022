import type { ConsoleSegment } from "@hcoins/domain/api/console-segments";
import { fail, ok } from "@hcoins/web-kit/testing/mock-api";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "../../lib/axe.ts";
import { changeLanguage } from "../../lib/i18n.ts";
import { mockApi, renderConsole, session } from "../../lib/test-app.tsx";

const LAPSED = {
  name: { en: "Lapsed shoppers", tc: "流失顧客", sc: "流失顾客" },
  conditions: [
    { fact: "purchased_within" as const, days: 90, is: false },
    { fact: "brands_bought" as const, in: ["coffee-corner"], days: 365 },
  ],
};

const segment = (changes: Partial<ConsoleSegment> = {}): ConsoleSegment => ({
  id: 4,
  ...LAPSED,
  members: 1234,
  created_by: "operator:writer@example.com",
  created_at: "2026-11-27T02:00:00.000Z",
  updated_by: null,
  updated_at: null,
  ...changes,
});

const BRANDS = ok({
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
});
const TIERS = ok({ window: "rolling_12_months", review: { rule: "anniversary" }, tiers: [] });

describe("the segments screens", () => {
  it("list each segment's conditions in words and its members now, in the operator's language", async () => {
    mockApi({
      "GET /session": session("programmeManager"),
      "GET /segments": ok({
        segments: [
          segment(),
          segment({
            id: 5,
            name: { en: "Spring birthdays", tc: "春季生日", sc: "春季生日" },
            conditions: [{ fact: "birth_month", in: [3, 4] }],
            members: 1,
          }),
        ],
      }),
      "GET /brands": BRANDS,
      "GET /tiers": TIERS,
    });
    renderConsole("/segments");
    const link = await screen.findByRole("link", { name: "Lapsed shoppers" }, { timeout: 5000 });
    const row = link.closest("tr") as HTMLElement;
    expect(within(row).getByText("Bought nothing in the last 90 days")).toBeInTheDocument();
    expect(await within(row).findByText("Bought at Coffee Corner in the last 365 days")).toBeInTheDocument();
    expect(within(row).getByText("1,234")).toBeInTheDocument();
    expect(within(row).getByRole("button", { name: "Edit Lapsed shoppers" })).toBeInTheDocument();
    expect(screen.getByText("Born in March or April")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "New segment" })).toHaveAttribute(
      "href",
      "/console/segments/new",
    );
    expect(await seriousViolations()).toEqual([]);
    await act(() => changeLanguage("tc"));
    expect(await screen.findByText("過去 90 日未有消費")).toBeInTheDocument();
    expect(screen.getByText("出生月份：三月或四月")).toBeInTheDocument();
    await act(() => changeLanguage("en"));
  });

  it("count the members live as the conditions change, check the rules first, and save", async () => {
    const api = mockApi({
      "GET /session": session("programmeManager"),
      "POST /segments/count": ok({ members: 57 }),
      "POST /segments": ok({ segment: segment() }),
      "GET /segments/4": ok({ segment: segment() }),
      "GET /segments": ok({ segments: [segment()] }),
      "GET /brands": BRANDS,
      "GET /tiers": TIERS,
    });
    renderConsole("/segments/new");
    const user = userEvent.setup();
    const save = await screen.findByRole("button", { name: "Save segment" }, { timeout: 5000 });
    // No conditions: every member, counted at once.
    expect(await screen.findByText("57 members meet these conditions now.")).toBeInTheDocument();
    expect(api.called("POST /segments/count")[0]?.json).toEqual({ conditions: [] });

    await user.selectOptions(screen.getByLabelText("Condition to add"), "Recent purchase");
    await user.click(screen.getByRole("button", { name: "Add condition" }));
    const days = screen.getByLabelText("In the last (days)");
    await user.clear(days);
    expect(
      await screen.findByText("Complete the conditions to see how many members they hold."),
    ).toBeInTheDocument();
    await user.type(days, "90");
    await user.click(screen.getByLabelText("No: bought nothing (lapsed)"));
    await waitFor(() =>
      expect(api.called("POST /segments/count").at(-1)?.json).toEqual({
        conditions: [{ fact: "purchased_within", days: 90, is: false }],
      }),
    );

    await user.click(save);
    expect(screen.getByLabelText("Name (English)")).toHaveAccessibleDescription("Required.");
    expect(api.called("POST /segments")).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText("Condition to add"), "Brands bought");
    await user.click(screen.getByRole("button", { name: "Add condition" }));
    await user.click(await screen.findByLabelText("Coffee Corner"));
    for (const language of ["en", "tc", "sc"] as const)
      await user.type(
        screen.getByLabelText(
          `Name (${{ en: "English", tc: "Traditional Chinese", sc: "Simplified Chinese" }[language]})`,
        ),
        LAPSED.name[language],
      );
    await user.click(save);
    expect(await screen.findByText("Segment saved.")).toBeInTheDocument();
    expect(api.called("POST /segments")[0]?.json).toEqual(LAPSED);
  });

  it("delete from the list's row, asked first, and list the segments again", async () => {
    const api = mockApi({
      "GET /session": session("programmeManager"),
      "GET /segments": [ok({ segments: [segment()] }), ok({ segments: [] })],
      "POST /segments/4/delete": ok({ removed: true }),
      "GET /brands": BRANDS,
      "GET /tiers": TIERS,
    });
    renderConsole("/segments");
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole("button", { name: "Delete Lapsed shoppers" }, { timeout: 5000 }),
    );
    const dialog = screen.getByRole("dialog", { name: "Delete this segment?" });
    expect(api.called("POST /segments/4/delete")).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Delete segment" }));
    expect(await screen.findByText("No segments yet.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(api.called("POST /segments/4/delete")).toHaveLength(1);
  });

  it("say by name which campaigns and rewards keep a segment from deletion", async () => {
    const api = mockApi({
      "GET /session": session("programmeManager"),
      "GET /segments/4": ok({ segment: segment() }),
      "POST /segments/count": ok({ members: 1234 }),
      "POST /segments/4/delete": fail(409, 4304, "in use", { campaign_ids: [8], reward_ids: [12, 13] }),
      "GET /campaigns": ok({ campaigns: [{ id: 8, name: { en: "Come back", tc: "回來吧", sc: "回来吧" } }] }),
      // Reward 13 is not listed (a race with its deletion): it is named by its number.
      "GET /rewards": ok({
        rewards: [{ id: 12, title: { en: "Free coffee", tc: "免費咖啡", sc: "免费咖啡" } }],
      }),
      "GET /brands": BRANDS,
      "GET /tiers": TIERS,
    });
    renderConsole("/segments/4");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Delete segment" }, { timeout: 5000 }));
    const dialog = screen.getByRole("dialog", { name: "Delete this segment?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete segment" }));
    expect(
      await within(dialog).findByText(/Campaigns: Come back\. Rewards: Free coffee and #13\./),
    ).toBeInTheDocument();
    expect(api.called("POST /segments/4/delete")).toHaveLength(1);
    await act(() => changeLanguage("tc"));
    expect(
      await within(dialog).findByText(/換領。推廣活動：回來吧。禮遇：免費咖啡及#13。$/),
    ).toBeInTheDocument();
    await act(() => changeLanguage("en"));
  });

  it("are read only to the auditor, with no row actions and no live count", async () => {
    const api = mockApi({
      "GET /session": session("auditor"),
      "GET /segments": ok({ segments: [segment()] }),
      "GET /segments/4": ok({ segment: segment() }),
      "GET /brands": BRANDS,
      "GET /tiers": TIERS,
    });
    const list = renderConsole("/segments");
    await screen.findByRole("link", { name: "Lapsed shoppers" }, { timeout: 5000 });
    expect(screen.queryByRole("columnheader", { name: "Actions" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete Lapsed shoppers" })).toBeNull();
    expect(screen.queryByRole("link", { name: "New segment" })).toBeNull();
    list.unmount();

    renderConsole("/segments/4");
    expect(
      await screen.findByRole("heading", { name: "Lapsed shoppers" }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("Name (English)")).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Save changes" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete segment" })).toBeNull();
    expect(api.called("POST /segments/count")).toHaveLength(0);
  });

  it("are picked by name, with their members, by a campaign's condition and by a reward", async () => {
    mockApi({
      "GET /session": session("programmeManager"),
      "GET /segments": ok({ segments: [segment()] }),
      "GET /brands": BRANDS,
      "GET /tiers": TIERS,
      "GET /stores": ok({ stores: [] }),
      "GET /store-partners": ok({ stores: [] }),
    });
    const view = renderConsole("/campaigns/new");
    const user = userEvent.setup();
    await user.selectOptions(
      await screen.findByLabelText("Condition to add", {}, { timeout: 5000 }),
      "Segment",
    );
    await user.click(screen.getByRole("button", { name: "Add condition" }));
    const choice = await screen.findByLabelText("Lapsed shoppers (1,234 members now)");
    await user.click(choice);
    expect(choice).toBeChecked();
    view.unmount();

    renderConsole("/rewards/new");
    const who = await screen.findByLabelText("Who may redeem it", {}, { timeout: 5000 });
    await within(who).findByRole("option", { name: "Lapsed shoppers (1,234 members now)" });
    expect(
      within(who)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Every member", "Lapsed shoppers (1,234 members now)"]);
  });
});
