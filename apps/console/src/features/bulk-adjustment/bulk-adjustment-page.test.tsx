import { fail, ok } from "@hcoins/web-kit/testing/mock-api";
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "../../lib/axe.ts";
import { mockApi, renderConsole, session } from "../../lib/test-app.tsx";

const LIST = "member number,coins\nM48151623425,200\nM000000123,-50\nM000000124,0";

describe("the bulk adjustment screen", () => {
  it("lists the refused lines by number and keeps the list; a corrected list is one request, the retry under the same key", async () => {
    const api = mockApi({
      "GET /session": session("programmeManager"),
      "POST /bulk-adjustments": [
        fail(400, 4284, "Some lines of the list cannot be used.", {
          lines: [
            { line: 3, member_no: "M000000123", rule: "memberUnknown" },
            { line: 4, member_no: "M000000124", rule: "coinsZero" },
          ],
        }),
        ok({ approval_id: 31, lines: 2, coins: 150 }),
      ],
    });
    renderConsole("/bulk-adjustment");
    const user = userEvent.setup();
    const list = await screen.findByLabelText("Member number, coins (one member a line)");
    // Pasted at once: typing would read the newlines as keys.
    fireEvent.change(list, { target: { value: LIST } });
    expect(screen.getByText("3 lines of at most 1,000")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Ask for approval" }));
    // Reason and note are required before anything is sent.
    expect(screen.getAllByText("Required.")).toHaveLength(2);
    expect(api.called("POST /bulk-adjustments")).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText("Reason the member sees"), "missedPromotion");
    await user.type(screen.getByLabelText("Internal note"), "Campaign 11, store 12");
    await user.click(screen.getByRole("button", { name: "Ask for approval" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Some lines cannot be used");
    const refused = within(screen.getByRole("table", { name: "2 lines cannot be used" }));
    expect(refused.getByText("No member has this number (or the member was erased).")).toBeInTheDocument();
    const zero = within(refused.getByRole("cell", { name: "4" }).closest("tr") as HTMLElement);
    expect(zero.getByText("Coins cannot be 0.")).toBeInTheDocument();
    expect(list).toHaveValue(LIST);
    expect(await seriousViolations()).toEqual([]);

    fireEvent.change(list, { target: { value: "M48151623425,200\nM000000123,-50" } });
    await user.click(screen.getByRole("button", { name: "Ask for approval" }));
    expect(await screen.findByText(/Request 31 made: 2 lines, 150 coins in all/)).toBeInTheDocument();
    const [first, second] = api.called("POST /bulk-adjustments").map((call) => call.json);
    expect(second).toMatchObject({
      csv: "M48151623425,200\nM000000123,-50",
      reason_code: "missedPromotion",
      note: "Campaign 11, store 12",
    });
    // The refused list gave its key back: the corrected one is sent under the same key.
    expect(second?.idempotency_key).toBe(first?.idempotency_key);
    expect(screen.getByRole("link", { name: "Open the approvals queue" })).toHaveAttribute(
      "href",
      "/console/approvals",
    );
    expect(list).toHaveValue("");
  });

  it("says a list is too long, and is in the navigation of programme managers and administrators only", async () => {
    mockApi({
      "GET /session": session("administrator"),
      "POST /bulk-adjustments": fail(400, 4285, "too many", { max_lines: 1000 }),
    });
    renderConsole("/bulk-adjustment");
    const user = userEvent.setup();
    fireEvent.change(await screen.findByLabelText("Member number, coins (one member a line)"), {
      target: { value: "M1,1" },
    });
    await user.selectOptions(screen.getByLabelText("Reason the member sees"), "goodwill");
    await user.type(screen.getByLabelText("Internal note"), "x");
    await user.click(screen.getByRole("button", { name: "Ask for approval" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The list has more than 1,000 lines: split it into several requests.",
    );
    expect(screen.getByRole("link", { name: "Bulk adjustment" })).toBeInTheDocument();
  });

  it("customer service has no entry and no screen", async () => {
    mockApi({ "GET /session": session("customerService") });
    renderConsole("/bulk-adjustment");
    expect(await screen.findByRole("navigation", { name: "Console" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Bulk adjustment" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Ask for approval" })).not.toBeInTheDocument();
  });
});
