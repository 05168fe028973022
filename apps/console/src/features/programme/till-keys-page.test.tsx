import { fail, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { seriousViolations } from "../../lib/axe.ts";
import { mockApi, renderConsole, session } from "../../lib/test-app.tsx";

const KEY = "k3y-shown-once-0123456789abcdefghijklmnopq";

const tillKey = (fields: Record<string, unknown> = {}) => ({
  id: 1,
  name: "causeway-1",
  stores: ["HF-CW01"],
  created_at: "2026-01-05T02:00:00.000Z",
  created_by: "operator:pm@example.com",
  stores_changed_at: null,
  revoked_at: null,
  revoked_by: null,
  last_used_at: null,
  ...fields,
});

const store = (code: string, en: string, schemePartner: boolean | null = false) => ({
  code,
  name: { en, tc: en, sc: en },
  partner: false,
  scheme_partner: schemePartner,
});

const STORES = ok({
  stores: [
    store("HF-CW01", "Causeway Bay"),
    store("PC-CW02", "Causeway Place"),
    store("JW-WC01", "Wan Chai", null),
  ],
});

describe("the till keys screen", () => {
  it("makes a key and shows it once, with a copy button and the warning", async () => {
    const made = tillKey({ id: 2, name: "wan-chai-1", stores: ["PC-CW02"] });
    const api = mockApi({
      "GET /session": session("programmeManager"),
      "GET /stores": STORES,
      "GET /till-keys": [ok({ till_keys: [tillKey()] }), ok({ till_keys: [made, tillKey()] })],
      "POST /till-keys": ok({ key: KEY, till_key: made }),
    });
    renderConsole("/till-keys");
    expect(await screen.findByRole("cell", { name: "causeway-1" }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "Never" })).toBeInTheDocument();

    const user = userEvent.setup();
    const form = screen.getByRole("heading", { name: "Make a till key" }).closest("form") as HTMLElement;
    // Only the stores of the scheme's registry are offered.
    expect(within(form).queryByLabelText(/JW-WC01/)).not.toBeInTheDocument();
    await user.click(within(form).getByRole("button", { name: "Make the key" }));
    expect(within(form).getByText("Required.")).toBeInTheDocument();
    expect(within(form).getByText("Choose at least one store.")).toBeInTheDocument();
    expect(api.called("POST /till-keys")).toHaveLength(0);

    await user.type(within(form).getByLabelText("Name"), "wan-chai-1");
    await user.click(within(form).getByLabelText("PC-CW02 Causeway Place"));
    await user.click(within(form).getByRole("button", { name: "Make the key" }));
    const dialog = await screen.findByRole("dialog", { name: "Till key wan-chai-1" });
    expect(api.called("POST /till-keys")[0]?.json).toEqual({ name: "wan-chai-1", stores: ["PC-CW02"] });
    expect(within(dialog).getByText(KEY)).toBeInTheDocument();
    expect(within(dialog).getByText(/will not be shown again/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Copy key" }));
    expect(await navigator.clipboard.readText()).toBe(KEY);
    expect(within(dialog).getByText("Key copied.")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Done" }));
    expect(screen.queryByText(KEY)).not.toBeInTheDocument();
    expect(screen.getByText("Till key wan-chai-1 made for PC-CW02.")).toBeInTheDocument();
    expect(await screen.findByRole("cell", { name: "wan-chai-1" })).toBeInTheDocument();
  });

  it("shows the server's rule under its field: a name in use", async () => {
    mockApi({
      "GET /session": session("programmeManager"),
      "GET /stores": STORES,
      "GET /till-keys": ok({ till_keys: [tillKey()] }),
      "POST /till-keys": fail(400, 4000, "invalid", {
        errors: [{ field: "name", rule: "tillKeyNameTaken" }],
      }),
    });
    renderConsole("/till-keys");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Name", {}, { timeout: 5000 }), "causeway-1");
    await user.click(screen.getByLabelText("HF-CW01 Causeway Bay"));
    await user.click(screen.getByRole("button", { name: "Make the key" }));
    expect(
      await screen.findByText("A key in use has this name: choose another, or revoke that key first."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("binds a key to other stores and revokes one after a confirmation", async () => {
    const api = mockApi({
      "GET /session": session("programmeManager"),
      "GET /stores": STORES,
      "GET /till-keys": ok({ till_keys: [tillKey()] }),
      "POST /till-keys/1/stores": ok({ till_key: tillKey({ stores: ["HF-CW01", "PC-CW02"] }) }),
      "POST /till-keys/1/revoke": ok({
        till_key: tillKey({ revoked_at: "2026-01-06T02:00:00.000Z", revoked_by: "operator:pm@example.com" }),
      }),
    });
    renderConsole("/till-keys");
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole("button", { name: "Change stores of causeway-1" }, { timeout: 5000 }),
    );
    const stores = screen.getByRole("dialog", { name: "Stores of till key causeway-1" });
    expect(within(stores).getByLabelText("HF-CW01 Causeway Bay")).toBeChecked();
    await user.click(within(stores).getByLabelText("PC-CW02 Causeway Place"));
    await user.click(within(stores).getByRole("button", { name: "Save the stores" }));
    expect(await screen.findByText("causeway-1 now works at HF-CW01, PC-CW02.")).toBeInTheDocument();
    expect(api.called("POST /till-keys/1/stores")[0]?.json).toEqual({ stores: ["HF-CW01", "PC-CW02"] });

    await user.click(screen.getByRole("button", { name: "Revoke causeway-1" }));
    const confirm = screen.getByRole("dialog", { name: "Revoke till key causeway-1" });
    expect(within(confirm).getByText(/refused from their next call/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole("button", { name: "Revoke it" }));
    expect(await screen.findByText("causeway-1 is revoked.")).toBeInTheDocument();
    expect(api.called("POST /till-keys/1/revoke")).toHaveLength(1);
  });

  it("shows the auditor the list without a way to change it", async () => {
    mockApi({
      "GET /session": session("auditor"),
      "GET /stores": STORES,
      "GET /till-keys": ok({
        till_keys: [
          tillKey({ last_used_at: "2026-01-05T03:00:00.000Z" }),
          tillKey({ id: 3, name: "old-1", revoked_at: "2026-01-04T02:00:00.000Z", revoked_by: "cli:ops" }),
        ],
      }),
    });
    renderConsole("/till-keys");
    expect(await screen.findByRole("cell", { name: "old-1" }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/^Revoked .* by cli:ops$/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Revoke|Change stores/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Make a till key" })).not.toBeInTheDocument();
  });

  it("the screen, its key dialog and its stores dialog have no serious axe violation", async () => {
    mockApi({
      "GET /session": session("programmeManager"),
      "GET /stores": STORES,
      "GET /till-keys": ok({ till_keys: [tillKey()] }),
      "POST /till-keys": ok({ key: KEY, till_key: tillKey({ id: 2, name: "wan-chai-1" }) }),
    });
    renderConsole("/till-keys");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Name", {}, { timeout: 5000 }), "wan-chai-1");
    await user.click(await screen.findByLabelText("HF-CW01 Causeway Bay"));
    expect(await seriousViolations()).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Make the key" }));
    await screen.findByRole("dialog");
    expect(await seriousViolations()).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Done" }));
    await user.click(screen.getByRole("button", { name: "Change stores of causeway-1" }));
    await screen.findByRole("dialog");
    expect(await seriousViolations()).toEqual([]);
  });
});
