import { mockApi, ok } from "@hcoins/web-kit/testing/mock-api";
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { translator } from "../../lib/i18n.ts";
import { queryClient } from "../../lib/query-client.ts";
import { session } from "../../lib/session.ts";
import { renderApp } from "../../lib/test-app.tsx";
import { Component as InvitePage } from "./invite-page.tsx";

const REFERRALS = "POST /custom-api/custom/cuapp/customer/hcoin-referrals";
const routes = [{ path: "/invite", Component: InvitePage }];

const answer = (fields: Record<string, unknown> = {}) => ({
  code: "KX7P4M9Q",
  share_path: "/register?ref=KX7P4M9Q",
  offer: {
    referrer_reward: {
      id: 1,
      title: { en: "HKD 50 e-gift voucher", tc: "HK$50 電子禮券", sc: "HK$50 电子礼券" },
    },
    referred_reward: {
      id: 2,
      title: { en: "HKD 30 e-gift voucher", tc: "HK$30 電子禮券", sc: "HK$30 电子礼券" },
    },
    min_net_amount: "100.00",
    cap_per_referrer: 5,
  },
  referrals: [
    { state: "waiting", refused_reason: null, registered_at: "2026-11-27T02:30:00.000Z", decided_at: null },
    {
      state: "refused",
      refused_reason: "same_device",
      registered_at: "2026-11-20T02:30:00.000Z",
      decided_at: "2026-11-21T02:30:00.000Z",
    },
    {
      state: "rewarded",
      refused_reason: null,
      registered_at: "2026-11-01T02:30:00.000Z",
      decided_at: "2026-11-02T02:30:00.000Z",
    },
  ],
  ...fields,
});

beforeEach(() => session.setToken("member-token"));
afterEach(async () => {
  // The next test's language switch must not refetch this one's answer over a real network.
  queryClient.clear();
  vi.unstubAllGlobals();
  await act(() => translator.changeLanguage("en"));
});

describe("InvitePage", () => {
  it("shows the code, the share link and its QR code, what both get and the friends' states", async () => {
    mockApi({ [REFERRALS]: ok(answer()) });
    renderApp(routes, "/invite");
    expect(await screen.findByTestId("referral-code")).toHaveTextContent("KX7P4M9Q");
    const link = `${window.location.origin}/register?ref=KX7P4M9Q`;
    expect(screen.getByText(link)).toBeInTheDocument();
    expect(await screen.findByAltText("QR code of your invitation link")).toHaveAttribute(
      "data-qr-text",
      link,
    );
    expect(screen.getByText("You get: HKD 50 e-gift voucher")).toBeInTheDocument();
    expect(screen.getByText("Your friend gets: HKD 30 e-gift voucher")).toBeInTheDocument();
    expect(screen.getByText(/first purchase is at least HK\$100/)).toBeInTheDocument();
    expect(screen.getByText("Rewarded for up to 5 friends.")).toBeInTheDocument();
    const items = screen.getAllByRole("listitem").map((item) => item.textContent);
    expect(items).toEqual([
      "Registered registered on 27 Nov 2026",
      "Not rewarded registered on 20 Nov 2026 · this device was used for a referral before",
      "Rewarded registered on 1 Nov 2026",
    ]);
  });

  it("copies the link, and says so", async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    mockApi({ [REFERRALS]: ok(answer()) });
    renderApp(routes, "/invite");
    await user.click(await screen.findByRole("button", { name: "Copy link" }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/register?ref=KX7P4M9Q`);
    expect(await screen.findByText("Link copied.")).toBeInTheDocument();
    // No Web Share in this browser: no Share button.
    expect(screen.queryByRole("button", { name: "Share" })).not.toBeInTheDocument();
  });

  it.each([
    ["tc", "推薦朋友", "你可獲得：HK$50 電子禮券", "暫時未有朋友以你的推薦碼登記。"],
    ["sc", "推荐朋友", "您可获得：HK$50 电子礼券", "暂时还没有朋友用您的推荐码注册。"],
  ])("speaks %s", async (language, title, youGet, none) => {
    mockApi({ [REFERRALS]: ok(answer({ referrals: [] })) });
    await act(() => translator.changeLanguage(language));
    renderApp(routes, "/invite");
    expect(await screen.findByText(youGet)).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(title);
    expect(screen.getByText(none)).toBeInTheDocument();
  });

  it("without an offer says so, and still shows the code", async () => {
    mockApi({ [REFERRALS]: ok(answer({ offer: null, referrals: [] })) });
    renderApp(routes, "/invite");
    expect(await screen.findByText(/no referral reward at the moment/)).toBeInTheDocument();
    expect(screen.getByTestId("referral-code")).toHaveTextContent("KX7P4M9Q");
  });
});
