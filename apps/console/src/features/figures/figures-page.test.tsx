import { fail, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { seriousViolations } from "../../lib/axe.ts";
import { mockApi, renderConsole, session } from "../../lib/test-app.tsx";
import { failureRate } from "./figures-page.tsx";

const counts = (day: string, registrations = 0, logins = 0, sms_sent = 0, sms_failed = 0) => ({
  day,
  registrations,
  logins,
  sms_sent,
  sms_failed,
});

const coinDay = (day: string, earned: number, redeemed: number, outstanding: number) => ({
  day,
  earned,
  refunded: 0,
  adjusted: 0,
  redeemed,
  cancelled: 0,
  expired: 0,
  forfeited: 0,
  goodwill_vouchers: 0,
  goodwill_coins: 0,
  outstanding,
});

const figures = (withCoins: boolean) => ({
  from: "2026-11-26",
  to: "2026-11-27",
  days: [counts("2026-11-26", 3, 10, 8, 2), counts("2026-11-27", 1, 4, 2, 0)],
  totals: { registrations: 4, logins: 14, sms_sent: 10, sms_failed: 2 },
  coins: withCoins
    ? {
        days: [
          { ...coinDay("2026-11-26", 1500, 200, 9300), goodwill_vouchers: 1, goodwill_coins: 500 },
          coinDay("2026-11-27", 700, 0, 10000),
        ],
        totals: {
          earned: 2200,
          refunded: 0,
          adjusted: 0,
          redeemed: 200,
          cancelled: 0,
          expired: 0,
          forfeited: 0,
          goodwill_vouchers: 1,
          goodwill_coins: 500,
        },
        outstanding: 10000,
        accounts: 12,
      }
    : null,
});

/** A headline total's value, by its label. */
const headline = (label: string) =>
  screen.getByText(label, { selector: ".headline dt" }).nextElementSibling?.textContent;

describe("the figures screen", () => {
  // Only Date is faked: "today" in Hong Kong is 27 November 2026.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-27T03:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("is the programme manager's front door: the last 30 days' totals and each day, newest first", async () => {
    const api = mockApi({ "GET /session": session("programmeManager"), "GET /figures": ok(figures(true)) });
    const { router } = renderConsole("/");
    expect(
      await screen.findByRole("heading", { name: "Figures", level: 1 }, { timeout: 5000 }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe("/console/figures");
    await screen.findByRole("heading", { name: "Totals from 2026-11-26 to 2026-11-27 (Hong Kong days)" });
    const [call] = api.called("GET /figures");
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({
      from: "2026-10-29",
      to: "2026-11-27",
    });

    expect(headline("Registrations")).toBe("4");
    expect(headline("SMS failed")).toBe("2 (16.7% of SMS handed to the gateway)");
    expect(headline("Coins earned")).toBe("2,200");
    expect(headline("Coins outstanding (liability)")).toBe("10,000 now, in 12 accounts");

    const table = screen.getByRole("table");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getByRole("rowheader").textContent)).toEqual([
      "2026-11-27",
      "2026-11-26",
    ]);
    expect(
      within(rows[1] as HTMLElement)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["3", "10", "8", "2", "1,500", "0", "0", "200", "0", "0", "0", "1", "500", "9,300"]);
    expect(headline("Goodwill vouchers")).toBe("1 voucher, worth 500 coins");
    expect(await seriousViolations()).toEqual([]);
  });

  it("shows the member figures when the coin scheme does not answer, and says the coins are missing", async () => {
    mockApi({ "GET /session": session("auditor"), "GET /figures": ok(figures(false)) });
    renderConsole("/figures");
    expect(
      await screen.findByText(/The H Coins scheme did not answer/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(headline("Logins")).toBe("14");
    expect(screen.queryByText("Coins earned", { selector: ".headline dt" })).not.toBeInTheDocument();
    const [row] = within(screen.getByRole("table")).getAllByRole("row").slice(1);
    expect(
      within(row as HTMLElement)
        .getAllByRole("cell")
        .at(-1)?.textContent,
    ).toBe("—");
    expect(await seriousViolations()).toEqual([]);
  });

  it("asks for the range a preset or the dates name", async () => {
    const api = mockApi({ "GET /session": session("administrator"), "GET /figures": ok(figures(true)) });
    renderConsole("/figures");
    await screen.findByRole("table", {}, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Last 7 days" }));
    await vi.waitFor(() =>
      expect(api.called("GET /figures").at(-1)?.url.search).toBe("?from=2026-11-21&to=2026-11-27"),
    );
    const from = screen.getByLabelText("From (date)");
    await user.clear(from);
    await user.type(from, "2026-01-01");
    await user.click(screen.getByRole("button", { name: "Show" }));
    await vi.waitFor(() =>
      expect(api.called("GET /figures").at(-1)?.url.search).toBe("?from=2026-01-01&to=2026-11-27"),
    );
  });

  it("names what is wrong with a range, and shows the last 30 days meanwhile", async () => {
    const api = mockApi({ "GET /session": session("programmeManager"), "GET /figures": ok(figures(true)) });
    renderConsole("/figures?from=2026-11-28&to=2026-11-27");
    expect(
      await screen.findByText("The start date must not be after the end date.", {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("From (date)")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("Showing the last 30 days until the dates are corrected.")).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(api.called("GET /figures")[0]?.url.search).toBe("?from=2026-10-29&to=2026-11-27"),
    );
  });

  it("says when the server refuses the range", async () => {
    mockApi({
      "GET /session": session("programmeManager"),
      "GET /figures": fail(400, 4000, "invalid", { errors: [{ field: "from", rule: "rangeTooLong" }] }),
    });
    renderConsole("/figures");
    expect(await screen.findByText("Choose at most 366 days.", {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("is not in customer service's navigation, nor open to them", async () => {
    const api = mockApi({ "GET /session": session("customerService") });
    renderConsole("/figures");
    expect(
      await screen.findByRole("heading", { name: "Not allowed" }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Figures" })).not.toBeInTheDocument();
    expect(api.called("GET /figures")).toHaveLength(0);
  });

  it("computes the failure rate over every SMS handed to the gateway", () => {
    expect(failureRate(0, 0)).toBeNull();
    expect(failureRate(3, 1)).toBe(0.25);
  });
});
