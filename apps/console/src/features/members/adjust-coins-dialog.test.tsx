import { DEFAULT_COIN_CONTROLS } from "@hcoins/domain/api/console-coin-controls";
import { fail, type MockCall, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "../../lib/axe.ts";
import { CSRF, mockApi, renderConsole, session } from "../../lib/test-app.tsx";
import { ledgerEntry, memberLedger } from "./ledger-fixtures.ts";
import { memberDetail } from "./member-fixtures.ts";

const TODAY = {
  day: "2026-11-28",
  operator_moved: 1200,
  role_moved: 1200,
  operator_remaining: 3800,
  role_remaining: 48_800,
};

const open = (handlers = {}) => {
  const api = mockApi({
    "GET /session": session("customerService"),
    "GET /members/42": ok(memberDetail()),
    "GET /coin-controls": ok(DEFAULT_COIN_CONTROLS),
    "GET /coin-controls/today": ok(TODAY),
    ...handlers,
  });
  renderConsole("/members/42");
  return api;
};

async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: "Adjust coins" }));
  return { user, dialog: within(screen.getByRole("dialog", { name: "Adjust H Coins" })) };
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  dialog: ReturnType<typeof within>,
  coins: string,
) {
  await user.type(dialog.getByLabelText("Coins"), coins);
  await user.selectOptions(dialog.getByLabelText("Reason the member sees"), "missedPromotion");
  await user.type(dialog.getByLabelText("Internal note"), "Ticket 4711");
}

describe("the adjust dialog", () => {
  it("shows the role's limits and today's remaining, and asks for coins, a reason from the list and a note", async () => {
    const api = open();
    const { user, dialog } = await openDialog();
    expect(await dialog.findByText("One adjustment: at most 1,000 coins.")).toBeInTheDocument();
    expect(
      dialog.getByText("Above 500 coins an adjustment waits for a second operator's approval."),
    ).toBeInTheDocument();
    expect(await dialog.findByText("You may still move 3,800 coins today.")).toBeInTheDocument();
    await user.click(dialog.getByRole("button", { name: "Adjust" }));
    expect(dialog.getByText(/Enter a whole number of coins other than 0/)).toBeInTheDocument();
    expect(dialog.getAllByText("Required.")).toHaveLength(2);
    expect(api.called("POST /members/42/adjust-coins")).toHaveLength(0);
  });

  it("sends one idempotency key per opened dialog, the same on a retry, and says when it waits for approval", async () => {
    let calls = 0;
    const api = open({
      "POST /members/42/adjust-coins": () =>
        ++calls === 1
          ? fail(503, 5030, "unavailable")
          : ok({ ...memberDetail(), adjustment: { status: "pending", approval_id: 17 } }),
    });
    const { user, dialog } = await openDialog();
    await fill(user, dialog, "800");
    await user.click(dialog.getByRole("button", { name: "Adjust" }));
    expect(await dialog.findByRole("alert")).toBeInTheDocument();
    await user.click(dialog.getByRole("button", { name: "Adjust" }));
    expect(
      await screen.findByText(
        "Sent for approval (request 17): nothing moves until a second operator approves it.",
      ),
    ).toBeInTheDocument();
    const [first, second] = api.called("POST /members/42/adjust-coins") as [MockCall, MockCall];
    expect(first.json).toMatchObject({ coins: 800, reason_code: "missedPromotion", note: "Ticket 4711" });
    expect(second.json).toEqual(first.json);
    expect(first.headers["x-csrf-token"]).toBe(CSRF);

    // A new dialog, a new key.
    await user.click(screen.getByRole("button", { name: "Adjust coins" }));
    const again = within(screen.getByRole("dialog", { name: "Adjust H Coins" }));
    await fill(user, again, "10");
    await user.click(again.getByRole("button", { name: "Adjust" }));
    const third = api.called("POST /members/42/adjust-coins")[2] as MockCall;
    expect((third.json as { idempotency_key: string }).idempotency_key).not.toBe(
      (first.json as { idempotency_key: string }).idempotency_key,
    );
  });

  it("says what is left of the daily total when it is refused", async () => {
    open({
      "POST /members/42/adjust-coins": fail(409, 4252, "daily total", { remaining: 300, daily_total: 5000 }),
    });
    const { user, dialog } = await openDialog();
    await fill(user, dialog, "400");
    await user.click(dialog.getByRole("button", { name: "Adjust" }));
    expect(await dialog.findByRole("alert")).toHaveTextContent(
      "This would take you past your daily total of 5,000 coins: 300 left today.",
    );
    expect(dialog.getByLabelText("Coins")).toHaveValue("400");
  });

  it("shows the ledger's reason labels and the internal note, and has no serious axe violation", async () => {
    const detail = memberDetail();
    mockApi({
      "GET /session": session("customerService"),
      "GET /members/42": ok(detail),
      "GET /members/42/ledger": ok(
        memberLedger([
          ledgerEntry({
            id: 9,
            kind: "adjustment",
            coins: 50,
            store_code: null,
            store_name: null,
            receipt_no: null,
            net_amount: null,
            reason: "missedPromotion",
            note: "Ticket 4711",
            actor: "amy@example.com",
          }),
        ]),
      ),
      "GET /coin-controls": ok(DEFAULT_COIN_CONTROLS),
      "GET /coin-controls/today": ok(TODAY),
    });
    renderConsole("/members/42");
    expect(await screen.findByText("Missed promotion")).toBeInTheDocument();
    expect(screen.getByText("Note: Ticket 4711")).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
    await openDialog();
    expect(await seriousViolations()).toEqual([]);
  });
});
