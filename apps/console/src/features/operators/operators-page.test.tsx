import { DEFAULT_COIN_CONTROLS } from "@hcoins/domain/api/console-coin-controls";
import { fail, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "../../lib/axe.ts";
import { CSRF, mockApi, renderConsole, session } from "../../lib/test-app.tsx";

const row = (id: number, email: string, fields: Record<string, unknown> = {}) => ({
  id,
  email,
  role: "customerService",
  permissions: ["members.read"],
  active: true,
  activated: true,
  last_sign_in_at: "2026-11-27T02:15:00Z",
  ...fields,
});
const LINK = "https://example.com/console/invitation#one-time-token";

describe("the operators screen", () => {
  it("lists operators and adds one, showing the one-time link with a copy button", async () => {
    const api = mockApi({
      "GET /session": session("administrator"),
      "GET /operators": ok({
        operators: [
          row(1, "amy@example.com"),
          row(2, "ben@example.com", { activated: false, last_sign_in_at: null }),
        ],
      }),
      "POST /operators": ok({ operator: row(3, "cy@example.com"), sign_in_link: LINK }),
    });
    renderConsole("/operators");
    // The first render loads the lazy screen, slow on a busy machine.
    expect(
      await screen.findByRole("cell", { name: "amy@example.com" }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "Invited, not yet signed in" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "Never" })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Add and get the sign-in link" }));
    expect(screen.getByText("Required.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Email"), "cy@example.com");
    await user.selectOptions(screen.getByLabelText("Role"), "auditor");
    await user.click(screen.getByRole("button", { name: "Add and get the sign-in link" }));
    const dialog = await screen.findByRole("dialog", { name: "One-time sign-in link" });
    expect(within(dialog).getByText(LINK)).toBeInTheDocument();
    const added = api.called("POST /operators")[0];
    expect(added?.json).toEqual({ email: "cy@example.com", role: "auditor" });
    expect(added?.headers["x-csrf-token"]).toBe(CSRF);
    await user.click(within(dialog).getByRole("button", { name: "Copy link" }));
    expect(await navigator.clipboard.readText()).toBe(LINK);
    expect(within(dialog).getByText("Link copied.")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Done" }));
    expect(screen.queryByText(LINK)).not.toBeInTheDocument();
  });

  it("says when the email names an operator already", async () => {
    mockApi({
      "GET /session": session("administrator"),
      "GET /operators": ok({ operators: [row(1, "amy@example.com")] }),
      "POST /operators": fail(409, 40010, "taken"),
    });
    renderConsole("/operators");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Email"), "amy@example.com");
    await user.click(screen.getByRole("button", { name: "Add and get the sign-in link" }));
    expect(await screen.findByText("An operator with this email exists already.")).toBeInTheDocument();
  });

  it("gives a new link, and disables only after a confirmation", async () => {
    const api = mockApi({
      "GET /session": session("administrator"),
      "GET /operators": ok({ operators: [row(7, "amy@example.com")] }),
      "POST /operators/7/invite": ok({ operator: row(7, "amy@example.com"), sign_in_link: LINK }),
      "POST /operators/7/disable": ok({ operator: row(7, "amy@example.com") }),
    });
    renderConsole("/operators");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "New sign-in link for amy@example.com" }));
    expect(await screen.findByText(LINK)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Done" }));

    await user.click(screen.getByRole("button", { name: "Disable amy@example.com" }));
    const dialog = await screen.findByRole("dialog", { name: "Disable this operator?" });
    await user.click(within(dialog).getByRole("button", { name: "Keep active" }));
    expect(api.called("POST /operators/7/disable")).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Disable amy@example.com" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Disable this operator?" })).getByRole("button", {
        name: "Disable",
      }),
    );
    expect(api.called("POST /operators/7/disable")).toHaveLength(1);
  });

  it("says why the server refuses to disable one's own account or the last administrator", async () => {
    mockApi({
      "GET /session": session("administrator"),
      "GET /operators": ok({ operators: [row(7, "amy@example.com"), row(8, "bo@example.com")] }),
      "POST /operators/7/disable": fail(409, 4250, "own account"),
      "POST /operators/8/disable": fail(409, 4251, "last administrator"),
    });
    renderConsole("/operators");
    const user = userEvent.setup();
    const disable = async (email: string) => {
      await user.click(await screen.findByRole("button", { name: `Disable ${email}` }));
      await user.click(
        within(await screen.findByRole("dialog", { name: "Disable this operator?" })).getByRole("button", {
          name: "Disable",
        }),
      );
    };
    await disable("amy@example.com");
    expect(
      await screen.findByText("You cannot disable your own account. Ask another administrator."),
    ).toBeInTheDocument();
    await disable("bo@example.com");
    expect(await screen.findByText(/This is the last active administrator/)).toBeInTheDocument();
  });

  it("is not in the navigation of a customer service operator", async () => {
    mockApi({ "GET /session": session("customerService") });
    renderConsole("/members");
    await screen.findByRole("link", { name: "Members" });
    expect(screen.queryByRole("link", { name: "Operators" })).not.toBeInTheDocument();
  });
});

describe("the coin controls", () => {
  it("shows each adjusting role's controls and saves them, empty for no limit", async () => {
    const api = mockApi({
      "GET /session": session("administrator"),
      "GET /operators": ok({ operators: [] }),
      "GET /coin-controls": ok(DEFAULT_COIN_CONTROLS),
      "POST /coin-controls": ({ json }) => ok(json),
    });
    renderConsole("/operators");
    const user = userEvent.setup();
    const cs = within(await screen.findByRole("group", { name: "Customer service" }));
    const ceiling = cs.getByLabelText("Ceiling per adjustment");
    expect(ceiling).toHaveValue("1000");
    expect(cs.getByLabelText("Approval above")).toHaveValue("500");
    const admin = within(screen.getByRole("group", { name: "Administrator" }));
    expect(admin.getByLabelText("Ceiling per adjustment")).toHaveValue("");
    await user.clear(ceiling);
    await user.type(ceiling, "0");
    await user.click(screen.getByRole("button", { name: "Save coin controls" }));
    expect(screen.getByText("This value is not valid.")).toBeInTheDocument();
    expect(api.called("POST /coin-controls")).toHaveLength(0);
    await user.clear(ceiling);
    await user.type(ceiling, "2500");
    await user.clear(cs.getByLabelText("Daily total per operator"));
    await user.click(screen.getByRole("button", { name: "Save coin controls" }));
    expect(await screen.findByText("Coin controls saved.")).toBeInTheDocument();
    expect(api.called("POST /coin-controls")[0]?.json).toEqual({
      ...DEFAULT_COIN_CONTROLS,
      customerService: {
        ...DEFAULT_COIN_CONTROLS.customerService,
        ceiling: 2500,
        operator_daily_total: null,
      },
    });
  });
});

describe("accessibility", () => {
  it("the operators screen and its link dialog have no serious axe violation", async () => {
    mockApi({
      "GET /session": session("administrator"),
      "GET /operators": ok({ operators: [row(1, "amy@example.com")] }),
      "GET /coin-controls": ok(DEFAULT_COIN_CONTROLS),
      "POST /operators/1/invite": ok({ operator: row(1, "amy@example.com"), sign_in_link: LINK }),
    });
    renderConsole("/operators");
    const user = userEvent.setup();
    await screen.findByRole("group", { name: "Customer service" });
    expect(await seriousViolations()).toEqual([]);
    await user.click(screen.getByRole("button", { name: "New sign-in link for amy@example.com" }));
    await screen.findByRole("dialog");
    expect(await seriousViolations()).toEqual([]);
  });
});
