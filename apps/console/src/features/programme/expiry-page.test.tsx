import { ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, renderConsole, session } from "../../lib/test-app.tsx";
import { policyText } from "./expiry-page.tsx";

const shown = (policy: string, coins = 1200) => ({
  policy,
  updated_by: "operator:pm@example.com",
  updated_at: "2026-11-01T02:00:00Z",
  next_run: { at: "2026-11-27T16:00:00Z", credits: coins ? 4 : 0, accounts: coins ? 3 : 0, coins },
});

describe("the coin expiry screen", () => {
  it("shows the policy and the dry run, and changes the policy after a confirmation", async () => {
    const api = mockApi({
      "GET /session": session("programmeManager"),
      "GET /expiry-policy": [ok(shown("year-end")), ok(shown("24-months"))],
      "POST /expiry-policy": ok({
        policy: "24-months",
        updated_by: "operator:pm@example.com",
        updated_at: null,
      }),
    });
    renderConsole("/expiry");
    expect(
      await screen.findByText(
        /Coins earned now: expire at the end of the year after the one/,
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/would expire 1,200 H Coins from 3 accounts/)).toBeInTheDocument();

    const user = userEvent.setup();
    const months = screen.getByLabelText("Months (1 to 120)");
    await user.type(months, "121");
    await user.click(screen.getByRole("button", { name: "Change the policy" }));
    expect(screen.getByText("Enter a number of months from 1 to 120.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    await user.clear(months);
    await user.type(months, "24");
    await user.click(screen.getByRole("button", { name: "Change the policy" }));
    const dialog = screen.getByRole("dialog", { name: "Change the expiry policy" });
    await user.click(within(dialog).getByRole("button", { name: "Change it" }));
    expect(
      await screen.findByText("Done: coins earned from now on expire 24 months after they were earned."),
    ).toBeInTheDocument();
    expect(api.called("POST /expiry-policy")[0]?.json).toEqual({ policy: "24-months" });
  });

  it("says when the next run would expire nothing", async () => {
    mockApi({ "GET /session": session("administrator"), "GET /expiry-policy": ok(shown("none", 0)) });
    renderConsole("/expiry");
    expect(await screen.findByText(/would expire nothing/)).toBeInTheDocument();
    expect(screen.getByText("Coins earned now: never expire.")).toBeInTheDocument();
  });

  it("writes the policy as the API reads it", () => {
    expect(policyText("none", "")).toBe("none");
    expect(policyText("year-end", "x")).toBe("year-end");
    expect(policyText("months", " 6 ")).toBe("6-months");
    expect(policyText("months", "0")).toBeNull();
    expect(policyText("months", "1.5")).toBeNull();
  });

  it("shows the auditor the policy without the form", async () => {
    mockApi({ "GET /session": session("auditor"), "GET /expiry-policy": ok(shown("none", 0)) });
    renderConsole("/expiry");
    expect(
      await screen.findByText("Coins earned now: never expire.", {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Change the policy" })).not.toBeInTheDocument();
  });
});
