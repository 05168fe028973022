import { fail, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CSRF, mockApi, operatorOf, renderConsole } from "../../lib/test-app.tsx";

const OTPAUTH =
  "otpauth://totp/H%20Coins%20console:ann%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=H%20Coins%20console";
const invitation = ok({ email: "ann@example.com", role: "customerService", otpauth_uri: OTPAUTH });

async function choose(password: string, confirmation: string, code: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("New password"), password);
  await user.type(screen.getByLabelText("New password again"), confirmation);
  await user.type(screen.getByLabelText("Authenticator code"), code);
  await user.click(screen.getByRole("button", { name: "Activate and sign in" }));
}

describe("the first sign-in from the one-time link", () => {
  it("shows the account, the QR code and the secret as text, then activates and opens the console", async () => {
    const api = mockApi({
      "GET /session": fail(401, 4010, "Please sign in"),
      "POST /session/invitation": invitation,
      "POST /session/activate": ok({
        operator: operatorOf("customerService", "ann@example.com"),
        csrf_token: CSRF,
      }),
    });
    const { router } = renderConsole("/invitation#tok-123");
    expect(await screen.findByText("ann@example.com")).toBeInTheDocument();
    expect(screen.getByText("Customer service")).toBeInTheDocument();
    const qr = screen.getByRole("img", { name: /QR code/ });
    expect(qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText("JBSW Y3DP EHPK 3PXP JBSW Y3DP")).toBeInTheDocument();
    expect(api.called("POST /session/invitation")[0]?.json).toEqual({ token: "tok-123" });

    await choose("Harbour2026", "Harbour2026", "654321");
    await screen.findByRole("heading", { name: "Members" });
    expect(router.state.location.pathname).toBe("/console/members");
    expect(api.called("POST /session/activate")[0]?.json).toEqual({
      token: "tok-123",
      password: "Harbour2026",
      totp_code: "654321",
    });
  });

  it("holds the password to the members' rules and the confirmation to the password, sending nothing", async () => {
    const api = mockApi({ "POST /session/invitation": invitation });
    renderConsole("/invitation#tok-123");
    await screen.findByText("ann@example.com");
    await choose("short", "other", "654321");
    expect(
      await screen.findByText(
        "8 to 16 characters with an upper-case letter, a lower-case letter and a digit, without spaces.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText("The two passwords differ.")).toBeInTheDocument();
    expect(api.called("POST /session/activate")).toHaveLength(0);
  });

  it("refuses a common password", async () => {
    mockApi({ "POST /session/invitation": invitation });
    renderConsole("/invitation#tok-123");
    await screen.findByText("ann@example.com");
    await choose("Password1", "Password1", "654321");
    expect(await screen.findByText("This password is too common: choose another.")).toBeInTheDocument();
  });

  it("a wrong code is cleared and the passwords stay", async () => {
    mockApi({
      "POST /session/invitation": invitation,
      "POST /session/activate": fail(401, 4241, "Wrong code", { attempts_remaining: 4 }),
    });
    renderConsole("/invitation#tok-123");
    await screen.findByText("ann@example.com");
    await choose("Harbour2026", "Harbour2026", "000000");
    expect(await screen.findByRole("alert")).toHaveTextContent("4 attempts left");
    expect(screen.getByLabelText("Authenticator code")).toHaveValue("");
    expect(screen.getByLabelText("New password")).toHaveValue("Harbour2026");
    expect(screen.getByLabelText("New password again")).toHaveValue("Harbour2026");
  });

  it("a used or expired link says to ask for a new one", async () => {
    mockApi({ "POST /session/invitation": fail(400, 4240, "Invitation invalid") });
    renderConsole("/invitation#used-token");
    expect(await screen.findByRole("alert")).toHaveTextContent("Ask an administrator for a new one.");
    expect(screen.queryByLabelText("New password")).not.toBeInTheDocument();
  });

  it("a link without its token says the same without asking the server", async () => {
    const api = mockApi({});
    renderConsole("/invitation");
    expect(await screen.findByRole("alert")).toHaveTextContent("This sign-in link is not valid");
    await waitFor(() => expect(api.called("POST /session/invitation")).toHaveLength(0));
  });
});
