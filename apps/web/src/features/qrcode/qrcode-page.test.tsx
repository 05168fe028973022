import type { UserInfo } from "@hcoins/domain/api/profile";
import { fail, mockApi, ok } from "@hcoins/web-kit/testing/mock-api";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { keepCard } from "../../api/member-card.ts";
import { keepBalance, keptBalance } from "../../api/member-coins.ts";
import { userQuery } from "../../api/profile.ts";
import {
  balanceAnswer,
  COIN_CALLS,
  missionCard,
  missionsAnswer,
  tierAnswer,
  topTierAnswer,
} from "../../lib/coin-fixtures.ts";
import { translator } from "../../lib/i18n.ts";
import { queryClient } from "../../lib/query-client.ts";
import { session } from "../../lib/session.ts";
import { Component as QrCodePage } from "./qrcode-page.tsx";

const member: UserInfo = {
  id: 42,
  member_no: "M000123",
  title: 1,
  name: null,
  first_name: "Tai Man",
  last_name: "Chan",
  email: "tm@example.com",
  mobile_phone: "91234567",
  mobile_phone_prefix: "852",
  gender: 1,
  birthday_month: 7,
  custom_fields: { age_range: "26 - 35", residential_country_region: "3005", residential_district: "5046" },
  referral_code: null,
  sms_subscription: 0,
  email_subscription: 0,
  do_not_call: 0,
  register_store_code: null,
  external_customer_id: null,
  has_password: true,
  profile_completed: true,
};

// 2024-11-30T10:00:00Z
const START = 1732960800_000;

/** The page with `user` already loaded, or with none (the card this device keeps, if any, draws). */
function renderPage(user: UserInfo | null, Page = QrCodePage) {
  queryClient.clear();
  session.setToken("member-token");
  if (user) queryClient.setQueryData(userQuery.queryKey, user);
  const router = createMemoryRouter([{ path: "/qrcode", Component: Page }], {
    initialEntries: ["/qrcode"],
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/**
 * The page from fresh modules: the hook keeps one worker per page load, and a fresh module gets
 * the test's. Its fresh translator loads the English texts, as the test set-up does.
 */
async function freshPage() {
  vi.resetModules();
  const i18n = await import("../../lib/i18n.ts");
  await i18n.initI18n("en");
  await i18n.loadLazyTexts("en");
  return (await import("./qrcode-page.tsx")).Component;
}

const code = () => screen.getByRole("img", { name: "Your member QR code" });
const qrText = () => code().getAttribute("data-qr-text");

beforeEach(() => {
  vi.useFakeTimers({ now: START });
  // No user refetch may reach the network in these tests.
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response("{}", { status: 500 })),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("QrCodePage", () => {
  it("encodes <member_no>,0,<MM>,<unix seconds> at 200 px with the member number beneath", () => {
    renderPage(member);
    expect(qrText()).toBe("M000123,0,07,1732960800");
    expect(code()).toHaveAttribute("width", "200");
    expect(code().getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText("M000123")).toBeInTheDocument();
    expect(screen.getByText(/^Show this code at the till to earn H\sCoins$/)).toBeInTheDocument();
  });

  it("falls back to the user id and 00 when there is no member number or birth month", () => {
    renderPage({ ...member, member_no: null, birthday_month: null });
    expect(qrText()).toBe("42,0,00,1732960800");
    expect(screen.getByText("42")).toBeInTheDocument();
  });

  it("renews the code every 60 s with fresh seconds, masking it for 300 ms", async () => {
    renderPage(member);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(screen.queryByTestId("qr-mask")).toBeNull();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(59_699);
    });
    expect(qrText()).toBe("M000123,0,07,1732960800");
    expect(screen.queryByTestId("qr-mask")).toBeNull();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(qrText()).toBe("M000123,0,07,1732960860");
    expect(screen.getByTestId("qr-mask")).toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(299);
    });
    expect(screen.getByTestId("qr-mask")).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.queryByTestId("qr-mask")).toBeNull();
  });

  it("regenerates at once when the user info changes", async () => {
    renderPage(member);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    await act(async () => {
      queryClient.setQueryData(userQuery.queryKey, { ...member, member_no: "M000999" });
      // The query cache notifies its observers on the next tick.
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(qrText()).toBe("M000999,0,07,1732960805");
    expect(screen.getByTestId("qr-mask")).toBeInTheDocument();
    expect(screen.getByText("M000999")).toBeInTheDocument();
  });

  it("keeps the mask past 300 ms until its worker has drawn the renewed code", async () => {
    vi.stubGlobal("Worker", SlowWorker);
    const FreshPage = await freshPage();
    renderPage(member, FreshPage);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(qrText()).toBe("M000123,0,07,1732960800");
    expect(screen.queryByTestId("qr-mask")).toBeNull();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(59_500);
    });
    // Renewed, but the old code still shows: it stays covered past the 300 ms.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(qrText()).toBe("M000123,0,07,1732960800");
    expect(screen.getByTestId("qr-mask")).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(qrText()).toBe("M000123,0,07,1732960860");
    expect(screen.queryByTestId("qr-mask")).toBeNull();
  });

  it("draws the code in place when its worker cannot start", async () => {
    // A browser whose worker fails to load (blocked, offline): the member still gets a code.
    class FailingWorker extends EventTarget {
      constructor() {
        super();
        setTimeout(() => this.dispatchEvent(new Event("error")), 0);
      }
      postMessage() {}
    }
    vi.stubGlobal("Worker", FailingWorker);
    renderPage(member);
    expect(screen.queryByRole("img", { name: "Your member QR code" })).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(qrText()).toBe("M000123,0,07,1732960800");
    expect(code().getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
  });

  it("stops its timers when the screen is left", async () => {
    const view = renderPage(member);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    view.unmount();
    // The query cache's own garbage-collection timer is not the screen's.
    queryClient.clear();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("QrCodePage's H Coins balance", () => {
  // The session first: a new session starts with nothing kept (lib/session.ts).
  beforeEach(() => session.setToken("member-token"));

  const settle = () =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });

  it("shows the balance this device kept at once, then the scheme's", async () => {
    keepBalance(42, balanceAnswer({ balance: 900, as_of: "2024-11-29T01:00:00.000Z" }));
    mockApi({
      [COIN_CALLS.balance]: ok(balanceAnswer({ balance: 12_345, as_of: "2024-11-30T10:00:00.000Z" })),
    });
    renderPage(member);
    expect(screen.getByText("900")).toBeInTheDocument();
    expect(screen.getByText("As of 29 Nov 2024, 09:00")).toBeInTheDocument();
    await settle();
    expect(screen.getByText("12,345")).toBeInTheDocument();
    expect(screen.getByText("As of 30 Nov 2024, 18:00")).toBeInTheDocument();
    expect(keptBalance(42)).toEqual({ member: 42, balance: 12_345, asOf: "2024-11-30T10:00:00.000Z" });
  });

  it("keeps the kept balance with its time and says it could not refresh when the scheme is down", async () => {
    keepBalance(42, balanceAnswer({ balance: 900, as_of: "2024-11-29T01:00:00.000Z" }));
    mockApi({ [COIN_CALLS.balance]: fail(503, 5030, "down") });
    renderPage(member);
    await settle();
    expect(screen.getByText("900")).toBeInTheDocument();
    expect(screen.getByText("As of 29 Nov 2024, 09:00")).toBeInTheDocument();
    expect(
      screen.getByText("Could not refresh just now. This is the balance as of the time shown."),
    ).toBeInTheDocument();
    // The code is still there: the balance never stands in its way.
    expect(qrText()).toBe("M000123,0,07,1732960800");
  });

  it("says so in tc when there is nothing kept and the scheme is down", async () => {
    await act(() => translator.changeLanguage("tc"));
    mockApi({ [COIN_CALLS.balance]: fail(503, 5030, "down") });
    renderPage(member);
    await settle();
    expect(screen.getByText("暫時未能顯示你的 H Coins 結餘。")).toBeInTheDocument();
    await act(() => translator.changeLanguage("en"));
  });

  it("shows the member's tier under the balance, and the top tier once they reach it", async () => {
    mockApi({
      [COIN_CALLS.balance]: ok(balanceAnswer()),
      [COIN_CALLS.tier]: [ok(tierAnswer()), ok(topTierAnswer())],
    });
    const view = renderPage(member);
    await settle();
    expect(screen.getByRole("heading", { name: "Your tier" })).toBeInTheDocument();
    expect(screen.getByText("Silver")).toBeInTheDocument();
    expect(screen.getByText("HK$14,500 more spend to reach Gold by 31 Dec 2026")).toBeInTheDocument();
    view.unmount();
    renderPage(member);
    await settle();
    expect(screen.getByText("Gold")).toBeInTheDocument();
    expect(screen.getByText("You are in the top tier.")).toBeInTheDocument();
  });

  it("shows the tier in sc", async () => {
    await act(() => translator.changeLanguage("sc"));
    mockApi({ [COIN_CALLS.balance]: ok(balanceAnswer()), [COIN_CALLS.tier]: ok(tierAnswer()) });
    renderPage(member);
    await settle();
    expect(screen.getByText("银卡")).toBeInTheDocument();
    expect(screen.getByText("消费可赚取 ×1.5 H Coins")).toBeInTheDocument();
    await act(() => translator.changeLanguage("en"));
  });

  it("lists the open stamp missions under the code, in the member's language, and not the completed ones", async () => {
    mockApi({
      [COIN_CALLS.balance]: ok(balanceAnswer()),
      [COIN_CALLS.missions]: ok(
        missionsAnswer([
          missionCard(),
          missionCard({
            id: 4,
            name: { en: "Five brands", tc: "五個品牌", sc: "五个品牌" },
            stamps: 5,
            goal: 5,
            completed_at: "2026-11-26T02:00:00.000Z",
          }),
        ]),
      ),
    });
    renderPage(member);
    await settle();
    const missions = screen.getByRole("region", { name: "Stamp missions" });
    expect(missions).toHaveTextContent("3 coffees get 1 2 of 3 stamps");
    expect(missions).not.toHaveTextContent("Five brands");
    expect(screen.getByRole("link", { name: "Stamp missions" })).toHaveAttribute("href", "/coins");
    await act(() => translator.changeLanguage("tc"));
    expect(missions).toHaveTextContent("三杯咖啡送一杯");
    await act(() => translator.changeLanguage("en"));
  });

  it("shows no missions section when every mission is completed or there are none", async () => {
    mockApi({
      [COIN_CALLS.balance]: ok(balanceAnswer()),
      [COIN_CALLS.missions]: ok(
        missionsAnswer([missionCard({ stamps: 3, completed_at: "2026-11-26T02:00:00.000Z" })]),
      ),
    });
    renderPage(member);
    await settle();
    expect(screen.queryByRole("region", { name: "Stamp missions" })).toBeNull();
  });

  it("shows no balance, and no error, to a member with no account linked", async () => {
    mockApi({
      [COIN_CALLS.balance]: ok(
        balanceAnswer({ linked: false, hcoins_memberno: null, balance: null, expiring: [] }),
      ),
    });
    renderPage(member);
    await settle();
    expect(screen.queryByText("H Coins balance")).toBeNull();
    expect(screen.queryByText(/Could not refresh/)).toBeNull();
  });

  it("never shows another member's kept balance, and forgets it at logout", async () => {
    keepBalance(7, balanceAnswer({ balance: 555 }));
    mockApi({ [COIN_CALLS.balance]: fail(503, 5030, "down") });
    renderPage(member);
    await settle();
    expect(screen.queryByText("555")).toBeNull();
    session.clearToken();
    expect(keptBalance(7)).toBeNull();
  });
});

/** A slow phone's QR worker: each code arrives 500 ms after it is asked for. */
class SlowWorker extends EventTarget {
  postMessage(text: string) {
    setTimeout(
      () => this.dispatchEvent(new MessageEvent("message", { data: { text, src: `data:${text}` } })),
      500,
    );
  }
}

describe("QrCodePage from the member card this device keeps", () => {
  const noAnswer = () =>
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
  const goOffline = () => vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
  const wait = (ms: number) =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("draws the kept card first and asks for user info and balance only once the code is drawn", async () => {
    vi.stubGlobal("Worker", SlowWorker);
    const FreshPage = await freshPage();
    session.setToken("member-token");
    keepCard(member);
    const api = mockApi({
      "GET /crm/user/profile": ok({ ...member, member_no: "M000999" }),
      [COIN_CALLS.balance]: ok(balanceAnswer({ balance: 12_345 })),
    });
    renderPage(null, FreshPage);
    await wait(400);
    expect(api.calls).toHaveLength(0);
    await wait(100);
    expect(qrText()).toBe("M000123,0,07,1732960800");
    await wait(600);
    expect(api.called("GET /crm/user/profile")).toHaveLength(1);
    expect(api.called(COIN_CALLS.balance)).toHaveLength(1);
    // Then the fresh user info redraws the code.
    expect(qrText()).toBe("M000999,0,07,1732960800");
  });

  it("with no network: the code from the kept card, renewed every 60 s, and a notice that the page is offline", async () => {
    session.setToken("member-token");
    keepCard(member);
    goOffline();
    noAnswer();
    renderPage(null);
    await wait(2_500);
    expect(qrText()).toBe("M000123,0,07,1732960800");
    expect(screen.getByRole("status")).toHaveTextContent(
      "You are offline. This code is kept on this device and still works at the till.",
    );
    expect(screen.queryByText("Something went wrong", { exact: false })).toBeNull();
    await wait(60_000);
    expect(qrText()).toBe("M000123,0,07,1732960860");
  });

  it.each([
    ["tc", "你現在離線。此 QR Code 已儲存在此裝置，在收銀處照樣可用。"],
    ["sc", "您目前处于离线状态。此二维码已保存在本设备上，在收银台照样可用。"],
  ])("says it is offline in %s", async (language, notice) => {
    await act(() => translator.changeLanguage(language));
    session.setToken("member-token");
    keepCard(member);
    goOffline();
    noAnswer();
    renderPage(null);
    await wait(2_500);
    expect(screen.getByRole("status")).toHaveTextContent(notice);
    await act(() => translator.changeLanguage("en"));
  });

  it("calls a failed request with no answer offline even when the browser thinks it is online", async () => {
    session.setToken("member-token");
    keepCard(member);
    noAnswer();
    renderPage(null);
    await wait(2_500);
    expect(screen.getByRole("status")).toHaveTextContent("You are offline.");
    expect(qrText()).toBe("M000123,0,07,1732960800");
  });

  it("offline with no kept card: says the code needs one visit with a connection", async () => {
    goOffline();
    noAnswer();
    renderPage(null);
    await wait(2_500);
    expect(screen.getByRole("status")).toHaveTextContent(
      "You are offline. Your member QR code will show here offline once you have opened this page with a connection.",
    );
    expect(screen.queryByRole("img")).toBeNull();
  });
});
