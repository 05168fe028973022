import { fail, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { changeLanguage } from "../../lib/i18n.ts";
import { mockApi, renderConsole, session } from "../../lib/test-app.tsx";
import { ledgerEntry, memberLedger } from "./ledger-fixtures.ts";
import { memberDetail } from "./member-fixtures.ts";

const ledgerCalls = (api: ReturnType<typeof mockApi>) =>
  api.called("GET /members/42/ledger").map((call) => Object.fromEntries(call.url.searchParams));

describe("the member's ledger", () => {
  it("shows each entry's store, receipt and amount, filters, sorts by time and pages", async () => {
    const api = mockApi({
      "GET /session": session("customerService"),
      "GET /members/42": ok(memberDetail()),
      "GET /members/42/ledger": ({ url }) =>
        ok(
          memberLedger(
            [ledgerEntry({ id: url.searchParams.get("page") === "2" ? 26 : 1 })],
            url.searchParams.get("receipt_no") ? 1 : 60,
          ),
        ),
    });
    renderConsole("/members/42");
    expect(await screen.findByText("60 entries")).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "R-2026-0314-0042" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "HK$250.00" })).toBeInTheDocument();
    expect(ledgerCalls(api).at(-1)).toEqual({ page: "1", page_size: "25", dir: "desc" });

    const user = userEvent.setup();
    const time = screen.getByRole("columnheader", { name: /Time/ });
    expect(time).toHaveAttribute("aria-sort", "descending");
    await user.click(within(time).getByRole("button"));
    expect(await screen.findByRole("columnheader", { name: /Time/ })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    expect(ledgerCalls(api).at(-1)).toMatchObject({ dir: "asc", page: "1" });

    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(await screen.findByText("Page 2 of 3")).toBeInTheDocument();
    expect(ledgerCalls(api).at(-1)).toMatchObject({ page: "2", dir: "asc" });

    await user.selectOptions(screen.getByLabelText("Kind"), "purchase");
    await user.type(screen.getByLabelText("From (day)"), "2026-03-01");
    await user.type(screen.getByLabelText("To (day)"), "2026-03-31");
    await user.type(screen.getByLabelText("Store"), "HF-MK01");
    await user.type(screen.getByLabelText("Receipt number"), "0042");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    expect(await screen.findByText("1 entry")).toBeInTheDocument();
    expect(ledgerCalls(api).at(-1)).toEqual({
      page: "1",
      page_size: "25",
      dir: "asc",
      kind: "purchase",
      from: "2026-03-01",
      to: "2026-03-31",
      store_code: "HF-MK01",
      receipt_no: "0042",
    });
  });

  it.each([
    [
      "en" as const,
      "Earned for",
      [
        "Base (HK$1 = 1) +88",
        "Electronic payment, partner store +88",
        "Tier: Gold +44",
        "Campaign #12: Double Coins Week +50",
      ],
      ["Base (HK$1 = 1) -88", "Electronic payment, partner store -88"],
    ],
    [
      "tc" as const,
      "賺取明細",
      ["基本（HK$1 = 1） +88", "合作商場店舖電子支付 +88", "會員等級：金卡 +44", "推廣活動 #12：雙倍週 +50"],
      ["基本（HK$1 = 1） -88", "合作商場店舖電子支付 -88"],
    ],
  ])(
    "shows what a purchase's and a refund's coins were for, in %s",
    async (language, column, bought, refunded) => {
      const purchase = ledgerEntry({
        coins: 270,
        net_amount: "88.80",
        lines: [
          { kind: "base", coins: 88, campaign_id: null, name: null },
          { kind: "electronic", coins: 88, campaign_id: null, name: null },
          { kind: "tier", coins: 44, campaign_id: null, name: { en: "Gold", tc: "金卡", sc: "金卡" } },
          {
            kind: "campaign",
            coins: 50,
            campaign_id: 12,
            name: { en: "Double Coins Week", tc: "雙倍週", sc: "双倍周" },
          },
        ],
      });
      const refund = ledgerEntry({
        id: 2,
        kind: "refund",
        coins: -176,
        lines: [
          { kind: "base", coins: -88, campaign_id: null, name: null },
          { kind: "electronic", coins: -88, campaign_id: null, name: null },
        ],
      });
      const adjustment = ledgerEntry({
        id: 3,
        kind: "adjustment",
        store_code: null,
        receipt_no: null,
        lines: [],
      });
      mockApi({
        "GET /session": session("customerService"),
        "GET /members/42": ok(memberDetail()),
        "GET /members/42/ledger": ok(memberLedger([purchase, refund, adjustment])),
      });
      await changeLanguage(language);
      renderConsole("/members/42");
      const table = (await screen.findByRole("columnheader", { name: column })).closest(
        "table",
      ) as HTMLElement;
      const columnIndex = within(table)
        .getAllByRole("columnheader")
        .findIndex((header) => header.textContent === column);
      const cells = within(table)
        .getAllByRole("row")
        .slice(1)
        .map((row) => within(row).getAllByRole("cell")[columnIndex] as HTMLElement);
      const linesIn = (cell: HTMLElement) =>
        within(cell)
          .getAllByRole("listitem")
          .map((line) => line.textContent);
      expect(linesIn(cells[0] as HTMLElement)).toEqual(bought);
      expect(linesIn(cells[1] as HTMLElement)).toEqual(refunded);
      expect(cells[2]).toHaveTextContent("—");
    },
  );

  it("says what is wrong with a range before asking, in the operator's language", async () => {
    const api = mockApi({
      "GET /session": session("customerService"),
      "GET /members/42": ok(memberDetail()),
      "GET /members/42/ledger": ok(memberLedger()),
    });
    await changeLanguage("tc");
    renderConsole("/members/42");
    await screen.findByText("1 項紀錄");
    const calls = api.called("GET /members/42/ledger").length;
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("由（日期）"), "2026-03-31");
    await user.type(screen.getByLabelText("至（日期）"), "2026-03-01");
    await user.click(screen.getByRole("button", { name: "套用篩選" }));
    expect(await screen.findByText("開始日期不可遲於結束日期。")).toBeInTheDocument();
    expect(api.called("GET /members/42/ledger")).toHaveLength(calls);
  });

  it("shows the scheme's failure with a retry", async () => {
    mockApi({
      "GET /session": session("auditor"),
      "GET /members/42": ok(memberDetail()),
      "GET /members/42/ledger": fail(503, 5030, "unavailable"),
    });
    renderConsole("/members/42");
    const failure = (
      await screen.findByText("The service is unavailable for a moment. Please try again shortly.")
    ).closest("[role=alert]") as HTMLElement;
    expect(within(failure).getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
