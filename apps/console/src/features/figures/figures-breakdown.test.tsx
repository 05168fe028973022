import { ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { seriousViolations } from "../../lib/axe.ts";
import { changeLanguage } from "../../lib/i18n.ts";
import { mockApi, renderConsole, session } from "../../lib/test-app.tsx";

const movements = (earned: number, purchases: number, extra: Record<string, number> = {}) => ({
  earned,
  refunded: 0,
  adjusted: 0,
  redeemed: 0,
  cancelled: 0,
  expired: 0,
  forfeited: 0,
  purchases,
  ...extra,
});

const zeroDay = (day: string) => ({
  day,
  ...movements(0, 0),
  goodwill_vouchers: 0,
  goodwill_coins: 0,
  outstanding: 0,
});

const figures = {
  from: "2026-11-26",
  to: "2026-11-27",
  days: [],
  totals: { registrations: 0, logins: 0, sms_sent: 0, sms_failed: 0 },
  coins: {
    days: [zeroDay("2026-11-26"), zeroDay("2026-11-27")].map(({ purchases: _, ...day }) => day),
    totals: { ...movements(0, 0), goodwill_vouchers: 0, goodwill_coins: 0 },
    outstanding: 0,
    accounts: 0,
  },
};

const breakdown = {
  from: "2026-11-26",
  to: "2026-11-27",
  stores: [
    {
      store_code: "HF-CW01",
      name: "Harbour Fresh Sheung Wan",
      brand_code: "hf",
      brand_name: "Harbour Fresh",
      ...movements(100, 1),
    },
    {
      store_code: "HF-S01",
      name: "Harbour Fresh Aberdeen",
      brand_code: "hf",
      brand_name: "Harbour Fresh",
      ...movements(900, 3),
    },
    { store_code: "XX-01", name: null, brand_code: null, brand_name: null, ...movements(50, 1) },
  ],
  brands: [
    { brand_code: "hf", name: "Harbour Fresh", stores: 2, ...movements(1000, 4) },
    { brand_code: null, name: null, stores: 1, ...movements(50, 1) },
  ],
  no_store: movements(0, 0, { adjusted: 300, redeemed: 120 }),
  rewards: [
    {
      reward_id: 7,
      name: "HKD 50 voucher",
      redemptions: 2,
      redeemed: 200,
      cancellations: 1,
      cancelled: 100,
      goodwill_vouchers: 1,
      goodwill_coins: 100,
    },
    {
      reward_id: 9,
      name: null,
      redemptions: 5,
      redeemed: 500,
      cancellations: 0,
      cancelled: 0,
      goodwill_vouchers: 0,
      goodwill_coins: 0,
    },
  ],
  campaigns: [
    {
      campaign_id: 3,
      name: "Weekend double",
      budget_coins: 10_000,
      budget_left: 2_500,
      coins: 1_200,
      members: 40,
      purchases: 55,
    },
    {
      campaign_id: 4,
      name: null,
      budget_coins: null,
      budget_left: null,
      coins: -30,
      members: 0,
      purchases: 0,
    },
  ],
  tier_multiplier: { coins: 640, members: 12, purchases: 20 },
};

/** Each body row's cells' text (the row header first). */
const bodyRows = (table: HTMLElement) =>
  [...table.querySelectorAll("tbody tr")].map((row) =>
    [...row.querySelectorAll("th, td")].map((cell) => cell.textContent),
  );

describe("the figures breakdown", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-27T03:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("switches between stores, brands and rewards, sorts, and links each breakdown's CSV", async () => {
    const api = mockApi({
      "GET /session": session("auditor"),
      "GET /figures": ok(figures),
      "GET /figures/breakdown": ok(breakdown),
    });
    renderConsole("/figures?from=2026-11-26&to=2026-11-27");
    await screen.findByRole("heading", { name: "Breakdown" }, { timeout: 5000 });
    const [call] = api.called("GET /figures/breakdown");
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({
      from: "2026-11-26",
      to: "2026-11-27",
      lang: "en",
    });

    // By store, most coins earned first; the entries without a store close the table.
    const stores = await screen.findByRole("table", { name: /Coins per store/ });
    expect(bodyRows(stores).map((row) => row.slice(0, 5))).toEqual([
      ["HF-S01", "Harbour Fresh Aberdeen", "Harbour Fresh", "3", "900"],
      ["HF-CW01", "Harbour Fresh Sheung Wan", "Harbour Fresh", "1", "100"],
      ["XX-01", "Not in the store list", "—", "1", "50"],
    ]);
    expect(
      within(stores)
        .getByRole("rowheader", { name: /No store/ })
        .closest("tr")?.textContent,
    ).toContain("300");
    expect(screen.getByRole("link", { name: "Download by store as CSV" })).toHaveAttribute(
      "href",
      "/console/api/figures/breakdown.csv?from=2026-11-26&to=2026-11-27&by=store&lang=en",
    );
    await userEvent.click(within(stores).getByRole("button", { name: "Store code" }));
    expect(bodyRows(stores).map((row) => row[0])).toEqual(["HF-CW01", "HF-S01", "XX-01"]);
    // The table scrolls sideways inside its own box (a phone's 375 px).
    expect(stores.closest(".table-wrap")).not.toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "By brand" }));
    expect(screen.getByRole("button", { name: "By brand" })).toHaveAttribute("aria-pressed", "true");
    const brands = screen.getByRole("table", { name: /Coins per brand/ });
    expect(bodyRows(brands).map((row) => row.slice(0, 4))).toEqual([
      ["Harbour Fresh", "2", "4", "1,000"],
      ["Stores not in the store list", "1", "1", "50"],
    ]);
    expect(screen.getByRole("link", { name: "Download by brand as CSV" }).getAttribute("href")).toContain(
      "by=brand",
    );

    await userEvent.click(screen.getByRole("button", { name: "By reward" }));
    const rewards = screen.getByRole("table", { name: /per reward/ });
    expect(bodyRows(rewards)).toEqual([
      ["Reward 9 (no longer listed)", "5", "500", "0", "0", "0", "0"],
      ["HKD 50 voucher", "2", "200", "1", "100", "1", "100"],
    ]);
    expect(screen.getByRole("link", { name: "Download by reward as CSV" }).getAttribute("href")).toContain(
      "by=reward",
    );
    expect(await seriousViolations()).toEqual([]);
  });

  it.each([
    {
      language: "en" as const,
      by: "By campaign",
      table: /Coins each campaign issued/,
      rows: [
        ["Weekend double", "1,200", "40", "55", "10,000", "2,500"],
        ["Campaign 4 (no longer listed)", "-30", "0", "0", "No budget", "No budget"],
      ],
      tier: "Tier multiplier",
      csv: "Download by campaign as CSV",
      empty: "No campaign or tier multiplier issued coins in this range.",
    },
    {
      language: "tc" as const,
      by: "按推廣活動",
      table: /每個推廣活動發放的 H Coins/,
      rows: [
        ["Weekend double", "1,200", "40", "55", "10,000", "2,500"],
        ["推廣活動 4（已不再列出）", "-30", "0", "0", "不設預算", "不設預算"],
      ],
      tier: "會員等級倍數",
      csv: "下載按推廣活動的 CSV 檔案",
      empty: "此期間沒有推廣活動或會員等級倍數發放 H Coins。",
    },
    {
      language: "sc" as const,
      by: "按推广活动",
      table: /每个推广活动发放的 H Coins/,
      rows: [
        ["Weekend double", "1,200", "40", "55", "10,000", "2,500"],
        ["推广活动 4（已不再列出）", "-30", "0", "0", "不设预算", "不设预算"],
      ],
      tier: "会员等级倍数",
      csv: "下载按推广活动的 CSV 文件",
      empty: "此期间没有推广活动或会员等级倍数发放 H Coins。",
    },
  ])(
    "shows each campaign's cost and the tier multiplier's in $language, or says there was none",
    async (want) => {
      mockApi({
        "GET /session": session("auditor"),
        "GET /figures": ok(figures),
        "GET /figures/breakdown": ok(breakdown),
      });
      await changeLanguage(want.language);
      const first = renderConsole("/figures?from=2026-11-26&to=2026-11-27");
      await userEvent.click(await screen.findByRole("button", { name: want.by }, { timeout: 5000 }));
      expect(screen.getByRole("button", { name: want.by })).toHaveAttribute("aria-pressed", "true");
      const table = await screen.findByRole("table", { name: want.table });
      expect(bodyRows(table)).toEqual(want.rows);
      expect(within(table).getByRole("rowheader", { name: want.tier }).closest("tr")?.textContent).toContain(
        "640",
      );
      expect(screen.getByRole("link", { name: want.csv })).toHaveAttribute(
        "href",
        `/console/api/figures/breakdown.csv?from=2026-11-26&to=2026-11-27&by=campaign&lang=${want.language}`,
      );
      expect(await seriousViolations()).toEqual([]);
      first.unmount();

      mockApi({
        "GET /session": session("auditor"),
        "GET /figures": ok(figures),
        "GET /figures/breakdown": ok({
          ...breakdown,
          campaigns: [],
          tier_multiplier: { coins: 0, members: 0, purchases: 0 },
        }),
      });
      renderConsole("/figures?from=2026-11-26&to=2026-11-27");
      await userEvent.click(await screen.findByRole("button", { name: want.by }, { timeout: 5000 }));
      expect(await screen.findByText(want.empty)).toBeInTheDocument();
      expect(screen.queryByRole("table", { name: want.table })).toBeNull();
    },
  );

  it("is not offered when the coin scheme did not answer the day figures", async () => {
    const api = mockApi({
      "GET /session": session("auditor"),
      "GET /figures": ok({ ...figures, coins: null }),
      "GET /figures/breakdown": ok(breakdown),
    });
    renderConsole("/figures?from=2026-11-26&to=2026-11-27");
    await screen.findByRole("heading", { name: /Totals from/ }, { timeout: 5000 });
    expect(screen.queryByRole("heading", { name: "Breakdown" })).toBeNull();
    expect(api.called("GET /figures/breakdown")).toEqual([]);
  });
});
