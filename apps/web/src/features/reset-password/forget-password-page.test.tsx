import { fail, mockApi, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../../lib/test-app.tsx";
import { Component as ForgetPasswordPage } from "./forget-password-page.tsx";
import { Component as ResetSuccessPage } from "./reset-success-page.tsx";

const PROFILE = "GET /crm/user/profile";
const SEND = "POST /crm/auth/forgot-password-with-mobile";
const EXCHANGE = "POST /crm/auth/reset-password-token-status";
const RESET = "POST /crm/auth/reset-password";

const member = { id: 7, member_no: "M000000007", mobile_phone_prefix: "853", mobile_phone: "66123456" };

function openForgetPassword() {
  localStorage.setItem("token", "member-token");
  return renderApp(
    [
      { path: "/forget-pwd", Component: ForgetPasswordPage },
      { path: "/forget-pwd/success", Component: ResetSuccessPage },
    ],
    "/forget-pwd",
  );
}

async function enterCode(code = "112233") {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText("Verification code"), code);
  await user.click(screen.getByRole("button", { name: "Next" }));
  return user;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("/forget-pwd", () => {
  it("resets the member's own number: code sent once, new password, success, session ended", async () => {
    const api = mockApi({
      [PROFILE]: ok(member),
      [SEND]: ok({ resend_after_seconds: 60 }),
      [EXCHANGE]: ok({ reset_token: "reset-own" }),
      [RESET]: ok({}),
    });
    openForgetPassword();
    expect(await screen.findByText("+853 6612 3456")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Resend (60s)" })).toBeDisabled();
    expect(api.called(SEND)).toHaveLength(1);
    expect(api.called(SEND)[0]?.body).toEqual({ mobile_phone_prefix: "853", mobile_phone: "66123456" });

    const user = await enterCode();
    await user.type(await screen.findByLabelText("New password"), "Another123");
    await user.type(screen.getByLabelText("Confirm new password"), "Another123");
    await user.click(screen.getByRole("button", { name: "Submit" }));

    expect(await screen.findByRole("heading", { name: "Your password has been reset." })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to login" })).toHaveAttribute("href", "/login");
    expect(api.called(RESET)[0]?.body).toEqual({ token: "reset-own", new_password: "Another123" });
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("an expired reset token goes back to the code step, which sends a new code", async () => {
    const api = mockApi({
      [PROFILE]: ok(member),
      [SEND]: ok({ resend_after_seconds: 60 }),
      [EXCHANGE]: ok({ reset_token: "reset-old" }),
      [RESET]: fail(400, 4201, "invalid"),
    });
    openForgetPassword();
    const user = await enterCode();
    await user.type(await screen.findByLabelText("New password"), "Another123");
    await user.type(screen.getByLabelText("Confirm new password"), "Another123");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByRole("dialog")).toHaveTextContent(
      "Verification code invalid, Please try again.",
    );
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByLabelText("Verification code")).toHaveValue("");
    await vi.waitFor(() => expect(api.called(SEND)).toHaveLength(2));
  });
});
