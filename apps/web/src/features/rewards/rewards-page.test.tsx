import { mockApi, ok } from "@hcoins/web-kit/testing/mock-api";
import { act, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { balanceAnswer, COIN_CALLS, reward } from "../../lib/coin-fixtures.ts";
import { translator } from "../../lib/i18n.ts";
import { session } from "../../lib/session.ts";
import { renderApp } from "../../lib/test-app.tsx";
import { Component as RewardsPage } from "./rewards-page.tsx";

const routes = [{ path: "/rewards", Component: RewardsPage }];

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => translator.changeLanguage("en"));
});

const catalogue = [
  reward(),
  reward({ id: 8, stock: 3, title: { en: "Tote bag", tc: "環保袋", sc: "环保袋" }, value_amount: null }),
  reward({ id: 9, stock: 0, state: "soldOut", title: { en: "Umbrella", tc: "雨傘", sc: "雨伞" } }),
  reward({
    id: 10,
    state: "notStarted",
    starts_at: "2027-01-01T00:00:00.000Z",
    title: { en: "Lunar New Year voucher", tc: "新年禮券", sc: "新年礼券" },
  }),
  reward({ id: 11, state: "ended", title: { en: "Summer voucher", tc: "夏日禮券", sc: "夏日礼券" } }),
  reward({ id: 12, state: "limitReached", title: { en: "Coffee", tc: "咖啡", sc: "咖啡" } }),
  reward({ id: 13, for_you: true, title: { en: "Welcome back", tc: "歡迎回來", sc: "欢迎回来" } }),
];

const card = (title: string) => screen.getByRole("link", { name: title }).closest("li") as HTMLElement;

describe("RewardsPage", () => {
  it("shows each reward with its picture, price, value and state, and the member's balance on top", async () => {
    session.setToken("member-token");
    mockApi({ [COIN_CALLS.rewards]: ok({ rewards: catalogue }), [COIN_CALLS.balance]: ok(balanceAnswer()) });
    renderApp(routes, "/rewards");
    expect(await screen.findByRole("img", { name: "HK$50 e-gift voucher" })).toHaveAttribute(
      "src",
      "/media/reward-7.jpg",
    );
    expect(within(card("HK$50 e-gift voucher")).getByText("500 H Coins")).toBeInTheDocument();
    expect(within(card("HK$50 e-gift voucher")).getByText("Worth HK$50")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "HK$50 e-gift voucher" })).toHaveAttribute("href", "/rewards/7");
    expect(within(card("Tote bag")).getByText("Only 3 left")).toBeInTheDocument();
    expect(within(card("Umbrella")).getByText("Sold out")).toBeInTheDocument();
    expect(
      within(card("Lunar New Year voucher")).getByText("Coming soon: from 1 Jan 2027"),
    ).toBeInTheDocument();
    expect(within(card("Summer voucher")).getByText("Ended")).toBeInTheDocument();
    expect(within(card("Coffee")).getByText("Limit reached")).toBeInTheDocument();
    // An offer to a segment the member is in says so; everyone's rewards do not.
    expect(within(card("Welcome back")).getByText("Just for you")).toBeInTheDocument();
    expect(screen.getAllByText("Just for you")).toHaveLength(1);
    expect(await screen.findByText("12,345 H Coins")).toBeInTheDocument();
  });

  it("lets a visitor browse and asks them to log in to redeem, without asking for a balance", async () => {
    const api = mockApi({ [COIN_CALLS.rewards]: ok({ rewards: catalogue }) });
    renderApp(routes, "/rewards");
    expect(await screen.findByRole("link", { name: "Log in to redeem" })).toHaveAttribute(
      "href",
      "/login?redirect=%2Frewards",
    );
    expect(api.called(COIN_CALLS.balance)).toHaveLength(0);
  });

  it.each([
    ["tc", "只餘 3 份", "已換完", "價值 HK$50", "專屬於你"],
    ["sc", "仅剩 3 份", "已兑完", "价值 HK$50", "专属于您"],
  ])("speaks %s", async (language, low, soldOut, value, forYou) => {
    await act(() => translator.changeLanguage(language));
    mockApi({ [COIN_CALLS.rewards]: ok({ rewards: catalogue }) });
    renderApp(routes, "/rewards");
    expect(await screen.findByText(low)).toBeInTheDocument();
    expect(screen.getByText(soldOut)).toBeInTheDocument();
    expect(screen.getAllByText(value)).toHaveLength(6);
    expect(screen.getByText(forYou)).toBeInTheDocument();
  });
});
