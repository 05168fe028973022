import type { OperatorRole } from "@hcoins/domain/api/console";
import type { ApprovalRequest } from "@hcoins/domain/api/console-coin-controls";
import { fail, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "../../lib/axe.ts";
import { mockApi, renderConsole, session } from "../../lib/test-app.tsx";

const request = (fields: Partial<ApprovalRequest> = {}): ApprovalRequest => ({
  id: 17,
  kind: "coins.adjust",
  status: "pending",
  member_id: 42,
  coins: 800,
  reason_code: "serviceRecovery",
  note: "Complaint 88, manager agreed",
  requested_by: "amy@example.com",
  requested_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  expires_at: new Date(Date.now() + 69 * 3_600_000).toISOString(),
  decided_by: null,
  decided_at: null,
  decision_note: null,
  lines: null,
  failure: null,
  campaign: null,
  mission: null,
  ...fields,
});

const open = (role: OperatorRole, handlers = {}) => {
  const api = mockApi({
    "GET /session": session(role),
    "GET /approvals": ok({ requests: [request()], total: 1 }),
    ...handlers,
  });
  renderConsole("/approvals");
  return api;
};

describe("the approvals screen", () => {
  it("lists the pending requests with amount, reason, note, requester and age; the manager approves with a note", async () => {
    const api = open("programmeManager", {
      "POST /approvals/17/approve": ok(request({ status: "approved", decided_by: "pm@example.com" })),
    });
    const row = within(
      (await screen.findByRole("cell", { name: "Service recovery" })).closest("tr") as HTMLElement,
    );
    expect(row.getByRole("link", { name: "#42" })).toBeInTheDocument();
    expect(row.getByText("800")).toBeInTheDocument();
    expect(row.getByText("Complaint 88, manager agreed")).toBeInTheDocument();
    expect(row.getByText("3 h")).toBeInTheDocument();
    expect(api.called("GET /approvals")[0]?.url.searchParams.get("status")).toBe("pending");
    // What a phone shows before its table scrolls: whose, how many coins, the buttons, the status.
    expect(
      screen
        .getAllByRole("columnheader")
        .slice(0, 4)
        .map((header) => header.textContent),
    ).toEqual(["Member", "Coins", "Actions", "Status"]);

    const user = userEvent.setup();
    await user.click(row.getByRole("button", { name: "Approve" }));
    const dialog = within(screen.getByRole("dialog", { name: "Approve request 17" }));
    // The kind by its name (a dotted kind is a nested key), the reason and the note in the dialog, where a phone's screen shows them.
    expect(dialog.getByText(/Approve this Coin adjustment for member #42/)).toBeInTheDocument();
    expect(dialog.getByText("Service recovery")).toBeInTheDocument();
    expect(dialog.getByText("Complaint 88, manager agreed")).toBeInTheDocument();
    await user.click(dialog.getByRole("button", { name: "Approve" }));
    expect(dialog.getByText("Required.")).toBeInTheDocument();
    await user.type(dialog.getByLabelText("Note on your decision"), "Receipt checked");
    await user.click(dialog.getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("Request 17 approved and applied.")).toBeInTheDocument();
    expect(api.called("POST /approvals/17/approve")[0]?.json).toEqual({ note: "Receipt checked" });
  });

  it("says why a decision was refused: the operator's own request", async () => {
    open("programmeManager", {
      "POST /approvals/17/reject": fail(403, 4254, "own"),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Reject" }));
    const dialog = within(screen.getByRole("dialog", { name: "Reject request 17" }));
    await user.type(dialog.getByLabelText("Note on your decision"), "No receipt");
    await user.click(dialog.getByRole("button", { name: "Reject" }));
    expect(await dialog.findByRole("alert")).toHaveTextContent(
      "You cannot approve or reject your own request: another operator must decide it.",
    );
  });

  it("a bulk adjustment shows its lines, paged, and after approval each line's outcome", async () => {
    const lines = Array.from({ length: 30 }, (_, index) => ({
      member_no: `M0000001${String(index).padStart(2, "0")}`,
      coins: 100,
      outcome: null as string | null,
    }));
    const bulk = request({ id: 23, kind: "coins.bulkAdjust", member_id: null, coins: 3_000, lines });
    const applied = lines.map((line, index) => ({
      ...line,
      outcome: index === 27 ? "balanceTooLow" : "applied",
    }));
    const api = open("administrator", {
      "GET /approvals": [
        ok({ requests: [bulk], total: 1 }),
        ok({ requests: [{ ...bulk, status: "approved", lines: applied }], total: 1 }),
      ],
      "POST /approvals/23/approve": ok({ ...bulk, status: "approved", lines: applied }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByText("30 lines"));
    const table = within(screen.getByRole("table", { name: "Lines of request 23" }));
    expect(table.getAllByRole("row")).toHaveLength(26);
    expect(table.getAllByText("Not applied yet")).toHaveLength(25);
    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(
      within(screen.getByRole("table", { name: "Lines of request 23" })).getAllByRole("row"),
    ).toHaveLength(6);

    await user.click(screen.getByRole("button", { name: "Approve" }));
    const dialog = within(screen.getByRole("dialog", { name: "Approve request 23" }));
    expect(
      dialog.getByText(/Approve this Bulk adjustment of 30 lines \(3,000 coins in all\)/),
    ).toBeInTheDocument();
    await user.type(dialog.getByLabelText("Note on your decision"), "List checked");
    await user.click(dialog.getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("Request 23 approved: 29 of 30 lines applied.")).toBeInTheDocument();
    expect(api.called("POST /approvals/23/approve")).toHaveLength(1);
    expect(await screen.findByText(/29 applied, 1 refused/)).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
  });

  it("a campaign activation reads as its campaign: name, schedule, budget and cap; a refusal at approval says why", async () => {
    const activation = request({
      id: 31,
      kind: "campaigns.activate",
      member_id: null,
      coins: 500_000,
      reason_code: null,
      note: "Christmas weekends, budget agreed",
      campaign: {
        id: 9,
        name: { en: "Weekend double", tc: "週末雙倍", sc: "周末双倍" },
        starts_at: "2026-12-05T00:00:00+08:00",
        ends_at: "2027-01-01T00:00:00+08:00",
        budget_coins: 500_000,
        per_member_cap: null,
        dry_run: {
          days: 14,
          purchases_matched: 1_302,
          members: 877,
          coins: 61_840,
          coins_within_budget: 58_000,
        },
      },
    });
    const api = open("administrator", {
      "GET /approvals": ok({ requests: [activation], total: 1 }),
      "POST /approvals/31/approve": ok({
        ...activation,
        status: "failed",
        failure: "campaignApproverIsCreator",
      }),
    });
    const link = await screen.findByRole("link", { name: "Weekend double" }, { timeout: 5000 });
    expect(link).toHaveAttribute("href", "/console/campaigns/9");
    const row = within(link.closest("tr") as HTMLElement);
    expect(row.getByRole("cell", { name: "Campaign activation" })).toBeInTheDocument();
    expect(
      row.getByText(/Dec 5, 2026, 12:00\s?AM to Jan 1, 2027, 12:00\s?AM \(Hong Kong time\)/),
    ).toBeInTheDocument();
    expect(row.getByText("Budget 500,000 coins, cap per member no cap")).toBeInTheDocument();
    expect(
      row.getByText(
        "Dry run over the last 14 days: 1,302 purchases, 877 members, 61,840 coins (58,000 within budget and cap)",
      ),
    ).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(row.getByRole("button", { name: "Approve" }));
    const dialog = within(screen.getByRole("dialog", { name: "Approve request 31" }));
    expect(
      dialog.getByText(
        /Activate campaign Weekend double \(Dec 5, 2026.*budget 500,000, cap per member no cap\)/,
      ),
    ).toBeInTheDocument();
    expect(dialog.getByText("Campaign activation")).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
    await user.type(dialog.getByLabelText("Note on your decision"), "Budget checked");
    await user.click(dialog.getByRole("button", { name: "Approve" }));
    expect(
      await screen.findByText(
        "Request 31 could not be applied: the campaign's creator cannot approve its activation: another operator must.",
      ),
    ).toBeInTheDocument();
    expect(api.called("POST /approvals/31/approve")).toHaveLength(1);
  });

  it("a mission activation reads as its mission: name, goal, schedule, reward and budget", async () => {
    const activation = request({
      id: 32,
      kind: "missions.activate",
      member_id: null,
      coins: 0,
      reason_code: null,
      note: "December coffee",
      mission: {
        id: 5,
        name: { en: "3 coffees get 1", tc: "三杯咖啡送一杯", sc: "三杯咖啡送一杯" },
        kind: "purchases",
        goal: 3,
        starts_at: "2026-12-01T00:00:00+08:00",
        ends_at: "2027-01-01T00:00:00+08:00",
        reward_id: 7,
        budget_completions: 1_000,
      },
    });
    const api = open("administrator", {
      "GET /approvals": ok({ requests: [activation], total: 1 }),
      "POST /approvals/32/approve": ok({
        ...activation,
        status: "failed",
        failure: "missionApproverIsCreator",
      }),
    });
    const link = await screen.findByRole("link", { name: "3 coffees get 1" }, { timeout: 5000 });
    expect(link).toHaveAttribute("href", "/console/missions/5");
    const row = within(link.closest("tr") as HTMLElement);
    expect(row.getByRole("cell", { name: "Stamp mission activation" })).toBeInTheDocument();
    expect(row.getByText("3 qualifying purchases")).toBeInTheDocument();
    expect(row.getByText("Reward 7 as a voucher; budget 1,000 completions")).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(row.getByRole("button", { name: "Approve" }));
    const dialog = within(screen.getByRole("dialog", { name: "Approve request 32" }));
    expect(
      dialog.getByText(
        /Activate stamp mission 3 coffees get 1 \(3 qualifying purchases, Dec 1, 2026.*budget 1,000 completions\)/,
      ),
    ).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
    await user.type(dialog.getByLabelText("Note on your decision"), "Reward in stock");
    await user.click(dialog.getByRole("button", { name: "Approve" }));
    expect(
      await screen.findByText(
        "Request 32 could not be applied: the mission's creator cannot approve its activation: another operator must.",
      ),
    ).toBeInTheDocument();
    expect(api.called("POST /approvals/32/approve")).toHaveLength(1);
  });

  it("the auditor reads the queue without buttons; the navigation shows it to approvers and the auditor only", async () => {
    open("auditor");
    await screen.findByRole("cell", { name: "Service recovery" });
    expect(screen.queryByRole("button", { name: "Approve" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Approvals" })).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
  });

  it("customer service has no approvals entry", async () => {
    mockApi({ "GET /session": session("customerService"), "GET /members": ok({ members: [] }) });
    renderConsole("/members");
    await screen.findByRole("link", { name: "Members" });
    expect(screen.queryByRole("link", { name: "Approvals" })).not.toBeInTheDocument();
  });
});
