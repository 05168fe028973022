import type { OperatorRole } from "@hcoins/domain/api/console";
import { fail, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "../../lib/axe.ts";
import { mockApi, renderConsole, session } from "../../lib/test-app.tsx";
import { memberLedger } from "./ledger-fixtures.ts";
import { memberDetail } from "./member-fixtures.ts";

const REWARD = {
  id: 5,
  title: { en: "HKD 50 voucher", tc: "50 港元禮券", sc: "50 港元礼券" },
  coins: 500,
  stock: 3,
  per_member_limit: null,
};

const open = (role: OperatorRole, handlers = {}) => {
  const api = mockApi({
    "GET /session": session(role),
    "GET /members/42": ok(memberDetail()),
    "GET /members/42/ledger": ok(memberLedger()),
    "GET /goodwill-rewards": ok({ rewards: [REWARD] }),
    ...handlers,
  });
  renderConsole("/members/42");
  return api;
};

const toolButtons = async () =>
  within(await screen.findByRole("group", { name: "Voucher codes and goodwill" }, { timeout: 5000 }))
    .getAllByRole("button")
    .map((button) => button.textContent);

describe("the member page's voucher tools", () => {
  it("shows codes masked; customer service reveals one with a reason, shown once", async () => {
    const api = open("customerService", {
      "POST /members/42/vouchers/31/reveal": ok({ code: "7K2M-Q9XW-4HTP-2ZRA", code_last_four: "2ZRA" }),
    });
    const user = userEvent.setup();
    expect(await toolButtons()).toEqual(["Reveal a code", "Give a goodwill voucher"]);
    expect(screen.getByRole("cell", { name: "••••2ZRA" })).toBeInTheDocument();
    expect(screen.queryByText(/7K2M/)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Reveal a code" }));
    const dialog = await screen.findByRole("dialog", { name: "Reveal a voucher code?" });
    await user.click(within(dialog).getByRole("button", { name: "Reveal code" }));
    expect(await within(dialog).findByText("Required.")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Reason"), "member on the phone");
    await user.click(within(dialog).getByRole("button", { name: "Reveal code" }));
    expect(await within(dialog).findByText("7K2M-Q9XW-4HTP-2ZRA")).toBeInTheDocument();
    expect(api.called("POST /members/42/vouchers/31/reveal")[0]?.json).toEqual({
      reason: "member on the phone",
    });
    expect(await seriousViolations()).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Done" }));
    expect(screen.queryByText("7K2M-Q9XW-4HTP-2ZRA")).toBeNull();
  });

  it("gives a goodwill voucher with a note and one key per dialog, and says why the scheme refused", async () => {
    const api = open("programmeManager", {
      "POST /members/42/goodwill-vouchers": fail(400, 4000, "invalid", {
        errors: [{ field: "reward_id", rule: "rewardLimitReached" }],
      }),
    });
    const user = userEvent.setup();
    // Programme managers give goodwill but do not reveal codes.
    expect(await toolButtons()).toEqual(["Give a goodwill voucher"]);
    await user.click(screen.getByRole("button", { name: "Give a goodwill voucher" }));
    const dialog = await screen.findByRole("dialog", { name: "Give a goodwill voucher?" });
    expect(
      await within(dialog).findByRole("option", { name: "HKD 50 voucher – 500 coins, 3 left" }),
    ).toBeVisible();
    await user.type(within(dialog).getByLabelText(/Internal note/), "parcel lost");
    await user.click(within(dialog).getByRole("button", { name: "Give voucher" }));
    expect(
      await within(dialog).findByText("The member already holds as many of this reward as one member may."),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Give voucher" }));
    const [first, second] = api.called("POST /members/42/goodwill-vouchers").map((call) => call.json);
    expect(first).toEqual({ reward_id: 5, note: "parcel lost", idempotency_key: expect.any(String) });
    expect(second).toEqual(first);
    expect(await seriousViolations()).toEqual([]);
  });

  it("says when the goodwill voucher waits for approval, and when it was given", async () => {
    open("customerService", {
      "POST /members/42/goodwill-vouchers": ok({ status: "pending", approval_id: 12 }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Give a goodwill voucher" }));
    const dialog = await screen.findByRole("dialog", { name: "Give a goodwill voucher?" });
    await within(dialog).findByRole("option", { name: "HKD 50 voucher – 500 coins, 3 left" });
    await user.type(within(dialog).getByLabelText(/Internal note/), "complaint 77");
    await user.click(within(dialog).getByRole("button", { name: "Give voucher" }));
    expect(
      await screen.findByText(
        "Sent for approval (request 12): the reward is worth more coins than you may give without a second operator.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("offers nothing to the auditor", async () => {
    open("auditor");
    expect(await screen.findByRole("cell", { name: "••••2ZRA" }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Voucher codes and goodwill" })).toBeNull();
  });
});
