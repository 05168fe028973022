import { mockApi, ok } from "@hcoins/web-kit/testing/mock-api";
import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { balanceAnswer, COIN_CALLS, tierAnswer, topTierAnswer } from "../../lib/coin-fixtures.ts";
import { translator } from "../../lib/i18n.ts";
import { session } from "../../lib/session.ts";
import { renderApp } from "../../lib/test-app.tsx";
import { Component as CoinsPage } from "./coins-page.tsx";

const routes = [{ path: "/coins", Component: CoinsPage }];
const emptyHistory = ok({ entries: [], page: 1, page_size: 20, total: 0 });

beforeEach(() => session.setToken("member-token"));
afterEach(async () => {
  await act(() => translator.changeLanguage("en"));
});

describe("CoinsPage: the tier", () => {
  it("shows the tier, its multiplier and benefits and the spend to the next; once the member reaches it, the top tier", async () => {
    const api = mockApi({
      [COIN_CALLS.balance]: ok(balanceAnswer()),
      [COIN_CALLS.history]: emptyHistory,
      [COIN_CALLS.tier]: [ok(tierAnswer()), ok(topTierAnswer())],
    });
    renderApp(routes, "/coins");
    expect(await screen.findByRole("heading", { name: "Your tier" })).toBeInTheDocument();
    expect(screen.getByText("Silver")).toBeInTheDocument();
    expect(screen.getByText("×1.5 H Coins on purchases")).toBeInTheDocument();
    expect(screen.getByText("Free parking on weekends")).toBeInTheDocument();
    expect(screen.getByText("HK$14,500 more spend to reach Gold by 31 Dec 2026")).toBeInTheDocument();
    expect(screen.getByText(/at least until 20 Aug 2027/)).toBeInTheDocument();

    // Back to the page after the purchase that reached gold: it asks again and shows it.
    cleanup();
    renderApp(routes, "/coins");
    expect(await screen.findByText("Gold")).toBeInTheDocument();
    expect(screen.getByText("×2 H Coins on purchases")).toBeInTheDocument();
    expect(screen.getByText("You are in the top tier.")).toBeInTheDocument();
    expect(api.called(COIN_CALLS.tier)).toHaveLength(2);
  });

  it.each([
    ["tc", "你的會員級別", "銀卡", "於2026年12月31日或之前再消費 HK$14,500，即可升級至金卡"],
    ["sc", "您的会员级别", "银卡", "在2026年12月31日前再消费 HK$14,500，即可升级至金卡"],
  ])("speaks %s", async (language, heading, name, next) => {
    await act(() => translator.changeLanguage(language));
    mockApi({
      [COIN_CALLS.balance]: ok(balanceAnswer()),
      [COIN_CALLS.history]: emptyHistory,
      [COIN_CALLS.tier]: ok(tierAnswer()),
    });
    renderApp(routes, "/coins");
    expect(await screen.findByRole("heading", { name: heading })).toBeInTheDocument();
    expect(screen.getByText(name)).toBeInTheDocument();
    expect(screen.getByText(next)).toBeInTheDocument();
  });

  it("says the spend is within 12 months for a rolling window, and shows nothing for a programme without tiers", async () => {
    const rolling = tierAnswer();
    mockApi({
      [COIN_CALLS.balance]: ok(balanceAnswer()),
      [COIN_CALLS.history]: emptyHistory,
      [COIN_CALLS.tier]: [
        ok({ ...rolling, next: rolling.next && { ...rolling.next, by: null } }),
        ok(tierAnswer({ tier: null, next: null, review_at: null })),
      ],
    });
    renderApp(routes, "/coins");
    expect(
      await screen.findByText("HK$14,500 more spend within 12 months to reach Gold"),
    ).toBeInTheDocument();
    cleanup();
    renderApp(routes, "/coins");
    expect(await screen.findByText("No H Coins activity yet.")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Your tier" })).toBeNull();
  });
});
