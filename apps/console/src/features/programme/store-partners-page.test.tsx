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
});
