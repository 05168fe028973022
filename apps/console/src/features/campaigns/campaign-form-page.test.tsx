import { ErrorCode } from "@hcoins/domain/codes";
import { fail, ok } from "@hcoins/web-kit/testing/mock-api";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "../../lib/axe.ts";
import { mockApi, renderConsole, session } from "../../lib/test-app.tsx";
import { campaign } from "./campaign-test-data.ts";

const STORES = ok({
  stores: [
    {
      code: "HF-CW01",
      name: { en: "Causeway Bay", tc: "銅鑼灣", sc: "铜锣湾" },
      partner: false,
      scheme_partner: false,
    },
  ],
});

const tier = (id: number, code: string, en: string) => ({
  id,
  code,
  name: { en, tc: en, sc: en },
  benefits: { en: "", tc: "", sc: "" },
  qualifying_amount: `${id * 1000}.00`,
  multiplier: "1.5",
  reward_id: null,
});
const TIERS = ok({
  window: "rolling_12_months",
  review_rule: "anniversary",
  review_date: null,
  tiers: [tier(1, "green", "Green"), tier(2, "silver", "Silver"), tier(3, "gold", "Gold")],
  updated_by: null,
  updated_at: null,
});
const BRANDS = ok({
  brands: [
    {
      id: 1,
      code: "harbour-fresh",
      name: { en: "Harbour Fresh", tc: "海港鮮", sc: "海港鲜" },
      logo_media_token: null,
      sort_order: 0,
      store_count: 2,
    },
  ],
});

const DRY_RUN = ok({
  dry_run: {
    days: 30,
    from: "2026-10-29T00:00:00+08:00",
    to: "2026-11-28T00:00:00+08:00",
    purchases_scanned: 4_210,
    purchases_matched: 1_302,
    members: 877,
    coins: 61_840,
    coins_within_budget: 58_000,
    elapsed_ms: 412,
  },
});

const WEEKEND = {
  name: { en: "Weekend double", tc: "週末雙倍", sc: "周末双倍" },
  conditions: [{ fact: "weekday", in: [6, 7] }],
  action: { type: "multiplier", multiplier: "2" },
  stacks: false,
  starts_at: "2026-12-05T00:00:00+08:00",
  ends_at: "2027-01-01T00:00:00+08:00",
  budget_coins: 500000,
  per_member_cap: 2000,
  programme_rule: null,
};

describe("the campaign editor", () => {
  it("writes a weekend campaign, dry-runs the unsaved form, saves it as a draft and asks for its activation", async () => {
    const api = mockApi({
      "GET /session": session("programmeManager"),
      "GET /stores": STORES,
      "POST /campaigns/dry-run": DRY_RUN,
      "POST /campaigns": ok({ campaign: campaign() }),
      "GET /campaigns/9": ok({ campaign: campaign() }),
      "GET /campaigns": ok({ campaigns: [campaign()] }),
      "POST /campaigns/9/request-activation": ok({ approval_id: 31 }),
    });
    renderConsole("/campaigns/new");
    const user = userEvent.setup();
    const save = await screen.findByRole("button", { name: "Save as draft" }, { timeout: 5000 });

    // Nothing is sent while the form breaks the contract's rules; each rule shows under its field.
    await user.click(save);
    expect(screen.getByText("Please check the highlighted fields.")).toBeInTheDocument();
    expect(screen.getByLabelText("Name (English)")).toHaveAccessibleDescription("Required.");
    expect(screen.getByLabelText("Starts (Hong Kong time)")).toHaveAccessibleDescription("Required.");
    expect(api.called("POST /campaigns")).toHaveLength(0);

    await user.type(screen.getByLabelText("Name (English)"), "Weekend double");
    await user.type(screen.getByLabelText("Name (Traditional Chinese)"), "週末雙倍");
    await user.type(screen.getByLabelText("Name (Simplified Chinese)"), "周末双倍");
    await user.selectOptions(screen.getByLabelText("Condition to add"), "Weekday");
    await user.click(screen.getByRole("button", { name: "Add condition" }));
    const weekday = screen.getByRole("region", { name: "Weekday" });
    await user.click(within(weekday).getByLabelText("Saturday"));
    await user.click(within(weekday).getByLabelText("Sunday"));
    await user.type(screen.getByLabelText("Total budget (coins)"), "500000");
    await user.type(screen.getByLabelText("Cap per member (coins)"), "2000");
    fireEvent.change(screen.getByLabelText("Starts (Hong Kong time)"), {
      target: { value: "2026-12-05T00:00" },
    });
    fireEvent.change(screen.getByLabelText("Ends (Hong Kong time, not included)"), {
      target: { value: "2026-11-01T00:00" },
    });
    await user.click(save);
    expect(screen.getByLabelText("Ends (Hong Kong time, not included)")).toHaveAccessibleDescription(
      "The end must be after the start.",
    );
    fireEvent.change(screen.getByLabelText("Ends (Hong Kong time, not included)"), {
      target: { value: "2027-01-01T00:00" },
    });
    expect(screen.getByRole("switch", { name: "Stacks with other campaigns" })).not.toBeChecked();
    expect(await seriousViolations()).toEqual([]);

    // The dry run reads the form as it stands, before it is saved.
    const dryRun = screen.getByRole("region", { name: "Dry run" });
    await user.clear(within(dryRun).getByLabelText("Days of purchases (1 to 90)"));
    await user.type(within(dryRun).getByLabelText("Days of purchases (1 to 90)"), "91");
    await user.click(within(dryRun).getByRole("button", { name: "Run" }));
    expect(within(dryRun).getByText("Enter a number of days from 1 to 90.")).toBeInTheDocument();
    await user.clear(within(dryRun).getByLabelText("Days of purchases (1 to 90)"));
    await user.type(within(dryRun).getByLabelText("Days of purchases (1 to 90)"), "30");
    await user.click(within(dryRun).getByRole("button", { name: "Run" }));
    expect(await within(dryRun).findByText("1,302 of 4,210")).toBeInTheDocument();
    expect(within(dryRun).getByText("877")).toBeInTheDocument();
    expect(within(dryRun).getByText("61,840")).toBeInTheDocument();
    expect(within(dryRun).getByText("58,000")).toBeInTheDocument();
    expect(api.called("POST /campaigns/dry-run")[0]?.json).toEqual({ campaign: WEEKEND, days: 30 });

    await user.click(save);
    expect(await screen.findByText("Campaign saved.")).toBeInTheDocument();
    expect(api.called("POST /campaigns")[0]?.json).toEqual(WEEKEND);
    expect(screen.getByRole("heading", { level: 1, name: "Weekend double" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Request activation" }));
    const dialog = screen.getByRole("dialog", { name: "Request activation of Weekend double" });
    await user.click(within(dialog).getByRole("button", { name: "Send request" }));
    expect(within(dialog).getByLabelText("Note for the approver")).toHaveAccessibleDescription("Required.");
    await user.type(
      within(dialog).getByLabelText("Note for the approver"),
      "Christmas weekends, budget agreed",
    );
    await user.click(within(dialog).getByRole("button", { name: "Send request" }));
    expect(
      await screen.findByText(/Activation requested: it waits for a second operator/),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open Approvals" })).toHaveAttribute(
      "href",
      "/console/approvals",
    );
    expect(api.called("POST /campaigns/9/request-activation")[0]?.json).toEqual({
      note: "Christmas weekends, budget agreed",
      dry_run_days: 30,
    });
  });

  it("writes a campaign that gives a reward, with no budget or cap of its own", async () => {
    const api = mockApi({
      "GET /session": session("programmeManager"),
      "GET /stores": STORES,
      "GET /rewards": ok({
        rewards: [
          {
            id: 7,
            kind: "product",
            coins: 100,
            stock: 30,
            value_amount: null,
            title: { en: "Free coffee", tc: "免費咖啡", sc: "免费咖啡" },
            image_url: null,
            starts_at: null,
            ends_at: null,
            active: true,
            sort_order: 0,
            low_stock_threshold: null,
            stock_level: "in_stock",
          },
        ],
      }),
      "POST /campaigns": ok({ campaign: campaign() }),
      "GET /campaigns/9": ok({ campaign: campaign() }),
      "GET /campaigns": ok({ campaigns: [campaign()] }),
    });
    renderConsole("/campaigns/new");
    const user = userEvent.setup();
    const save = await screen.findByRole("button", { name: "Save as draft" }, { timeout: 5000 });
    await user.type(screen.getByLabelText("Name (English)"), "Coffee on us");
    await user.type(screen.getByLabelText("Name (Traditional Chinese)"), "請你飲咖啡");
    await user.type(screen.getByLabelText("Name (Simplified Chinese)"), "请你喝咖啡");
    fireEvent.change(screen.getByLabelText("Starts (Hong Kong time)"), {
      target: { value: "2026-12-01T00:00" },
    });
    fireEvent.change(screen.getByLabelText("Ends (Hong Kong time, not included)"), {
      target: { value: "2026-12-31T00:00" },
    });
    await user.click(screen.getByLabelText("Give a reward (a voucher per purchase)"));
    expect(screen.queryByLabelText(/^Budget/)).toBeNull();
    await user.click(save);
    expect(screen.getByLabelText("Reward")).toHaveAccessibleDescription(/This value is not valid\.$/);
    await user.selectOptions(
      screen.getByLabelText("Reward"),
      await screen.findByRole("option", { name: "Free coffee (#7)" }),
    );
    await user.click(save);
    await waitFor(() => expect(api.called("POST /campaigns")).toHaveLength(1));
    expect(api.called("POST /campaigns")[0]?.json).toMatchObject({
      action: { type: "reward", reward_id: 7 },
      budget_coins: null,
      per_member_cap: null,
    });
  });

  it("gives each fact its own inputs and shows each input's rule under it", async () => {
    const api = mockApi({
      "GET /session": session("programmeManager"),
      "GET /stores": STORES,
      "GET /tiers": TIERS,
      "GET /brands": BRANDS,
      "POST /campaigns/dry-run": DRY_RUN,
    });
    renderConsole("/campaigns/new");
    const user = userEvent.setup();
    await screen.findByRole("button", { name: "Save as draft" }, { timeout: 5000 });
    for (const fact of ["Time of day", "Amount spent", "Tier", "Brand", "Electronic payment", "Store"]) {
      await user.selectOptions(screen.getByLabelText("Condition to add"), fact);
      await user.click(screen.getByRole("button", { name: "Add condition" }));
    }
    // A fact is offered once.
    expect(
      within(screen.getByLabelText("Condition to add")).queryByRole("option", { name: "Tier" }),
    ).toBeNull();
    await user.type(screen.getByLabelText("Name (English)"), "Evening");
    await user.type(screen.getByLabelText("Name (Traditional Chinese)"), "晚市");
    await user.type(screen.getByLabelText("Name (Simplified Chinese)"), "晚市");
    fireEvent.change(screen.getByLabelText("Starts (Hong Kong time)"), {
      target: { value: "2026-12-01T00:00" },
    });
    fireEvent.change(screen.getByLabelText("Ends (Hong Kong time, not included)"), {
      target: { value: "2026-12-31T00:00" },
    });
    await user.click(screen.getByLabelText("A fixed bonus per purchase"));
    await user.type(screen.getByLabelText("Below (HKD)"), "12.345");
    const dryRun = screen.getByRole("region", { name: "Dry run" });
    await user.click(within(dryRun).getByRole("button", { name: "Run" }));
    expect(within(dryRun).getByText("Correct the campaign's highlighted fields first.")).toBeInTheDocument();
    expect(screen.getByLabelText("From (Hong Kong time)")).toHaveAccessibleDescription(
      "Enter a time, e.g. 18:00.",
    );
    expect(screen.getByLabelText("Below (HKD)")).toHaveAccessibleDescription(
      "The net amount; fill one or both, e.g. 500 or 88.80. Enter an amount in HKD, e.g. 500 or 88.80.",
    );
    expect(screen.getByLabelText("Bonus coins per purchase")).toHaveAccessibleDescription(
      "This value is not valid.",
    );
    expect(screen.getByText("Choose at least one store.")).toBeInTheDocument();
    expect(screen.getByText("Choose at least one tier.")).toBeInTheDocument();
    expect(screen.getByText("Choose at least one brand.")).toBeInTheDocument();
    expect(api.called("POST /campaigns/dry-run")).toHaveLength(0);

    fireEvent.change(screen.getByLabelText("From (Hong Kong time)"), { target: { value: "18:00" } });
    fireEvent.change(screen.getByLabelText("Until (Hong Kong time)"), { target: { value: "02:00" } });
    await user.clear(screen.getByLabelText("Below (HKD)"));
    await user.type(screen.getByLabelText("At least (HKD)"), "300");
    await user.click(screen.getByLabelText("Silver"));
    await user.click(screen.getByLabelText("Gold"));
    await user.click(screen.getByLabelText("Harbour Fresh"));
    await user.click(screen.getByRole("radio", { name: "No" }));
    await user.click(screen.getByLabelText("HF-CW01 Causeway Bay"));
    await user.type(screen.getByLabelText("Bonus coins per purchase"), "50");
    await user.click(within(dryRun).getByRole("button", { name: "Run" }));
    expect(await within(dryRun).findByText("1,302 of 4,210")).toBeInTheDocument();
    expect(api.called("POST /campaigns/dry-run")[0]?.json).toMatchObject({
      campaign: {
        conditions: [
          { fact: "time_of_day", from: "18:00", to: "02:00" },
          { fact: "net_amount", at_least: "300" },
          { fact: "tier", in: [2, 3] },
          { fact: "brand", in: ["harbour-fresh"] },
          { fact: "electronic_payment", is: false },
          { fact: "store", in: ["HF-CW01"] },
        ],
        action: { type: "bonus", coins: 50 },
      },
    });
    expect(await seriousViolations()).toEqual([]);
  });

  it("reads an active campaign without editing it, pauses it after asking, and shows a refusal in words", async () => {
    const active = campaign({
      status: "active",
      activated_by: "operator:pm@example.com",
      approved_by: "operator:cs@example.com",
    });
    const api = mockApi({
      "GET /session": session("programmeManager"),
      "GET /stores": STORES,
      "GET /campaigns/9": ok({ campaign: active }),
      "GET /campaigns": ok({ campaigns: [active] }),
      "POST /campaigns/9/pause": ok({ campaign: campaign({ status: "paused" }) }),
      "POST /campaigns/9/end": fail(409, ErrorCode.campaignNotEditable, "not editable"),
    });
    renderConsole("/campaigns/9");
    expect(await screen.findByLabelText("Name (English)", {}, { timeout: 5000 })).toBeDisabled();
    expect(screen.getByText("Only a draft or paused campaign can be edited.")).toBeInTheDocument();
    expect(
      screen.getByText("operator:pm@example.com, approved by operator:cs@example.com"),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Save campaign" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Request activation" })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "End campaign" }));
    const end = screen.getByRole("dialog", { name: "End Weekend double?" });
    await user.click(within(end).getByRole("button", { name: "End campaign" }));
    expect(
      await within(end).findByText(
        /This campaign cannot be changed now: only a draft or paused campaign is edited/,
      ),
    ).toBeInTheDocument();
    await user.click(within(end).getByRole("button", { name: "Cancel" }));

    await user.click(screen.getByRole("button", { name: "Pause" }));
    const pause = screen.getByRole("dialog", { name: "Pause Weekend double?" });
    expect(await seriousViolations()).toEqual([]);
    await user.click(within(pause).getByRole("button", { name: "Pause" }));
    expect(await screen.findByText("Campaign Weekend double paused.")).toBeInTheDocument();
    expect(api.called("POST /campaigns/9/pause")).toHaveLength(1);
  });

  it("shows the auditor a campaign read only, with no dry run or actions", async () => {
    mockApi({
      "GET /session": session("auditor"),
      "GET /stores": STORES,
      "GET /campaigns/9": ok({ campaign: campaign() }),
    });
    renderConsole("/campaigns/9");
    expect(await screen.findByLabelText("Name (English)", {}, { timeout: 5000 })).toBeDisabled();
    expect(screen.queryByRole("region", { name: "Dry run" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Request activation" })).not.toBeInTheDocument();
  });

  it("edits a paused programme rule's multiplier only, and saves it as the rule it is", async () => {
    const birthday = campaign({
      name: { en: "Birthday month", tc: "生日月份", sc: "生日月" },
      conditions: [{ fact: "birthday_month", is: true }],
      stacks: true,
      starts_at: "2000-01-01T00:00:00+08:00",
      ends_at: "2100-01-01T00:00:00+08:00",
      budget_coins: null,
      per_member_cap: null,
      programme_rule: "birthday",
      status: "paused",
    });
    const api = mockApi({
      "GET /session": session("programmeManager"),
      "GET /stores": STORES,
      "GET /campaigns/9": ok({ campaign: birthday }),
      "POST /campaigns/9": ok({ campaign: { ...birthday, action: { type: "multiplier", multiplier: "3" } } }),
    });
    renderConsole("/campaigns/9");
    const multiplier = await screen.findByLabelText("Multiplier", {}, { timeout: 5000 });
    expect(screen.getByText("Programme rule")).toBeInTheDocument();
    expect(
      screen.getByText(
        "A programme rule always stacks: it applies besides whatever other campaigns give, and has no budget or cap.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("radio", { name: "A fixed bonus per purchase" })).not.toBeInTheDocument();
    expect(screen.queryByRole("switch", { name: "Stacks with other campaigns" })).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Total budget (coins)")).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.clear(multiplier);
    await user.type(multiplier, "3");
    await user.click(screen.getByRole("button", { name: "Save campaign" }));
    expect(await screen.findByText("Campaign saved.")).toBeInTheDocument();
    expect(api.called("POST /campaigns/9")[0]?.json).toMatchObject({
      action: { type: "multiplier", multiplier: "3" },
      stacks: true,
      budget_coins: null,
      per_member_cap: null,
      programme_rule: "birthday",
    });
  });

  it("shows the electronic extra's action in words, with nothing to set", async () => {
    mockApi({
      "GET /session": session("programmeManager"),
      "GET /stores": STORES,
      "GET /campaigns/9": ok({
        campaign: campaign({
          name: {
            en: "Electronic payment at a partner store",
            tc: "於合作商場店舖以電子支付",
            sc: "在合作商场门店使用电子支付",
          },
          conditions: [{ fact: "partner_store", is: true }],
          action: { type: "electronic_extra" },
          stacks: true,
          budget_coins: null,
          per_member_cap: null,
          programme_rule: "electronic",
          status: "active",
        }),
      }),
    });
    renderConsole("/campaigns/9");
    expect(
      await screen.findByText(
        "1 extra H Coin per whole HKD paid electronically, added to the base coins before any multiplier.",
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText("Multiplier")).not.toBeInTheDocument();
  });
});
