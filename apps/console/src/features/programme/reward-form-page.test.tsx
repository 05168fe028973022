import { fail, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, renderConsole, session } from "../../lib/test-app.tsx";

const TOKEN = "a".repeat(64);
const reward = (fields: Record<string, unknown> = {}) => ({
  id: 7,
  kind: "evoucher",
  coins: 500,
  stock: 3,
  value_amount: "50.00",
  store_codes: ["HF-CW01"],
  title: { en: "HKD 50 voucher", tc: "50 港元禮券", sc: "50 港元礼券" },
  description: { en: "Spend it", tc: "", sc: "" },
  terms: { en: "", tc: "", sc: "" },
  image_url: `/crm/media/${TOKEN}`,
  starts_at: "2026-12-01T02:00:00.000Z",
  ends_at: null,
  per_member_limit: 2,
  low_stock_threshold: 5,
  stock_level: "low",
  voucher_valid_days: 30,
  active: true,
  sort_order: 0,
  ...fields,
});
const stores = ok({
  stores: [
    {
      code: "HF-CW01",
      name: { en: "Causeway Bay", tc: "銅鑼灣", sc: "铜锣湾" },
      partner: false,
      scheme_partner: false,
    },
    { code: "PC-CW02", name: null, partner: true, scheme_partner: true },
  ],
});

describe("the reward form", () => {
  it("adds a reward from the list: checks the contract's rules first, then sends the body and says so", async () => {
    const api = mockApi({
      "GET /session": session("programmeManager"),
      "GET /rewards": ok({ rewards: [] }),
      "GET /stores": stores,
      "POST /rewards": ok({ reward: reward({ id: 12 }) }),
    });
    renderConsole("/rewards");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("link", { name: "Add a reward" }, { timeout: 5000 }));
    expect(await screen.findByRole("heading", { name: "New reward" }, { timeout: 5000 })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Add the reward" }));
    expect(await screen.findByText(/Some fields need correcting/)).toBeInTheDocument();
    expect(screen.getAllByText("Required.").length).toBeGreaterThan(0);
    expect(api.called("POST /rewards")).toHaveLength(0);

    await user.type(screen.getByLabelText("Price in H Coins"), "0");
    await user.click(screen.getByRole("button", { name: "Add the reward" }));
    expect(
      await screen.findByText("Enter a whole number of H Coins from 1 to 10,000,000."),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Price in H Coins"));
    await user.type(screen.getByLabelText("Price in H Coins"), "800");
    await user.type(screen.getByLabelText("First stock (units)"), "40");
    await user.type(screen.getByLabelText("Title (English)"), "HKD 100 voucher");
    await user.type(screen.getByLabelText("Title (Traditional Chinese)"), "100 港元禮券");
    await user.type(screen.getByLabelText("Title (Simplified Chinese)"), "100 港元礼券");
    // The rules that tie fields together speak once the fields themselves are right.
    await user.click(screen.getByRole("button", { name: "Add the reward" }));
    expect(
      await screen.findByText("An e-gift voucher needs its value in HKD, more than 0."),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText("Value (HKD)"), "100");
    await user.click(screen.getByLabelText("HF-CW01 Causeway Bay"));
    await user.type(screen.getByLabelText("Redeemable from (Hong Kong time)"), "2026-12-01T10:00");
    const lowStock = screen.getByLabelText("Low-stock alert at (units)");
    await user.type(lowStock, "0");
    await user.click(screen.getByRole("button", { name: "Add the reward" }));
    expect(
      await screen.findByText(
        "Enter a whole number of units from 1 to 1,000,000, or leave it empty for no alert.",
      ),
    ).toBeInTheDocument();
    await user.clear(lowStock);
    await user.type(lowStock, "4");
    // The member's card follows the form, in the language chosen.
    const preview = screen.getByRole("complementary", { name: "As a member sees it" });
    expect(within(preview).getByText("HKD 100 voucher")).toBeInTheDocument();
    expect(within(preview).getByText("800 H Coins")).toBeInTheDocument();
    await user.selectOptions(within(preview).getByLabelText("Preview in"), "tc");
    expect(within(preview).getByText("100 港元禮券")).toBeInTheDocument();
    expect(within(preview).getByText("價值 HK$100.00")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Add the reward" }));
    expect(await screen.findByText("Reward 12 is added.")).toBeInTheDocument();
    expect(api.called("POST /rewards")[0]?.json).toEqual({
      kind: "evoucher",
      coins: 800,
      value_amount: "100",
      stock: 40,
      store_codes: ["HF-CW01"],
      title: { en: "HKD 100 voucher", tc: "100 港元禮券", sc: "100 港元礼券" },
      description: { en: "", tc: "", sc: "" },
      terms: { en: "", tc: "", sc: "" },
      image_url: null,
      starts_at: "2026-12-01T10:00:00+08:00",
      ends_at: null,
      per_member_limit: null,
      low_stock_threshold: 4,
      voucher_valid_days: 30,
      sort_order: 0,
      active: true,
      segment_id: null,
    });
  });

  it("edits a reward and shows the scheme's refusal under its field", async () => {
    const api = mockApi({
      "GET /session": session("programmeManager"),
      "GET /rewards/7": ok({ reward: reward() }),
      "GET /stores": stores,
      "POST /rewards/7": [
        fail(400, 4000, "invalid", { errors: [{ field: "store_codes", rule: "storeUnknown" }] }),
        ok({ reward: reward({ coins: 600 }) }),
      ],
      "GET /rewards": ok({ rewards: [] }),
    });
    renderConsole("/rewards/7");
    const coins = await screen.findByLabelText("Price in H Coins", {}, { timeout: 5000 });
    expect(coins).toHaveValue("500");
    expect(screen.getByLabelText("Redeemable from (Hong Kong time)")).toHaveValue("2026-12-01T10:00");
    expect(screen.queryByLabelText("First stock (units)")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Low-stock alert at (units)")).toHaveValue("5");
    const preview = screen.getByRole("complementary", { name: "As a member sees it" });
    expect(within(preview).getByRole("img")).toHaveAttribute("src", `/console/api/images/${TOKEN}`);
    expect(screen.getByRole("img", { name: "Picture: the image as stored" })).toHaveAttribute(
      "src",
      `/console/api/images/${TOKEN}`,
    );

    const user = userEvent.setup();
    await user.clear(coins);
    await user.type(coins, "600");
    await user.click(screen.getByRole("button", { name: "Save the reward" }));
    expect(
      await screen.findByText("A chosen store is not registered with the H Coins scheme yet."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save the reward" }));
    expect(await screen.findByText("Reward 7 is saved.")).toBeInTheDocument();
    expect(api.called("POST /rewards/7")[1]?.json).toMatchObject({
      coins: 600,
      store_codes: ["HF-CW01"],
      low_stock_threshold: 5,
    });
    expect(api.called("POST /rewards/7")[1]?.json).not.toHaveProperty("stock");
  });

  it("shows the auditor the reward without a way to change it", async () => {
    mockApi({
      "GET /session": session("auditor"),
      "GET /rewards/7": ok({ reward: reward() }),
      "GET /stores": stores,
    });
    renderConsole("/rewards/7");
    expect(await screen.findByLabelText("Price in H Coins", {}, { timeout: 5000 })).toBeDisabled();
    expect(screen.getByText("You can read this reward; your role cannot change it.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Save the reward" })).not.toBeInTheDocument();
  });
});
