import type { OperatorRole } from "@hcoins/domain/api/console";
import { fail, type MockCall, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CSRF, mockApi, renderConsole, session } from "../../lib/test-app.tsx";
import { memberDetail } from "./member-fixtures.ts";
import { caseNotes, memberHistory, phoneHistory, smsLimits } from "./record-fixtures.ts";

const RECORDS = {
  "GET /members/42/sms-limits": ok(smsLimits()),
  "GET /members/42/phone-history": ok(phoneHistory),
  "GET /members/42/case-notes": ok(caseNotes()),
  "GET /members/42/history": ok(memberHistory()),
};

const open = (role: OperatorRole = "customerService", handlers = {}) => {
  const api = mockApi({
    "GET /session": session(role),
    "GET /members/42": ok(memberDetail()),
    ...RECORDS,
    ...handlers,
  });
  renderConsole("/members/42");
  return api;
};

describe("the member's records", () => {
  it("shows the SMS limits in force, earlier numbers, case notes and history", async () => {
    open("auditor");
    // The first find waits for the lazy route and its queries: on a busy machine, past the default 5 s.
    const limits = await screen.findByRole("table", { name: "SMS limits in force" }, { timeout: 15_000 });
    expect(within(limits).getByText("Codes per hour for the number from one address")).toBeInTheDocument();
    expect(within(limits).getByText("3 / 3")).toBeInTheDocument();
    expect(within(limits).getByText("Blocks codes")).toBeInTheDocument();
    expect(within(limits).getAllByText("(shared, not reset)")).toHaveLength(2);
    expect(await screen.findByRole("cell", { name: "+852 61234567" })).toBeInTheDocument();
    expect(await screen.findByText(/missing receipt from Mong Kok/)).toBeInTheDocument();
    expect(await screen.findByRole("cell", { name: "Mobile number changed" })).toBeInTheDocument();
    // The auditor reads and changes nothing.
    expect(screen.queryByRole("button", { name: "Edit member" })).not.toBeInTheDocument();
    expect(screen.queryByLabelText("New note")).not.toBeInTheDocument();
  });

  it("shows the limits again after a reset of the SMS allowance", async () => {
    const api = open("customerService", {
      "GET /members/42/sms-limits": [ok(smsLimits()), ok(smsLimits(false))],
      "POST /members/42/reset-sms-allowance": ok(memberDetail()),
    });
    const user = userEvent.setup();
    await screen.findByText("Blocks codes");
    await user.click(screen.getByRole("button", { name: "Reset SMS allowance" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Reset" }));
    expect(await screen.findByText("0 / 5")).toBeInTheDocument();
    expect(screen.queryByText("Blocks codes")).not.toBeInTheDocument();
    expect(api.called("GET /members/42/sms-limits").length).toBeGreaterThanOrEqual(2);
  });

  it("edits the record with a reason: only what changed is sent, a birth month correction asked for approval on its own", async () => {
    const api = open("customerService", {
      "POST /members/42/edit": ok(memberDetail()),
      "POST /members/42/birth-month": ok({ approval_id: 17 }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Edit member" }));
    const dialog = screen.getByRole("dialog", { name: "Edit member" });
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(within(dialog).getByText("Nothing was changed: edit a field first.")).toBeInTheDocument();
    expect(within(dialog).getByText("Required.")).toBeInTheDocument();

    const email = within(dialog).getByLabelText("Email");
    await user.clear(email);
    await user.type(email, "taiman@");
    await user.type(within(dialog).getByLabelText("Reason (required)"), "Typo at sign-up");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(within(dialog).getByText("Enter an email address like name@example.com.")).toBeInTheDocument();
    expect(api.called("POST /members/42/edit")).toHaveLength(0);

    await user.type(email, "example.org");
    await user.selectOptions(within(dialog).getByLabelText("Birth month"), "2");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    // The birth month correction waits for a second operator: the message says so, with the request.
    expect(
      await screen.findByText(
        "Saved. The birth month correction waits for a second operator's approval (request 17).",
      ),
    ).toBeInTheDocument();
    const [edit] = api.called("POST /members/42/edit") as [MockCall];
    expect(edit.json).toEqual({ email: "taiman@example.org", reason: "Typo at sign-up" });
    expect(edit.headers["x-csrf-token"]).toBe(CSRF);
    expect(api.called("POST /members/42/birth-month")[0]?.json).toEqual({
      birthday_month: 2,
      reason: "Typo at sign-up",
    });
  });

  it("says when the email belongs to another member", async () => {
    open("customerService", { "POST /members/42/edit": fail(409, 40010, "taken") });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Edit member" }));
    const dialog = screen.getByRole("dialog", { name: "Edit member" });
    await user.type(within(dialog).getByLabelText("First name"), " Jr");
    await user.type(within(dialog).getByLabelText("Reason (required)"), "Asked");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(
      await within(dialog).findByText("This email address belongs to another member."),
    ).toBeInTheDocument();
  });

  it("changes the number: registration's rules, a code to the new number, the code read out, the reason", async () => {
    const api = open("customerService", {
      "POST /members/42/mobile-number/code": [
        fail(409, 4267, "taken"),
        ok({ resend_after_seconds: 60, expires_in_seconds: 300 }),
      ],
      "POST /members/42/mobile-number": [fail(400, 4201, "wrong"), ok(memberDetail())],
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Change mobile number" }));
    const dialog = screen.getByRole("dialog", { name: "Change mobile number" });
    const number = within(dialog).getByLabelText("New mobile number");
    await user.type(number, "9123");
    await user.click(within(dialog).getByRole("button", { name: "Send code" }));
    expect(within(dialog).getByText("A Hong Kong or Macau mobile number has 8 digits.")).toBeInTheDocument();
    expect(api.called("POST /members/42/mobile-number/code")).toHaveLength(0);

    await user.type(number, "8888");
    await user.click(within(dialog).getByRole("button", { name: "Send code" }));
    expect(
      await within(dialog).findByText("This mobile number belongs to another member."),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Send code" }));
    expect(await within(dialog).findByText("A code was sent to +852 91238888.")).toBeInTheDocument();
    expect(api.called("POST /members/42/mobile-number/code")[1]?.json).toEqual({
      mobile_phone_prefix: "852",
      mobile_phone: "91238888",
    });

    await user.type(within(dialog).getByLabelText("Code the member reads out"), "123456");
    await user.type(within(dialog).getByLabelText("Reason (required)"), "New SIM");
    await user.click(within(dialog).getByRole("button", { name: "Change number" }));
    expect(await within(dialog).findByText(/The code is wrong or has expired/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Change number" }));
    expect(await screen.findByText(/signed out everywhere/)).toBeInTheDocument();
    expect(api.called("POST /members/42/mobile-number")[1]?.json).toEqual({
      mobile_phone_prefix: "852",
      mobile_phone: "91238888",
      code: "123456",
      reason: "New SIM",
    });
  });

  it("adds a case note", async () => {
    const api = open("customerService", {
      "POST /members/42/case-notes": ok({
        id: 8,
        note: "Promised a call back",
        author: "operator:customerservice@example.com",
        created_at: "2026-11-27T02:00:00Z",
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Add note" }));
    expect(screen.getByText("Required.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("New note"), "Promised a call back");
    await user.click(screen.getByRole("button", { name: "Add note" }));
    await vi.waitFor(() => expect(api.called("POST /members/42/case-notes")).toHaveLength(1));
    expect(api.called("POST /members/42/case-notes")[0]?.json).toEqual({ note: "Promised a call back" });
    expect(api.called("GET /members/42/case-notes").length).toBeGreaterThan(1);
  });
});
