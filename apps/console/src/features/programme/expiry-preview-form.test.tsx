import { programmeDate } from "@hcoins/domain/earn-rules";
import { fail, ok } from "@hcoins/web-kit/testing/mock-api";
import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { seriousViolations } from "../../lib/axe.ts";
import { changeLanguage } from "../../lib/i18n.ts";
import { mockApi, renderConsole, session } from "../../lib/test-app.tsx";

const policy = {
  policy: "year-end",
  updated_by: null,
  updated_at: null,
  next_run: { at: "2026-11-27T16:10:00Z", credits: 0, accounts: 0, coins: 0 },
};
const year = Number(programmeDate(Date.now()).slice(0, 4));

describe("what expires by a date", () => {
  afterEach(() => changeLanguage("en"));

  const choose = async (date: string) => {
    fireEvent.change(await screen.findByLabelText("Up to and including", {}, { timeout: 5000 }), {
      target: { value: date },
    });
    await userEvent.setup().click(screen.getByRole("button", { name: "Show what expires" }));
  };

  it("asks the dry run for the day chosen and says what expires by its end", async () => {
    const api = mockApi({
      "GET /session": session("programmeManager"),
      "GET /expiry-policy": ok(policy),
      "GET /expiry-policy/preview": ok({
        date: `${year}-12-31`,
        at: `${year}-12-31T16:10:00Z`,
        credits: 12,
        accounts: 5,
        coins: 34_000,
      }),
    });
    renderConsole("/expiry");
    await choose(`${year}-12-31`);
    expect(
      await screen.findByText(
        new RegExp(`By the end of ${year}-12-31: 34,000 H Coins of 12 credits in 5 accounts expire`),
      ),
    ).toBeInTheDocument();
    expect(api.called("GET /expiry-policy/preview")[0]?.url.searchParams.get("date")).toBe(`${year}-12-31`);
    expect(await seriousViolations()).toEqual([]);
  });

  it("refuses a day before today or past three years without asking, and shows the server's rule", async () => {
    const api = mockApi({
      "GET /session": session("programmeManager"),
      "GET /expiry-policy": ok(policy),
      "GET /expiry-policy/preview": fail(400, 4000, "invalid", {
        errors: [{ field: "date", rule: "expiryDatePast" }],
      }),
    });
    renderConsole("/expiry");
    await choose(`${year - 1}-06-30`);
    expect(screen.getByText("Choose today or a later day.")).toBeInTheDocument();
    await choose(`${year + 4}-01-01`);
    expect(screen.getByText(/Choose a day no later than .* \(three years ahead\)\./)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Show what expires" }));
    expect(api.called("GET /expiry-policy/preview")).toHaveLength(0);
    // The server's clock decides at the edge (a day that ended meanwhile): its rule is shown the same.
    await choose(programmeDate(Date.now()));
    expect(await screen.findByText("Choose today or a later day.")).toBeInTheDocument();
  });

  it("says it in Simplified Chinese", async () => {
    await changeLanguage("sc");
    mockApi({ "GET /session": session("programmeManager"), "GET /expiry-policy": ok(policy) });
    renderConsole("/expiry");
    fireEvent.change(await screen.findByLabelText("截至（包括当日）", {}, { timeout: 5000 }), {
      target: { value: `${year - 1}-01-01` },
    });
    await userEvent.setup().click(screen.getByRole("button", { name: "显示到期数量" }));
    expect(screen.getByText("请选择今天或以后的日子。")).toBeInTheDocument();
  });
});
