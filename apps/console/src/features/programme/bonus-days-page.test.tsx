import { ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, renderConsole, session } from "../../lib/test-app.tsx";
import { bonusDayMultiplier, holidayDates } from "./bonus-days-page.tsx";

/** A programme rule's campaign as the server answers it (decision 238). */
const rule = (id: number, fields: Record<string, unknown>) => ({
  id,
  conditions: [],
  stacks: true,
  starts_at: "2000-01-01T00:00:00+08:00",
  ends_at: "2100-01-01T00:00:00+08:00",
  budget_coins: null,
  per_member_cap: null,
  status: "active",
  spent_coins: 0,
  members_earned: 0,
  purchases_earned: 0,
  created_by: "migration 0018",
  created_at: "2026-11-28T08:00:00.000Z",
  updated_by: null,
  updated_at: null,
  activated_by: "migration 0018",
  approved_by: "migration 0018",
  activated_at: "2026-11-28T08:00:00.000Z",
  ...fields,
});
const holiday = (id: number, date: string, next: string, multiplier: string, status = "active") =>
  rule(id, {
    name: { en: `Holiday ${date}`, tc: `節日 ${date}`, sc: `节日 ${date}` },
    action: { type: "multiplier", multiplier },
    programme_rule: "holiday",
    starts_at: `${date}T00:00:00+08:00`,
    ends_at: `${next}T00:00:00+08:00`,
    status,
  });
const CAMPAIGNS = {
  campaigns: [
    holiday(5, "2027-01-01", "2027-01-02", "1.5", "draft"),
    holiday(4, "2026-12-25", "2026-12-26", "2"),
    holiday(3, "2026-10-01", "2026-10-02", "3", "ended"),
    rule(2, {
      name: { en: "Birthday month", tc: "生日月份", sc: "生日月" },
      conditions: [{ fact: "birthday_month", is: true }],
      action: { type: "multiplier", multiplier: "2" },
      programme_rule: "birthday",
    }),
    rule(1, {
      name: {
        en: "Electronic payment at a partner store",
        tc: "於合作商場店舖以電子支付",
        sc: "在合作商场门店使用电子支付",
      },
      conditions: [{ fact: "partner_store", is: true }],
      action: { type: "electronic_extra" },
      programme_rule: "electronic",
    }),
  ],
};

describe("the bonus days screen", () => {
  it("lists the birthday rule and the holidays not ended, each linked to its campaign", async () => {
    mockApi({ "GET /session": session("auditor"), "GET /campaigns": ok(CAMPAIGNS) });
    renderConsole("/bonus-days");
    const birthday = await screen.findByRole("link", { name: "Birthday month" }, { timeout: 5000 });
    expect(birthday).toHaveAttribute("href", "/console/campaigns/2");
    expect(screen.getByText(/×2 in a member's birth month \(Active\)\./)).toBeInTheDocument();
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      "2026-12-25×2ActiveHoliday 2026-12-25",
      "2027-01-01×1.5DraftHoliday 2027-01-01",
    ]);
    expect(within(rows[0] as HTMLElement).getByRole("link")).toHaveAttribute("href", "/console/campaigns/4");
    // The auditor reads; only the programme manager writes a day.
    expect(screen.queryByRole("button", { name: "Write the bonus day" })).not.toBeInTheDocument();
  });

  it("says when there is no birthday rule", async () => {
    mockApi({ "GET /session": session("auditor"), "GET /campaigns": ok({ campaigns: [] }) });
    renderConsole("/bonus-days");
    expect(
      await screen.findByText(
        /No birthday rule: purchases in a member's birth month earn no bonus\./,
        {},
        {
          timeout: 5000,
        },
      ),
    ).toBeInTheDocument();
    expect(screen.getByText("No bonus day is set.")).toBeInTheDocument();
  });

  it("writes a new day as its holiday rule's draft and opens its campaign; refuses a bad multiplier before asking", async () => {
    const api = mockApi({
      "GET /session": session("programmeManager"),
      "GET /campaigns": ok(CAMPAIGNS),
      "POST /campaigns": ok({ campaign: holiday(6, "2026-12-26", "2026-12-27", "1.5", "draft") }),
      "GET /campaigns/6": ok({ campaign: holiday(6, "2026-12-26", "2026-12-27", "1.5", "draft") }),
    });
    renderConsole("/bonus-days");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Date (Hong Kong)", {}, { timeout: 5000 }), "2026-12-26");
    const multiplier = screen.getByLabelText("Multiplier");
    await user.type(multiplier, "1");
    await user.click(screen.getByRole("button", { name: "Write the bonus day" }));
    expect(await screen.findByText(/multiplier from 1.01 to 10/)).toBeInTheDocument();
    expect(api.called("POST /campaigns")).toHaveLength(0);

    await user.clear(multiplier);
    await user.type(multiplier, "1.50");
    await user.click(screen.getByRole("button", { name: "Write the bonus day" }));
    expect(await screen.findByText("Campaign saved.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Holiday 2026-12-26" })).toBeInTheDocument();
    expect(api.called("POST /campaigns")[0]?.json).toEqual({
      name: { en: "Holiday 2026-12-26", tc: "節日 2026-12-26", sc: "节日 2026-12-26" },
      conditions: [],
      action: { type: "multiplier", multiplier: "1.5" },
      stacks: true,
      starts_at: "2026-12-26T00:00:00+08:00",
      ends_at: "2026-12-27T00:00:00+08:00",
      budget_coins: null,
      per_member_cap: null,
      programme_rule: "holiday",
    });
  });

  it("reads a bonus day's multiplier above ×1, and the dates a holiday rule covers", () => {
    expect(bonusDayMultiplier("2")).toBe("2");
    expect(bonusDayMultiplier("1.50")).toBe("1.5");
    expect(bonusDayMultiplier("1")).toBeNull();
    expect(bonusDayMultiplier("10.01")).toBeNull();
    expect(bonusDayMultiplier("1.555")).toBeNull();
    expect(
      holidayDates({ starts_at: "2026-12-25T00:00:00+08:00", ends_at: "2026-12-26T00:00:00+08:00" }),
    ).toBe("2026-12-25");
    expect(holidayDates({ starts_at: "2027-02-16T16:00:00Z", ends_at: "2027-02-19T16:00:00Z" })).toBe(
      "2027-02-17 – 2027-02-19",
    );
  });
});
