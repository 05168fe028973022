import { fail, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, renderConsole, session } from "../../lib/test-app.tsx";

const store = (fields: Record<string, unknown> = {}) => ({
  code: "HF-CW01",
  name: { en: "Causeway Bay", tc: "銅鑼灣", sc: "铜锣湾" },
  partner: false,
  scheme_partner: false,
  ...fields,
});

describe("the store partner flags screen", () => {
  it("shows both flags and toggles one after a confirmation", async () => {
    const api = mockApi({
      "GET /session": session("programmeManager"),
      "GET /stores": ok({ stores: [store(), store({ code: "HF-MK02", name: null, scheme_partner: null })] }),
      "POST /stores/partner": ok({ store: store({ partner: true, scheme_partner: true }) }),
    });
    renderConsole("/store-partners");
    const row = (await screen.findByText("Causeway Bay", {}, { timeout: 5000 })).closest("tr") as HTMLElement;
    expect(screen.getByText("Not registered")).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(row).getByRole("button", { name: "Make HF-CW01 a partner" }));
    const dialog = screen.getByRole("dialog", { name: "Make HF-CW01 a partner store" });
    await user.click(within(dialog).getByRole("button", { name: "Change the flag" }));
    expect(await screen.findByText("HF-CW01: partner Yes.")).toBeInTheDocument();
    expect(api.called("POST /stores/partner")[0]?.json).toEqual({ code: "HF-CW01", partner: true });
    expect(within(row).getByRole("button", { name: "Make HF-CW01 not a partner" })).toBeInTheDocument();
  });

  it("keeps the dialog open with the failure when the scheme cannot be reached", async () => {
    mockApi({
      "GET /session": session("programmeManager"),
      "GET /stores": ok({ stores: [store({ partner: true, scheme_partner: false })] }),
      "POST /stores/partner": fail(503, 5030, "unavailable"),
    });
    renderConsole("/store-partners");
    expect(await screen.findByText("No (Differs)", {}, { timeout: 5000 })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Make HF-CW01 not a partner" }));
    const dialog = screen.getByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Change the flag" }));
    expect(await within(dialog).findByRole("alert")).toBeInTheDocument();
  });

  it("links the electronic-payment extra's campaign, the rule partner stores earn by", async () => {
    mockApi({
      "GET /session": session("auditor"),
      "GET /stores": ok({ stores: [store({ partner: true, scheme_partner: true })] }),
      "GET /campaigns": ok({
        campaigns: [
          {
            id: 1,
            name: {
              en: "Electronic payment at a partner store",
              tc: "於合作商場店舖以電子支付",
              sc: "在合作商场门店使用电子支付",
            },
            conditions: [{ fact: "partner_store", is: true }],
            action: { type: "electronic_extra" },
            stacks: true,
            starts_at: "2000-01-01T00:00:00+08:00",
            ends_at: "2100-01-01T00:00:00+08:00",
            budget_coins: null,
            per_member_cap: null,
            programme_rule: "electronic",
            status: "active",
            spent_coins: 0,
            members_earned: 0,
            purchases_earned: 0,
            created_by: "migration 0018",
            created_at: "2026-11-28T08:00:00.000Z",
            updated_by: null,
            updated_at: null,
            activated_by: "migration 0018",
            approved_by: "migration 0018",
            activated_at: "2026-11-28T08:00:00.000Z",
          },
        ],
      }),
    });
    renderConsole("/store-partners");
    const link = await screen.findByRole(
      "link",
      {
        name: "The electronic-payment extra at partner stores is the campaign Electronic payment at a partner store (Active).",
      },
      { timeout: 5000 },
    );
    expect(link).toHaveAttribute("href", "/console/campaigns/1");
  });

  it("says when no electronic-payment extra is live", async () => {
    mockApi({
      "GET /session": session("auditor"),
      "GET /stores": ok({ stores: [store()] }),
      "GET /campaigns": ok({ campaigns: [] }),
    });
    renderConsole("/store-partners");
    expect(
      await screen.findByText(
        "No electronic-payment extra is live: partner stores earn as the others do.",
        {},
        {
          timeout: 5000,
        },
      ),
    ).toBeInTheDocument();
  });
});
