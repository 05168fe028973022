import { fail, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, renderConsole, session } from "../../lib/test-app.tsx";

const settings = {
  settings: {
    active: true,
    referrer_reward_id: 7,
    referred_reward_id: 8,
    min_net_amount: "100.00",
    cap_per_referrer: 5,
  },
  updated_by: "amy@example.com",
  updated_at: "2026-11-27T02:30:00.000Z",
};

const referrals = {
  referrals: [
    {
      id: 2,
      referrer_memberno: "HC0000000001",
      referred_memberno: "HC0000000003",
      state: "refused",
      refused_reason: "same_device",
      recorded_at: "2026-11-27T02:30:00.000Z",
      decided_at: "2026-11-28T02:30:00.000Z",
      referrer_voucher_code: null,
      referred_voucher_code: null,
    },
    {
      id: 1,
      referrer_memberno: "HC0000000001",
      referred_memberno: "HC0000000002",
      state: "rewarded",
      refused_reason: null,
      recorded_at: "2026-11-20T02:30:00.000Z",
      decided_at: "2026-11-21T02:30:00.000Z",
      referrer_voucher_code: "ABCD",
      referred_voucher_code: "EFGH",
    },
  ],
  has_more: false,
};

describe("the referrals screen", () => {
  it("lets the programme manager change what a referral earns", async () => {
    const api = mockApi({
      "GET /session": session("programmeManager"),
      "GET /referral-settings": ok(settings),
      "GET /referrals": ok(referrals),
      "POST /referral-settings": ok({
        ...settings,
        settings: { ...settings.settings, cap_per_referrer: null },
      }),
    });
    renderConsole("/referrals");
    expect(
      await screen.findByText(/The referrer gets reward 7, the new member reward 8/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    const cap = screen.getByLabelText(/Rewarded referrals per referrer at most/);
    await user.clear(cap);
    await user.click(screen.getByRole("button", { name: "Save the settings" }));
    expect(await screen.findByText("The referral settings are saved.")).toBeInTheDocument();
    expect(api.called("POST /referral-settings")[0]?.json).toEqual({
      active: true,
      referrer_reward_id: 7,
      referred_reward_id: 8,
      min_net_amount: "100.00",
      cap_per_referrer: null,
    });
  });

  it("says which reward the catalogue lacks, and refuses a bad amount before asking", async () => {
    const api = mockApi({
      "GET /session": session("programmeManager"),
      "GET /referral-settings": ok({ settings: null, updated_by: null, updated_at: null }),
      "GET /referrals": ok({ referrals: [], has_more: false }),
      "POST /referral-settings": fail(400, 4000, "Check the fields", {
        errors: [{ field: "referred_reward_id", rule: "rewardUnknown" }],
      }),
    });
    renderConsole("/referrals");
    expect(await screen.findByText(/Not set/, {}, { timeout: 5000 })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Reward for the referrer/), "7");
    await user.type(screen.getByLabelText(/Reward for the new member/), "99");
    await user.type(screen.getByLabelText(/Least first purchase/), "abc");
    await user.click(screen.getByRole("button", { name: "Save the settings" }));
    expect(await screen.findByText("Enter an amount in HKD, at most two decimals.")).toBeInTheDocument();
    expect(api.called("POST /referral-settings")).toHaveLength(0);
    await user.clear(screen.getByLabelText(/Least first purchase/));
    await user.type(screen.getByLabelText(/Least first purchase/), "100");
    await user.click(screen.getByRole("button", { name: "Save the settings" }));
    expect(await screen.findByText("The catalogue has no reward with this id.")).toBeInTheDocument();
  });

  it("shows customer service the referrals only, with their states and reasons", async () => {
    mockApi({
      "GET /session": session("customerService"),
      "GET /referrals": ok(referrals),
    });
    renderConsole("/referrals");
    const row = (await screen.findByText("HC0000000003", {}, { timeout: 5000 })).closest("tr") as HTMLElement;
    expect(within(row).getByText("Refused")).toBeInTheDocument();
    expect(within(row).getByText("Same device as an earlier referral")).toBeInTheDocument();
    expect(screen.queryByText("What a referral earns")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Referrals" })).toBeInTheDocument();
  });
});
