import { fail, mockApi, ok } from "@hcoins/web-kit/testing/mock-api";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { balanceAnswer, COIN_CALLS, historyEntry, text } from "../../lib/coin-fixtures.ts";
import { translator } from "../../lib/i18n.ts";
import { session } from "../../lib/session.ts";
import { renderApp } from "../../lib/test-app.tsx";
import { Component as CoinsPage } from "./coins-page.tsx";

const routes = [{ path: "/coins", Component: CoinsPage }];

/** The statement lines under a history entry, as a screen reader reads each. */
const linesOf = (entry: HTMLElement) =>
  within(within(entry).getByRole("list"))
    .getAllByRole("listitem")
    .map((line) => line.textContent);

beforeEach(() => session.setToken("member-token"));
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => translator.changeLanguage("en"));
});

describe("CoinsPage", () => {
  it("shows the balance large with its time, and the coins expiring soonest", async () => {
    mockApi({
      [COIN_CALLS.balance]: ok(balanceAnswer()),
      [COIN_CALLS.history]: ok({ entries: [], page: 1, page_size: 20, total: 0 }),
    });
    renderApp(routes, "/coins");
    expect(await screen.findByText("12,345")).toHaveClass("coin-balance-figure");
    // 02:30 UTC is 10:30 in Hong Kong.
    expect(screen.getByText(/^As of 27 Nov 2026, 10:30$/)).toBeInTheDocument();
    expect(screen.getByText("1,200 H Coins")).toBeInTheDocument();
    // The last day the coins can be spent, not the midnight they are gone at (1 Jan 2027).
    expect(screen.getByText("usable until 31 Dec 2026")).toBeInTheDocument();
    expect(await screen.findByText("No H Coins activity yet.")).toBeInTheDocument();
  });

  it.each([
    ["tc", "你的結餘", "可使用至 2026年12月31日", "於銅鑼灣購物", "此批 H Coins 可使用至 2027年11月20日"],
    ["sc", "您的余额", "可使用至 2026年12月31日", "在铜锣湾购物", "这批 H Coins 可使用至 2027年11月20日"],
  ])("speaks %s", async (language, balance, expires, purchase, credit) => {
    await act(() => translator.changeLanguage(language));
    mockApi({
      [COIN_CALLS.balance]: ok(balanceAnswer()),
      [COIN_CALLS.history]: ok({ entries: [historyEntry()], page: 1, page_size: 20, total: 1 }),
    });
    renderApp(routes, "/coins");
    expect(await screen.findByText(balance)).toBeInTheDocument();
    expect(screen.getByText(expires)).toBeInTheDocument();
    expect(await screen.findByText(purchase)).toBeInTheDocument();
    // A credit ending at 00:00 on 21 Nov 2027 (Hong Kong) names the 20th.
    expect(screen.getByText(credit)).toBeInTheDocument();
  });

  it("lists each kind of history line with what the member needs to recognise it", async () => {
    const entries = [
      historyEntry(),
      historyEntry({
        id: 2,
        kind: "refund",
        coins: -50,
        bonus_coins: 0,
        net_amount: "-50.00",
        lines: [{ kind: "base", coins: -50, name: null }],
        expires_at: null,
      }),
      historyEntry({
        id: 3,
        kind: "adjustment",
        coins: 30,
        store_code: null,
        store_name: null,
        receipt_no: null,
        net_amount: null,
        bonus_coins: 0,
        lines: [],
        reason: { en: "Missed promotion", tc: "補回推廣獎賞", sc: "补发促销奖励" },
      }),
      historyEntry({
        id: 4,
        kind: "redemption",
        coins: -500,
        store_code: null,
        store_name: null,
        receipt_no: null,
        net_amount: null,
        bonus_coins: 0,
        lines: [],
        reward_title: { en: "HK$50 e-gift voucher", tc: "HK$50 電子禮券", sc: "HK$50 电子礼券" },
        voucher_code: "HCV4-K7PQ-2M9X-8B3D",
        expires_at: null,
      }),
      historyEntry({
        id: 5,
        kind: "expiry",
        coins: -80,
        store_code: null,
        store_name: null,
        receipt_no: null,
        net_amount: null,
        bonus_coins: 0,
        lines: [],
        expires_at: null,
      }),
    ];
    mockApi({
      [COIN_CALLS.balance]: ok(balanceAnswer()),
      [COIN_CALLS.history]: ok({ entries, page: 1, page_size: 20, total: entries.length }),
    });
    renderApp(routes, "/coins");
    const items = await screen.findAllByRole("listitem");
    const lines = items.filter((item) => item.classList.contains("history-item"));
    expect(lines).toHaveLength(5);
    const [purchase, refund, adjustment, redemption, expiry] = lines as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(purchase).getByText("Purchase at Causeway Bay")).toBeInTheDocument();
    expect(within(purchase).getByText("Receipt no. R-7788")).toBeInTheDocument();
    expect(within(purchase).getByText("Net spend HK$100")).toBeInTheDocument();
    expect(linesOf(purchase)).toEqual(["HK$1 = 1 H Coin +100 H Coins", "Birthday month +20 H Coins"]);
    // The lines say what the bonus was: no second sentence about it.
    expect(within(purchase).queryByText(/bonus H Coins/)).toBeNull();
    expect(purchase).toHaveTextContent("+120");
    expect(within(refund).getByText("Refund at Causeway Bay")).toBeInTheDocument();
    expect(refund).toHaveTextContent("−50");
    expect(linesOf(refund)).toEqual(["HK$1 = 1 H Coin −50 H Coins"]);
    for (const other of [adjustment, redemption, expiry])
      expect(within(other).queryByRole("list")).toBeNull();
    expect(within(adjustment).getByText("Reason: Missed promotion")).toBeInTheDocument();
    expect(within(redemption).getByText("Redeemed: HK$50 e-gift voucher")).toBeInTheDocument();
    expect(within(redemption).getByText("Voucher HCV4-K7PQ-2M9X-8B3D")).toBeInTheDocument();
    expect(within(expiry).getByText("H Coins expired")).toBeInTheDocument();
    expect(expiry).toHaveTextContent("−80");
  });

  it.each([
    [
      "en",
      [
        "HK$1 = 1 H Coin +88 H Coins",
        "Electronic payment at a partner store +88 H Coins",
        "Birthday month +88 H Coins",
        "Holiday +20 H Coins",
        "Gold member bonus +44 H Coins",
        "Double Coins Week +50 H Coins",
      ],
    ],
    [
      "tc",
      [
        "每 HK$1 賺 1 H Coins +88 H Coins",
        "於合作商場店舖以電子支付 +88 H Coins",
        "生日月份 +88 H Coins",
        "節日 +20 H Coins",
        "金卡會員額外獎賞 +44 H Coins",
        "雙倍 H Coins 週 +50 H Coins",
      ],
    ],
    [
      "sc",
      [
        "每 HK$1 赚 1 H Coins +88 H Coins",
        "在合作商场门店使用电子支付 +88 H Coins",
        "生日月 +88 H Coins",
        "节日 +20 H Coins",
        "金卡会员额外奖励 +44 H Coins",
        "双倍 H Coins 周 +50 H Coins",
      ],
    ],
  ])("lists what each coin of a purchase was for, in %s", async (language, expected) => {
    await act(() => translator.changeLanguage(language));
    const purchase = historyEntry({
      coins: 378,
      net_amount: "88.80",
      bonus_coins: 108,
      lines: [
        { kind: "base", coins: 88, name: null },
        { kind: "electronic", coins: 88, name: null },
        { kind: "birthday", coins: 88, name: null },
        { kind: "holiday", coins: 20, name: null },
        { kind: "tier", coins: 44, name: text("Gold", "金卡", "金卡") },
        {
          kind: "campaign",
          coins: 50,
          name: text("Double Coins Week", "雙倍 H Coins 週", "双倍 H Coins 周"),
        },
      ],
    });
    mockApi({
      [COIN_CALLS.balance]: ok(balanceAnswer()),
      [COIN_CALLS.history]: ok({ entries: [purchase], page: 1, page_size: 20, total: 1 }),
    });
    renderApp(routes, "/coins");
    const heading = { en: "What these H Coins are for", tc: "H Coins 明細", sc: "H Coins 明细" }[language];
    const list = await screen.findByRole("list", { name: heading });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(expected);
  });

  it("names a voucher the programme gave a gift, with why, and no coin figure", async () => {
    const gift = (id: number, why: "mission" | "referral" | "campaign" | "goodwill") =>
      historyEntry({
        id,
        kind: "redemption",
        coins: 0,
        store_code: null,
        store_name: null,
        receipt_no: null,
        net_amount: null,
        bonus_coins: 0,
        lines: [],
        reward_title: { en: "Free coffee", tc: "免費咖啡", sc: "免费咖啡" },
        gift: why,
        voucher_code: `HCV4-K7PQ-2M9X-000${id}`,
        expires_at: null,
      });
    const entries = [gift(1, "mission"), gift(2, "referral"), gift(3, "campaign"), gift(4, "goodwill")];
    mockApi({
      [COIN_CALLS.balance]: ok(balanceAnswer()),
      [COIN_CALLS.history]: ok({ entries, page: 1, page_size: 20, total: entries.length }),
    });
    renderApp(routes, "/coins");
    await screen.findAllByText("Voucher received: Free coffee");
    const lines = screen.getAllByRole("listitem").filter((item) => item.classList.contains("history-item"));
    expect(lines.map((line) => line.querySelector(".history-meta:not(.muted)")?.textContent)).toEqual([
      "For completing a stamp mission",
      "Referral reward",
      "A campaign's reward",
      "A gift from the H Coins team",
    ]);
    for (const line of lines) expect(line.querySelector(".history-coins")).toBeNull();
    await act(() => translator.changeLanguage("tc"));
    expect(screen.getAllByText("獲贈禮券：免費咖啡")).toHaveLength(4);
    expect(screen.getByText("完成集印任務獎賞")).toBeInTheDocument();
    await act(() => translator.changeLanguage("en"));
  });

  it("still names the bonus of a purchase recorded before the scheme kept lines", async () => {
    mockApi({
      [COIN_CALLS.balance]: ok(balanceAnswer()),
      [COIN_CALLS.history]: ok({ entries: [historyEntry({ lines: [] })], page: 1, page_size: 20, total: 1 }),
    });
    renderApp(routes, "/coins");
    expect(await screen.findByText("Includes 20 bonus H Coins")).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "What these H Coins are for" })).toBeNull();
  });

  it("pages through the history, asking the server for each page", async () => {
    const api = mockApi({
      [COIN_CALLS.balance]: ok(balanceAnswer()),
      [COIN_CALLS.history]: () => {
        const page = Number(api.calls.at(-1)?.json?.page ?? 1);
        const entries = Array.from({ length: page < 3 ? 20 : 5 }, (_, index) =>
          historyEntry({ id: page * 100 + index, receipt_no: `R-${page}-${index}` }),
        );
        return ok({ entries, page, page_size: 20, total: 45 });
      },
    });
    renderApp(routes, "/coins");
    expect(await screen.findByText("Page 1 of 3")).toBeInTheDocument();
    expect(screen.getByText("Receipt no. R-1-0")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Page 2 of 3")).toBeInTheDocument();
    expect(await screen.findByText("Receipt no. R-2-0")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Receipt no. R-3-4")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
    expect(api.called(COIN_CALLS.history).map((call) => call.json)).toEqual([
      { page: 1, page_size: 20 },
      { page: 2, page_size: 20 },
      { page: 3, page_size: 20 },
    ]);
    expect(screen.getByRole("heading", { name: "History" })).toHaveFocus();
  });

  it("tells a member with no account linked so, without an error", async () => {
    mockApi({
      [COIN_CALLS.balance]: ok(
        balanceAnswer({ linked: false, hcoins_memberno: null, balance: null, expiring: [] }),
      ),
      [COIN_CALLS.history]: fail(409, 4235, "not linked"),
    });
    renderApp(routes, "/coins");
    expect(await screen.findByText(/has no H Coins account linked yet/)).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByRole("heading", { name: "History" })).toBeNull();
  });

  it("says when the scheme is down, with a retry that asks again", async () => {
    const api = mockApi({
      [COIN_CALLS.balance]: [fail(503, 5030, "down"), ok(balanceAnswer())],
      [COIN_CALLS.history]: ok({ entries: [], page: 1, page_size: 20, total: 0 }),
    });
    renderApp(routes, "/coins");
    const alerts = await screen.findAllByRole("alert");
    expect(alerts[0]).toHaveTextContent("The service is temporarily unavailable, please try again later.");
    await userEvent.click(screen.getAllByRole("button", { name: "Try again" })[0] as HTMLElement);
    expect(await screen.findByText("12,345")).toBeInTheDocument();
    expect(api.called(COIN_CALLS.balance)).toHaveLength(2);
  });
});
