import type { OperatorRole } from "@hcoins/domain/api/console";
import { fail, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { seriousViolations } from "../../lib/axe.ts";
import { mockApi, renderConsole, session } from "../../lib/test-app.tsx";
import { memberDetail } from "./member-fixtures.ts";

const open = (role: OperatorRole, handlers = {}) => {
  const api = mockApi({
    "GET /session": session(role),
    "GET /members/42": ok(memberDetail()),
    ...handlers,
  });
  return { api, ...renderConsole("/members/42") };
};

const caseButtons = async () =>
  within(
    await screen.findByRole("group", { name: "Number, vouchers and data protection" }, { timeout: 5000 }),
  )
    .getAllByRole("button")
    .map((button) => button.textContent);

describe("the member page's number, voucher and data-protection actions", () => {
  it("offers each role only what its permissions allow", async () => {
    open("customerService");
    expect(await caseButtons()).toEqual(["Block number", "Cancel a voucher"]);
  });

  it("blocks the number with a required reason", async () => {
    const { api } = open("customerService", {
      "POST /members/42/block-number": ok(memberDetail({ blocked: { blocked: true, reason: "fraud" } })),
    });
    const user = userEvent.setup();
    await caseButtons();
    await user.click(screen.getByRole("button", { name: "Block number" }));
    const dialog = await screen.findByRole("dialog", { name: "Block this number?" });
    await user.click(within(dialog).getByRole("button", { name: "Block number" }));
    expect(within(dialog).getByText("Required.")).toBeInTheDocument();
    expect(api.called("POST /members/42/block-number")).toHaveLength(0);
    await user.type(within(dialog).getByLabelText("Reason (required)"), "fraud");
    await user.click(within(dialog).getByRole("button", { name: "Block number" }));
    expect(await screen.findByText("Number blocked.")).toBeInTheDocument();
    expect(api.called("POST /members/42/block-number")[0]?.json).toEqual({ reason: "fraud" });
    expect(await caseButtons()).toEqual(["Unblock number", "Cancel a voucher"]);
  });

  it("cancels a voucher, and says why the scheme refused", async () => {
    const { api } = open("customerService", {
      "POST /members/42/vouchers/31/cancel": fail(400, 4000, "invalid", {
        errors: [{ field: "voucherId", rule: "voucherNotCancellable" }],
      }),
    });
    const user = userEvent.setup();
    await caseButtons();
    await user.click(screen.getByRole("button", { name: "Cancel a voucher" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel a voucher?" });
    expect(within(dialog).getByLabelText("Voucher")).toHaveValue("31");
    await user.type(within(dialog).getByLabelText("Reason (required)"), "member asked");
    await user.click(within(dialog).getByRole("button", { name: "Cancel voucher" }));
    expect(
      await within(dialog).findByText("This voucher was used, has expired or is cancelled already."),
    ).toBeInTheDocument();
    const first = api.called("POST /members/42/vouchers/31/cancel")[0]?.json as Record<string, string>;
    expect(first).toEqual({ reason: "member asked", idempotency_key: expect.any(String) });
    // A retry from the same dialog sends the same key: the server applies it once.
    await user.click(within(dialog).getByRole("button", { name: "Cancel voucher" }));
    await waitFor(() => expect(api.called("POST /members/42/vouchers/31/cancel")).toHaveLength(2));
    expect(api.called("POST /members/42/vouchers/31/cancel")[1]?.json).toEqual(first);
  });

  it("erases only when the number typed is the member's, then goes back to the search", async () => {
    const { api, router } = open("administrator", { "POST /members/42/erase": ok({}) });
    const user = userEvent.setup();
    expect(await caseButtons()).toEqual(["Block number", "Cancel a voucher", "Export data", "Erase member"]);
    await user.click(screen.getByRole("button", { name: "Erase member" }));
    const dialog = await screen.findByRole("dialog", { name: "Erase this member?" });
    await user.type(within(dialog).getByLabelText("Mobile number"), "91234568");
    await user.click(within(dialog).getByRole("button", { name: "Erase for good" }));
    expect(within(dialog).getByText("Type the member's mobile number exactly as shown.")).toBeInTheDocument();
    expect(api.called("POST /members/42/erase")).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText("Mobile number"));
    await user.type(within(dialog).getByLabelText("Mobile number"), "91234567");
    await user.click(within(dialog).getByRole("button", { name: "Erase for good" }));
    // The reason is required: the audit entry keeps it with the member number.
    expect(within(dialog).getByText("Required.")).toBeInTheDocument();
    expect(api.called("POST /members/42/erase")).toHaveLength(0);
    await user.type(within(dialog).getByLabelText("Reason (required)"), "Member asked by email");
    await user.click(within(dialog).getByRole("button", { name: "Erase for good" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toMatch(/\/members$/));
    expect(api.called("POST /members/42/erase")[0]?.json).toEqual({
      confirm_mobile_phone: "91234567",
      reason: "Member asked by email",
    });
  });

  it("downloads the export", async () => {
    const { api } = open("administrator", {
      "POST /members/42/export": { status: 200, body: { format: "x" } },
    });
    // jsdom has no object URLs and would navigate away on the link's click: both are caught here.
    URL.createObjectURL = vi.fn(() => "blob:export");
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const user = userEvent.setup();
    await caseButtons();
    await user.click(screen.getByRole("button", { name: "Export data" }));
    const dialog = await screen.findByRole("dialog", { name: "Export the member's data?" });
    await user.click(within(dialog).getByRole("button", { name: "Download" }));
    expect(within(dialog).getByText("Required.")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Reason (required)"), "Access request, ticket 88");
    await user.click(within(dialog).getByRole("button", { name: "Download" }));
    expect(await screen.findByText("Export downloaded.")).toBeInTheDocument();
    expect(api.called("POST /members/42/export")).toHaveLength(1);
    expect(api.called("POST /members/42/export")[0]?.json).toEqual({ reason: "Access request, ticket 88" });
    expect(clicked.map((link) => [link.download, link.href])).toEqual([["member-42.json", "blob:export"]]);
    click.mockRestore();
  });
});

describe("accessibility", () => {
  it("the erase dialog has no serious axe violation", async () => {
    open("administrator");
    const user = userEvent.setup();
    await caseButtons();
    expect(await seriousViolations()).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Erase member" }));
    await screen.findByRole("dialog", { name: "Erase this member?" });
    expect(await seriousViolations()).toEqual([]);
  });
});
