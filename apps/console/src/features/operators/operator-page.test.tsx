import type { OperatorDetail } from "@hcoins/domain/api/console-operators";
import { fail, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "../../lib/axe.ts";
import { mockApi, renderConsole, session } from "../../lib/test-app.tsx";

const LINK = "https://example.com/console/invitation#one-time-token";
const SESSION_A = "0123456789abcdef";
const SESSION_B = "fedcba9876543210";

const detail = (fields: Partial<OperatorDetail["operator"]> = {}, rest: Partial<OperatorDetail> = {}) => ({
  operator: {
    id: 7,
    email: "amy@example.com",
    role: "customerService",
    permissions: ["members.read"],
    active: true,
    activated: true,
    last_sign_in_at: "2026-11-27T02:15:00Z",
    created_at: "2026-11-01T02:15:00Z",
    ...fields,
  },
  sign_in: { locked: true, failures: 5, retry_after_seconds: 600 },
  sessions: [
    {
      id: SESSION_A,
      created_at: "2026-11-27T02:15:00Z",
      last_seen_at: "2026-11-27T02:45:00Z",
      expires_at: "2026-11-27T14:15:00Z",
      address: "203.0.113.9",
      user_agent: "Mozilla/5.0 (iPhone)",
      current: false,
    },
    {
      id: SESSION_B,
      created_at: "2026-11-26T02:15:00Z",
      last_seen_at: "2026-11-26T02:45:00Z",
      expires_at: "2026-11-26T14:15:00Z",
      address: null,
      user_agent: null,
      current: false,
    },
  ],
  ...rest,
});

const dialog = (name: string) => screen.findByRole("dialog", { name });

describe("an operator's page", () => {
  it("shows the sessions and ends one, then all, each after a confirmation", async () => {
    const api = mockApi({
      "GET /session": session("administrator"),
      "GET /operators/7": ok(detail()),
      [`POST /operators/7/sessions/${SESSION_A}/end`]: ok(detail({}, { sessions: [] })),
      "POST /operators/7/end-sessions": ok(detail({}, { sessions: [] })),
    });
    renderConsole("/operators/7");
    expect(
      await screen.findByRole("heading", { name: "amy@example.com" }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "203.0.113.9" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "Mozilla/5.0 (iPhone)" })).toBeInTheDocument();
    const user = userEvent.setup();
    const ends = screen.getAllByRole("button", { name: /End session started/ });
    await user.click(ends[0] as HTMLElement);
    const confirm = await dialog("End this session?");
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(api.called(`POST /operators/7/sessions/${SESSION_A}/end`)).toHaveLength(0);
    await user.click(ends[0] as HTMLElement);
    await user.click(within(await dialog("End this session?")).getByRole("button", { name: "End session" }));
    expect(await screen.findByText("Sessions ended.")).toBeInTheDocument();
    expect(api.called(`POST /operators/7/sessions/${SESSION_A}/end`)).toHaveLength(1);
    expect(screen.getByText("No session is open.")).toBeInTheDocument();
  });

  it("unlocks after a confirmation, and says how long the lock has left", async () => {
    const api = mockApi({
      "GET /session": session("administrator"),
      "GET /operators/7": ok(detail()),
      "POST /operators/7/unlock": ok(
        detail({}, { sign_in: { locked: false, failures: 0, retry_after_seconds: null } }),
      ),
    });
    renderConsole("/operators/7");
    expect(
      await screen.findByText(/Locked by failed sign-ins for about 10 more minutes\./, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Unlock" }));
    await user.click(
      within(await dialog("Unlock this operator's sign-in?")).getByRole("button", { name: "Unlock" }),
    );
    expect(await screen.findByText("Sign-in unlocked.")).toBeInTheDocument();
    expect(screen.getByText(/Not locked\. 0 failed sign-ins counted\./)).toBeInTheDocument();
    expect(api.called("POST /operators/7/unlock")).toHaveLength(1);
  });

  it("changes the role after a confirmation, and shows the server's refusal in the dialog", async () => {
    const api = mockApi({
      "GET /session": session("administrator"),
      "GET /operators/7": ok(detail()),
      "POST /operators/7/role": [
        fail(409, 4275, "own"),
        ok(detail({ role: "auditor", permissions: ["members.read", "audit.read"] })),
      ],
    });
    renderConsole("/operators/7");
    const user = userEvent.setup();
    const change = await screen.findByRole("button", { name: "Change role" }, { timeout: 5000 });
    expect(change).toBeDisabled();
    await user.selectOptions(screen.getByLabelText("New role"), "auditor");
    await user.click(change);
    const confirm = await dialog("Change this operator's role?");
    expect(
      within(confirm).getByText("amy@example.com goes from Customer service to Auditor."),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole("button", { name: "Change role" }));
    expect(
      await within(confirm).findByText(
        "You cannot change your own role or reset your own authenticator. Ask another administrator.",
      ),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole("button", { name: "Change role" }));
    expect(await screen.findByText("Role changed to Auditor.")).toBeInTheDocument();
    expect(api.called("POST /operators/7/role").map((call) => call.json)).toEqual([
      { role: "auditor" },
      { role: "auditor" },
    ]);
  });

  it("resets the authenticator after a warning and shows the new link once", async () => {
    mockApi({
      "GET /session": session("administrator"),
      "GET /operators/7": ok(detail()),
      "POST /operators/7/reset-authenticator": ok({
        ...detail({ activated: false }, { sessions: [] }),
        sign_in_link: LINK,
      }),
    });
    renderConsole("/operators/7");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Reset authenticator" }, { timeout: 5000 }));
    await user.click(
      within(await dialog("Reset this operator's authenticator?")).getByRole("button", {
        name: "Reset authenticator",
      }),
    );
    const shown = await dialog("One-time sign-in link");
    expect(within(shown).getByText(LINK)).toBeInTheDocument();
    await user.click(within(shown).getByRole("button", { name: "Done" }));
    expect(screen.queryByText(LINK)).not.toBeInTheDocument();
  });

  it("a disabled operator is re-enabled in a chosen role, with a new link", async () => {
    const api = mockApi({
      "GET /session": session("administrator"),
      "GET /operators/7": ok(detail({ active: false }, { sessions: [] })),
      "POST /operators/7/enable": ok({
        ...detail({ activated: false, role: "auditor" }),
        sign_in_link: LINK,
      }),
    });
    renderConsole("/operators/7");
    const user = userEvent.setup();
    expect(await screen.findByText("Disabled", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Reset authenticator" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Re-enable" }));
    const confirm = await dialog("Re-enable this operator?");
    await user.selectOptions(within(confirm).getByLabelText("Role"), "auditor");
    await user.click(within(confirm).getByRole("button", { name: "Re-enable" }));
    expect(await dialog("One-time sign-in link")).toBeInTheDocument();
    expect(api.called("POST /operators/7/enable")[0]?.json).toEqual({ role: "auditor" });
  });

  it("has no serious axe violation, nor its confirmation", async () => {
    mockApi({ "GET /session": session("administrator"), "GET /operators/7": ok(detail()) });
    renderConsole("/operators/7");
    await screen.findByRole("heading", { name: "amy@example.com" }, { timeout: 5000 });
    expect(await seriousViolations()).toEqual([]);
    await userEvent.setup().click(screen.getByRole("button", { name: "End all sessions" }));
    await dialog("End every session?");
    expect(await seriousViolations()).toEqual([]);
  });
});

describe("adding a disabled operator's email", () => {
  it("says so and offers to re-enable them in the role chosen", async () => {
    const api = mockApi({
      "GET /session": session("administrator"),
      "GET /operators": ok({
        operators: [
          {
            ...detail({ active: false }).operator,
          },
        ],
      }),
      "POST /operators": fail(409, 4277, "disabled", { operator_id: 7 }),
      "POST /operators/7/enable": ok({ ...detail(), sign_in_link: LINK }),
    });
    renderConsole("/operators");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Email", {}, { timeout: 5000 }), "amy@example.com");
    await user.selectOptions(screen.getAllByLabelText("Role")[0] as HTMLElement, "programmeManager");
    await user.click(screen.getByRole("button", { name: "Add and get the sign-in link" }));
    expect(
      await screen.findByText("An operator with this email exists and is disabled. Re-enable them instead."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Re-enable this operator" }));
    const confirm = await dialog("Re-enable this operator?");
    expect(within(confirm).getByLabelText("Role")).toHaveValue("programmeManager");
    await user.click(within(confirm).getByRole("button", { name: "Re-enable" }));
    expect(await dialog("One-time sign-in link")).toBeInTheDocument();
    expect(api.called("POST /operators/7/enable")[0]?.json).toEqual({ role: "programmeManager" });
    // The disabled row has its own re-enable button, and each email opens the operator's page.
    expect(screen.getByRole("link", { name: "amy@example.com" })).toHaveAttribute(
      "href",
      "/console/operators/7",
    );
  });
});
