import { fail, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, renderConsole, session } from "../../lib/test-app.tsx";

const reward = (fields: Record<string, unknown> = {}) => ({
  id: 7,
  kind: "evoucher",
  coins: 500,
  stock: 3,
  value_amount: "50.00",
  title: { en: "HKD 50 voucher", tc: "50 港元禮券", sc: "50 港元礼券" },
  image_url: null,
  starts_at: null,
  ends_at: null,
  active: true,
  sort_order: 0,
  low_stock_threshold: null,
  stock_level: "in_stock",
  ...fields,
});

describe("the rewards screen", () => {
  it("lists rewards with stock and state, and adds stock with the CSRF header", async () => {
    const api = mockApi({
      "GET /session": session("programmeManager"),
      "GET /rewards": ok({ rewards: [reward()] }),
      "POST /rewards/7/stock": ok({ reward: reward({ stock: 53 }) }),
    });
    renderConsole("/rewards");
    const row = (await screen.findByText("HKD 50 voucher", {}, { timeout: 5000 })).closest(
      "tr",
    ) as HTMLElement;
    expect(within(row).getByText("3")).toBeInTheDocument();
    expect(within(row).getByText("Offered")).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Change stock of HKD 50 voucher" }));
    await user.type(screen.getByLabelText("Units to add (+) or remove (−)"), "+50");
    await user.click(screen.getByRole("button", { name: "Change the stock" }));
    expect(await screen.findByText("HKD 50 voucher: 53 in stock now.")).toBeInTheDocument();
    const sent = api.called("POST /rewards/7/stock")[0];
    expect(sent?.json).toEqual({ change: 50 });
    expect(sent?.headers["x-csrf-token"]).toBeTruthy();
    expect(within(row).getByText("53")).toBeInTheDocument();
  });

  it("marks a reward at or below its low-stock threshold and a sold-out one, and filters to them", async () => {
    mockApi({
      "GET /session": session("programmeManager"),
      "GET /rewards": ok({
        rewards: [
          reward({ stock: 40, low_stock_threshold: 10 }),
          reward({
            id: 8,
            stock: 7,
            low_stock_threshold: 10,
            stock_level: "low",
            title: { en: "Tea set", tc: "茶具", sc: "茶具" },
          }),
          reward({
            id: 9,
            stock: 0,
            stock_level: "sold_out",
            title: { en: "Umbrella", tc: "雨傘", sc: "雨伞" },
          }),
        ],
      }),
    });
    renderConsole("/rewards");
    const rowOf = async (title: string) =>
      (await screen.findByText(title, {}, { timeout: 5000 })).closest("tr") as HTMLElement;
    expect(within(await rowOf("Tea set")).getByText("Low stock: 7 left")).toBeInTheDocument();
    expect(within(await rowOf("Umbrella")).getByText("Sold out")).toBeInTheDocument();
    const plenty = await rowOf("HKD 50 voucher");
    expect(within(plenty).queryByText(/Low stock|Sold out/)).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText("Show"), "low");
    expect(screen.queryByText("HKD 50 voucher")).not.toBeInTheDocument();
    expect(screen.getByText("Tea set")).toBeInTheDocument();
    expect(screen.getByText("Umbrella")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Show"), "all");
    expect(screen.getByText("HKD 50 voucher")).toBeInTheDocument();
  });

  it("says so when no reward needs stock", async () => {
    mockApi({
      "GET /session": session("programmeManager"),
      "GET /rewards": ok({ rewards: [reward({ stock: 40 })] }),
    });
    renderConsole("/rewards");
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText("Show", {}, { timeout: 5000 }), "low");
    expect(screen.getByText("No reward is low on stock or sold out.")).toBeInTheDocument();
  });

  it("refuses to take the stock below zero before asking, and shows the server's refusal too", async () => {
    const api = mockApi({
      "GET /session": session("programmeManager"),
      "GET /rewards": ok({ rewards: [reward()] }),
      "POST /rewards/7/stock": fail(400, 4000, "invalid", {
        errors: [{ field: "change", rule: "stockNegative" }],
      }),
    });
    renderConsole("/rewards");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Change stock of HKD 50 voucher" }));
    const change = screen.getByLabelText("Units to add (+) or remove (−)");
    await user.type(change, "-4");
    await user.click(screen.getByRole("button", { name: "Change the stock" }));
    expect(await screen.findByText(/Only 3 in stock/)).toBeInTheDocument();
    expect(api.called("POST /rewards/7/stock")).toHaveLength(0);

    await user.clear(change);
    await user.type(change, "0");
    await user.click(screen.getByRole("button", { name: "Change the stock" }));
    expect(await screen.findByText(/whole number other than 0/)).toBeInTheDocument();

    // Redeemed meanwhile: the server refuses what the screen allowed.
    await user.clear(change);
    await user.type(change, "-3");
    await user.click(screen.getByRole("button", { name: "Change the stock" }));
    expect(await screen.findByText(/Only 3 in stock/)).toBeInTheDocument();
    expect(api.called("POST /rewards/7/stock")).toHaveLength(1);
  });

  it("withdraws a reward after a confirmation", async () => {
    const api = mockApi({
      "GET /session": session("administrator"),
      "GET /rewards": ok({ rewards: [reward()] }),
      "POST /rewards/7/active": ok({ reward: reward({ active: false }) }),
    });
    renderConsole("/rewards");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Withdraw HKD 50 voucher" }));
    const dialog = screen.getByRole("dialog", { name: "Withdraw HKD 50 voucher" });
    expect(within(dialog).getByText(/Vouchers already issued stay valid/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Withdraw it" }));
    expect(await screen.findByText("HKD 50 voucher is withdrawn.")).toBeInTheDocument();
    expect(api.called("POST /rewards/7/active")[0]?.json).toEqual({ active: false });
    expect(screen.getByText("Withdrawn")).toBeInTheDocument();
  });

  it("is not in the customer service's navigation", async () => {
    mockApi({ "GET /session": session("customerService") });
    renderConsole("/");
    await screen.findAllByRole("link", { name: "Members" });
    expect(screen.queryByRole("link", { name: "Rewards" })).not.toBeInTheDocument();
  });

  it("lets the auditor read the catalogue without any change control", async () => {
    mockApi({ "GET /session": session("auditor"), "GET /rewards": ok({ rewards: [reward()] }) });
    renderConsole("/rewards");
    expect(await screen.findByText("HKD 50 voucher", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Rewards" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Change stock|Withdraw/ })).not.toBeInTheDocument();
  });
});
