import type { OperatorRole } from "@hcoins/domain/api/console";
import { type MockCall, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CSRF, mockApi, renderConsole, session } from "../../lib/test-app.tsx";
import { memberLedger } from "./ledger-fixtures.ts";
import { memberDetail } from "./member-fixtures.ts";

const open = (role: OperatorRole = "customerService", handlers = {}) => {
  const api = mockApi({
    "GET /session": session(role),
    "GET /members/42": ok(memberDetail()),
    "GET /members/42/ledger": ok(memberLedger()),
    ...handlers,
  });
  renderConsole("/members/42");
  return api;
};

const actionButtons = async () =>
  within(await screen.findByRole("group", { name: "Actions" }))
    .getAllByRole("button")
    .map((button) => button.textContent);

describe("a member's page", () => {
  it("shows the profile, the login lock, the SMS (never a code), sessions, consents and coins", async () => {
    open();
    expect(await screen.findByRole("heading", { name: /Chan Tai Man/ })).toBeInTheDocument();
    expect(screen.getByText("M0000042")).toBeInTheDocument();
    // Region and district by name, not by their codes.
    expect(screen.getByText("Kowloon / Yau Tsim Mong")).toBeInTheDocument();
    expect(screen.getByText("1200 seconds")).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "resetPassword" })).toBeInTheDocument();
    expect(screen.getByText("1,250")).toBeInTheDocument();
    expect(await screen.findByRole("cell", { name: "HF-MK01 · Mong Kok store" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "••••2ZRA" })).toBeInTheDocument();
  });

  it("offers customer service the actions that apply to the member", async () => {
    open();
    expect(await actionButtons()).toEqual([
      "Unlock login",
      "Reset SMS allowance",
      "Revoke sessions",
      "Disable member",
    ]);
    expect(await screen.findByRole("button", { name: "Adjust coins" })).toBeInTheDocument();
  });

  it("offers the auditor no action", async () => {
    open("auditor");
    await screen.findByRole("heading", { name: /Chan Tai Man/ });
    expect(screen.queryByRole("group", { name: "Actions" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Adjust coins" })).not.toBeInTheDocument();
  });

  it("offers the programme manager the adjustment only", async () => {
    open("programmeManager");
    expect(await screen.findByRole("button", { name: "Adjust coins" })).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Actions" })).not.toBeInTheDocument();
  });

  it("unlocks after a confirmation, with the CSRF token, and shows the refreshed page", async () => {
    const api = open("customerService", {
      "POST /members/42/unlock": ok(
        memberDetail({ login: { locked: false, failures: 0, retry_after_seconds: null } }),
      ),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Unlock login" }));
    const dialog = screen.getByRole("dialog", { name: "Unlock the login" });
    expect(api.called("POST /members/42/unlock")).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Unlock" }));
    expect(await screen.findByText("The login is unlocked.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    const [unlock] = api.called("POST /members/42/unlock") as [MockCall];
    expect(unlock.headers["x-csrf-token"]).toBe(CSRF);
    expect(unlock.json).toEqual({});
    // The page as the answer has it: no longer locked, so no unlock to offer.
    expect(screen.queryByRole("button", { name: "Unlock login" })).not.toBeInTheDocument();
  });

  it.each([
    ["Reset SMS allowance", "Reset", "/members/42/reset-sms-allowance"],
    ["Revoke sessions", "Revoke sessions", "/members/42/revoke-sessions"],
  ])("%s: confirmed, an optional reason sent, the CSRF token with it", async (button, confirm, path) => {
    const api = open("customerService", { [`POST ${path}`]: ok(memberDetail()) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: button }));
    const dialog = screen.getByRole("dialog");
    await user.type(within(dialog).getByLabelText("Reason (optional)"), "Member called");
    await user.click(within(dialog).getByRole("button", { name: confirm }));
    await screen.findByRole("status");
    const [call] = api.called(`POST ${path}`) as [MockCall];
    expect(call.json).toEqual({ reason: "Member called" });
    expect(call.headers["x-csrf-token"]).toBe(CSRF);
  });

  it("disables only with a reason, then offers enabling", async () => {
    const disabled = memberDetail();
    disabled.member.status = "disabled";
    const api = open("customerService", { "POST /members/42/disable": ok(disabled) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Disable member" }));
    const dialog = screen.getByRole("dialog", { name: "Disable the member" });
    await user.click(within(dialog).getByRole("button", { name: "Disable" }));
    expect(within(dialog).getByText("Required.")).toBeInTheDocument();
    expect(api.called("POST /members/42/disable")).toHaveLength(0);

    await user.type(within(dialog).getByLabelText("Reason (required)"), "Fraud report 1234");
    await user.click(within(dialog).getByRole("button", { name: "Disable" }));
    expect(await screen.findByText("The member is disabled.")).toBeInTheDocument();
    expect(api.called("POST /members/42/disable")[0]?.json).toEqual({ reason: "Fraud report 1234" });
    expect(screen.getByRole("button", { name: "Enable member" })).toBeInTheDocument();
  });

  it("cancelling sends nothing", async () => {
    const api = open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Disable member" }));
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === "POST")).toHaveLength(0);
  });
});
