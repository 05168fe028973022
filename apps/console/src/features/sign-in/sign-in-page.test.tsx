import { fail, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CSRF, mockApi, operatorOf, renderConsole, session } from "../../lib/test-app.tsx";

const signedOut = fail(401, 4010, "Please sign in");

async function fillIn(email = "ann@example.com", password = "Secret123", code = "123456") {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText("Email"), email);
  await user.type(screen.getByLabelText("Password"), password);
  await user.type(screen.getByLabelText("Authenticator code"), code);
  await user.click(screen.getByRole("button", { name: "Sign in" }));
  return user;
}

describe("sign-in", () => {
  it("sends a visitor without a session to sign-in, and back to the screen they asked for after it", async () => {
    const api = mockApi({
      "GET /session": signedOut,
      "POST /session/sign-in": ok({ operator: operatorOf("auditor"), csrf_token: CSRF }),
      "GET /audit": ok({ entries: [], total: 0 }),
    });
    const { router } = renderConsole("/audit?actor=x");
    await screen.findByRole("heading", { name: "Sign in" });
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent("/audit?actor=x")}`);

    await fillIn(" Ann@Example.com ");
    await screen.findByRole("heading", { name: "Audit log" });
    expect(router.state.location.pathname).toBe("/console/audit");
    const [signIn] = api.called("POST /session/sign-in");
    // The domain's schema trims and lowercases the email.
    expect(signIn?.json).toEqual({ email: "ann@example.com", password: "Secret123", totp_code: "123456" });
    expect(signIn?.credentials).toBe("same-origin");
    expect(screen.getByText("auditor@example.com")).toBeInTheDocument();
  });

  it("says how many attempts are left, clears only the code, and keeps the email and password", async () => {
    const api = mockApi({
      "GET /session": signedOut,
      "POST /session/sign-in": fail(401, 4241, "Sign-in failed", { attempts_remaining: 2 }),
    });
    renderConsole("/sign-in");
    await fillIn();
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The email, password or authenticator code is wrong. 2 attempts left before the account is locked.",
    );
    expect(screen.getByLabelText("Email")).toHaveValue("ann@example.com");
    expect(screen.getByLabelText("Password")).toHaveValue("Secret123");
    expect(screen.getByLabelText("Authenticator code")).toHaveValue("");
    expect(screen.getByLabelText("Authenticator code")).toHaveFocus();
    expect(api.called("POST /session/sign-in")).toHaveLength(1);
  });

  it("tells a locked-out operator when to come back", async () => {
    mockApi({
      "GET /session": signedOut,
      "POST /session/sign-in": fail(429, 4290, "Locked", { retry_after_seconds: 300 }),
    });
    renderConsole("/sign-in");
    await fillIn();
    expect(await screen.findByRole("alert")).toHaveTextContent("Please try again in 300 seconds.");
    expect(screen.getByLabelText("Authenticator code")).toHaveValue("123456");
  });

  it("checks the fields before sending anything, each error under its field", async () => {
    const api = mockApi({ "GET /session": signedOut });
    renderConsole("/sign-in");
    await fillIn("not-an-email", "x", "12");
    expect(await screen.findByText("Enter an email address like name@example.com.")).toBeInTheDocument();
    expect(screen.getByText("The code has 6 digits.")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(api.called("POST /session/sign-in")).toHaveLength(0);
  });

  it("shows the screen in Traditional Chinese when chosen", async () => {
    mockApi({ "GET /session": signedOut });
    renderConsole("/sign-in");
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText("Language"), "tc");
    expect(await screen.findByRole("heading", { name: "登入" })).toBeInTheDocument();
    expect(screen.getByLabelText("電郵地址")).toBeInTheDocument();
    expect(document.documentElement.lang).toBe("zh-HK");
  });

  it("a disabled operator is told so", async () => {
    mockApi({ "GET /session": signedOut, "POST /session/sign-in": fail(403, 4242, "Disabled") });
    renderConsole("/sign-in");
    await fillIn();
    expect(await screen.findByRole("alert")).toHaveTextContent("Your console account is disabled.");
  });

  it("an operator already signed in who opens the console lands on their first screen", async () => {
    mockApi({ "GET /session": session("customerService") });
    const { router } = renderConsole("/");
    await screen.findByRole("heading", { name: "Members" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/console/members"));
  });
});
