import { fail, mockApi, ok } from "@hcoins/web-kit/testing/mock-api";
import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COIN_CALLS, voucher } from "../../lib/coin-fixtures.ts";
import { translator } from "../../lib/i18n.ts";
import { session } from "../../lib/session.ts";
import { renderApp } from "../../lib/test-app.tsx";
import { Component as VoucherPage } from "./voucher-page.tsx";
import { Component as VouchersPage } from "./vouchers-page.tsx";

const routes = [
  { path: "/vouchers", Component: VouchersPage },
  { path: "/vouchers/:code", Component: VoucherPage },
];

// 2026-11-27T02:30:00Z
const NOW = Date.parse("2026-11-27T02:30:00.000Z");

const vouchers = [
  voucher({
    code: "USED00000001",
    status: "used",
    title: { en: "Tote bag", tc: "環保袋", sc: "环保袋" },
    value_amount: null,
    issued_at: "2026-10-01T02:00:00.000Z",
    used_at: "2026-11-10T06:00:00.000Z",
    used_store_name: { en: "Causeway Bay", tc: "銅鑼灣", sc: "铜锣湾" },
  }),
  voucher(),
  voucher({
    code: "EXPD00000001",
    status: "expired",
    title: { en: "Summer voucher", tc: "夏日禮券", sc: "夏日礼券" },
    issued_at: "2026-07-01T02:00:00.000Z",
    valid_until: "2026-09-30T15:59:59.000Z",
  }),
  voucher({
    code: "CANC00000001",
    status: "cancelled",
    title: { en: "Coffee", tc: "咖啡", sc: "咖啡" },
    issued_at: "2026-11-01T02:00:00.000Z",
    cancelled_at: "2026-11-12T03:00:00.000Z",
  }),
];

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
  session.setToken("member-token");
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await act(() => translator.changeLanguage("en"));
});

describe("VouchersPage", () => {
  it("lists the vouchers ready to use first, each with its value, validity and state", async () => {
    mockApi({ [COIN_CALLS.vouchers]: ok({ vouchers }) });
    renderApp(routes, "/vouchers");
    const titles = (await screen.findAllByRole("heading", { level: 2 })).map(
      (heading) => heading.textContent,
    );
    expect(titles).toEqual(["HK$50 e-gift voucher", "Coffee", "Tote bag", "Summer voucher"]);
    expect(screen.getByRole("link", { name: "HK$50 e-gift voucher" })).toHaveAttribute(
      "href",
      "/vouchers/HCV4-K7PQ-2M9X-8B3D",
    );
    expect(screen.getByText("Ready to use")).toBeInTheDocument();
    expect(screen.getAllByText("Valid until 27 Dec 2026")).toHaveLength(3);
    expect(screen.getByText("Used on 10 Nov 2026 at Causeway Bay")).toBeInTheDocument();
    expect(screen.getByText("Expired on 30 Sept 2026")).toBeInTheDocument();
    expect(screen.getByText("Cancelled on 12 Nov 2026")).toBeInTheDocument();
  });

  it("leads a member with no vouchers to the rewards", async () => {
    mockApi({ [COIN_CALLS.vouchers]: ok({ vouchers: [] }) });
    renderApp(routes, "/vouchers");
    expect(await screen.findByRole("link", { name: "See the rewards" })).toHaveAttribute("href", "/rewards");
  });

  it("says when the scheme is down", async () => {
    mockApi({ [COIN_CALLS.vouchers]: fail(503, 5030, "down") });
    renderApp(routes, "/vouchers");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The service is temporarily unavailable, please try again later.",
    );
  });

  it.each([
    ["tc", "我的禮券", "可使用", "有效期至 2026年12月27日"],
    ["sc", "我的礼券", "可使用", "有效期至 2026年12月27日"],
  ])("speaks %s", async (language, _title, ready, validUntil) => {
    await act(() => translator.changeLanguage(language));
    mockApi({ [COIN_CALLS.vouchers]: ok({ vouchers: [voucher()] }) });
    renderApp(routes, "/vouchers");
    expect(await screen.findByText(ready)).toBeInTheDocument();
    expect(screen.getByText(validUntil)).toBeInTheDocument();
  });
});

describe("VoucherPage", () => {
  it("shows a usable voucher's QR code of its code, the code in groups, value, stores and validity", async () => {
    mockApi({ [COIN_CALLS.vouchers]: ok({ vouchers }) });
    renderApp(routes, "/vouchers/HCV4-K7PQ-2M9X-8B3D");
    const qr = await screen.findByRole("img", { name: "Voucher QR code" });
    expect(qr).toHaveAttribute("data-qr-text", "HCV4-K7PQ-2M9X-8B3D");
    expect(qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText("HCV4 K7PQ 2M9X 8B3D")).toBeInTheDocument();
    expect(screen.getByText("HK$50")).toBeInTheDocument();
    expect(screen.getByText("All participating stores")).toBeInTheDocument();
    expect(screen.getByText("27 Dec 2026")).toBeInTheDocument();
  });

  it.each([
    ["USED00000001", "Used on 10 Nov 2026 at Causeway Bay"],
    ["EXPD00000001", "Expired on 30 Sept 2026"],
    ["CANC00000001", "Cancelled on 12 Nov 2026"],
  ])("shows %s's state instead of a usable QR code", async (code, state) => {
    mockApi({ [COIN_CALLS.vouchers]: ok({ vouchers }) });
    renderApp(routes, `/vouchers/${code}`);
    expect(await screen.findByText(state)).toBeInTheDocument();
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("treats an issued voucher past its date as expired", async () => {
    mockApi({
      [COIN_CALLS.vouchers]: ok({ vouchers: [voucher({ valid_until: "2026-11-26T15:59:59.000Z" })] }),
    });
    renderApp(routes, "/vouchers/HCV4-K7PQ-2M9X-8B3D");
    expect(await screen.findByText("Expired on 26 Nov 2026")).toBeInTheDocument();
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("says so for a code that is not the member's", async () => {
    mockApi({ [COIN_CALLS.vouchers]: ok({ vouchers }) });
    renderApp(routes, "/vouchers/NOTMINE");
    expect(await screen.findByRole("alert")).toHaveTextContent("This voucher is not among yours.");
  });
});
