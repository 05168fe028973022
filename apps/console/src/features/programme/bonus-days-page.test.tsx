import { ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, renderConsole, session } from "../../lib/test-app.tsx";
import { bonusDayHundredths } from "./bonus-days-page.tsx";

const birthday = (multiplier: string) => ({
  birthday_multiplier: multiplier,
  source: "configuration",
  configured_multiplier: "2",
  updated_by: null,
  updated_at: null,
});

const days = {
  birthday_multiplier: "2",
  birthday: birthday("2"),
  days: [
    { date: "2026-12-25", multiplier: "2", source: "operator" },
    { date: "2027-01-01", multiplier: "1.5", source: "configuration" },
  ],
};

describe("the bonus days screen", () => {
  it("shows the days and the birthday multiplier, removes an operator's day after a confirmation", async () => {
    const api = mockApi({
      "GET /session": session("programmeManager"),
      "GET /bonus-days": ok(days),
      "POST /bonus-days/remove": ok({ date: "2026-12-25", removed: true, configured_multiplier: null }),
    });
    renderConsole("/bonus-days");
    expect(
      await screen.findByText(
        /birth month earn ×2\. This is the configuration's default\./,
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    const configured = screen.getByText("2027-01-01").closest("tr") as HTMLElement;
    expect(within(configured).queryByRole("button")).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Remove 2026-12-25" }));
    const dialog = screen.getByRole("dialog", { name: "Remove the bonus day 2026-12-25" });
    await user.click(within(dialog).getByRole("button", { name: "Remove it" }));
    expect(await screen.findByText("2026-12-25 is no longer a bonus day.")).toBeInTheDocument();
    expect(api.called("POST /bonus-days/remove")[0]?.json).toEqual({ date: "2026-12-25" });
  });

  it("adds a day with the multiplier in hundredths, and refuses a bad multiplier before asking", async () => {
    const api = mockApi({
      "GET /session": session("programmeManager"),
      "GET /bonus-days": ok({ birthday_multiplier: "1", birthday: birthday("1"), days: [] }),
      "POST /bonus-days": ok({ date: "2026-12-26", multiplier: "1.5", previous: null }),
    });
    renderConsole("/bonus-days");
    expect(await screen.findByText("No bonus day is set.")).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Date (Hong Kong)"), "2026-12-26");
    const multiplier = screen.getByLabelText("Multiplier");
    await user.type(multiplier, "11");
    await user.click(screen.getByRole("button", { name: "Save the bonus day" }));
    expect(await screen.findByText(/multiplier from 1.01 to 10/)).toBeInTheDocument();
    expect(api.called("POST /bonus-days")).toHaveLength(0);

    await user.clear(multiplier);
    await user.type(multiplier, "1.5");
    await user.click(screen.getByRole("button", { name: "Save the bonus day" }));
    expect(await screen.findByText("2026-12-26 earns ×1.5.")).toBeInTheDocument();
    expect(api.called("POST /bonus-days")[0]?.json).toEqual({ date: "2026-12-26", multiplier: 150 });
  });

  it("sets the birthday multiplier in hundredths, 1 to switch it off, and refuses one out of range", async () => {
    const api = mockApi({
      "GET /session": session("programmeManager"),
      "GET /bonus-days": ok(days),
      "POST /birthday-multiplier": ok({
        ...birthday("1.5"),
        source: "operator",
        updated_by: "operator:a@b.c",
      }),
    });
    renderConsole("/bonus-days");
    const field = await screen.findByLabelText("New birthday multiplier", {}, { timeout: 5000 });
    const user = userEvent.setup();
    await user.type(field, "0.5");
    await user.click(screen.getByRole("button", { name: "Save the birthday multiplier" }));
    expect(await screen.findByText(/from 1 to 10 with at most two decimals/)).toBeInTheDocument();
    expect(api.called("POST /birthday-multiplier")).toHaveLength(0);
    await user.clear(field);
    await user.type(field, "1.5");
    await user.click(screen.getByRole("button", { name: "Save the birthday multiplier" }));
    expect(await screen.findByText("Purchases in a member's birth month now earn ×1.5.")).toBeInTheDocument();
    expect(api.called("POST /birthday-multiplier")[0]?.json).toEqual({ multiplier: 150 });
  });

  it("shows the auditor the birthday multiplier without the field", async () => {
    mockApi({ "GET /session": session("auditor"), "GET /bonus-days": ok(days) });
    renderConsole("/bonus-days");
    expect(await screen.findByText(/birth month earn ×2/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByLabelText("New birthday multiplier")).not.toBeInTheDocument();
  });

  it("reads a bonus day's multiplier as hundredths above ×1", () => {
    expect(bonusDayHundredths("2")).toBe(200);
    expect(bonusDayHundredths("1.05")).toBe(105);
    expect(bonusDayHundredths("1")).toBeNull();
    expect(bonusDayHundredths("10.01")).toBeNull();
    expect(bonusDayHundredths("1.555")).toBeNull();
  });
});
