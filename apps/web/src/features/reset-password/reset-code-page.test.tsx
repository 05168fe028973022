import { fail, mockApi, ok } from "@hcoins/web-kit/testing/mock-api";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { encodePhoneData } from "../../lib/phone-data.ts";
import { renderApp } from "../../lib/test-app.tsx";
import { Component as ResetCodePage } from "./reset-code-page.tsx";
import { Component as ResetNewPasswordPage } from "./reset-new-password-page.tsx";
import { Component as ResetSuccessPage } from "./reset-success-page.tsx";

const SEND = "POST /crm/auth/forgot-password-with-mobile";
const EXCHANGE = "POST /crm/auth/reset-password-token-status";
const RESET = "POST /crm/auth/reset-password";
const DATA = encodePhoneData({ phonePre: "852", phone: "91234567" });

/**
 * Steps 2 and the success screen have loaders that hold their navigation in the loading state until
 * the test lets it finish (`finishLoading`), as the app's root loader and lazy screens hold theirs:
 * the screen being left renders again while the next one loads.
 */
const heldLoads: (() => void)[] = [];
const heldLoader = () => new Promise<null>((resolve) => heldLoads.push(() => resolve(null)));

/** Once a navigation waits on its loader and the screen being left has rendered for it, lets it finish. */
async function finishLoading() {
  await vi.waitFor(() => expect(heldLoads).toHaveLength(1));
  // The loading state's render and its effects (a <Navigate> among them) run before the load ends.
  await act(async () => {});
  heldLoads.shift()?.();
}

const resetRoutes = [
  { path: "/reset-pw/step1", Component: ResetCodePage },
  { path: "/reset-pw/step2", Component: ResetNewPasswordPage, loader: heldLoader },
  { path: "/reset-pw/success", Component: ResetSuccessPage, loader: heldLoader },
];

const openStep1 = (query = `data=${DATA}`) => renderApp(resetRoutes, `/reset-pw/step1?${query}`);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  heldLoads.length = 0;
});

describe("/reset-pw/step1", () => {
  it("sends the code once on open (StrictMode runs effects twice) and counts down from 60", async () => {
    const api = mockApi({ [SEND]: ok({ resend_after_seconds: 60 }) });
    openStep1();
    const resend = await screen.findByRole("button", { name: "Resend (60s)" });
    expect(resend).toBeDisabled();
    expect(api.called(SEND)).toHaveLength(1);
    expect(api.called(SEND)[0]?.body).toEqual({ mobile_phone_prefix: "852", mobile_phone: "91234567" });
    expect(screen.getByText("+852 9123 4567")).toBeInTheDocument();
  });

  it("counts down each second, enables resend at 0, and a resend starts again at 60", async () => {
    // The countdown's seconds are the fake clock's; the rest (the fake server, React) runs on real time too.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({
      [SEND]: [fail(429, 4203, "too soon", { retry_after_seconds: 2 }), ok({ resend_after_seconds: 60 })],
    });
    openStep1();
    expect(await screen.findByRole("button", { name: "Resend (2s)" })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole("button", { name: "Resend (1s)" })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    const resend = screen.getByRole("button", { name: "Resend" });
    expect(resend).toBeEnabled();
    expect(api.called(SEND)).toHaveLength(1);

    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(resend);
    expect(await screen.findByRole("button", { name: "Resend (60s)" })).toBeDisabled();
    expect(api.called(SEND)).toHaveLength(2);
  });

  it("a code sent moments ago (4203 on open) just sets the countdown, without an alert", async () => {
    mockApi({ [SEND]: fail(429, 4203, "too soon", { retry_after_seconds: 42 }) });
    openStep1();
    expect(await screen.findByRole("button", { name: "Resend (42s)" })).toBeDisabled();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("too many codes (4204) says so", async () => {
    mockApi({ [SEND]: fail(429, 4204, "too many", { retry_after_seconds: 3000 }) });
    openStep1();
    expect(await screen.findByRole("dialog")).toHaveTextContent(
      "Too many verification codes requested, please try again later.",
    );
  });

  it("goes to /login when data cannot be read", async () => {
    const api = mockApi({ [SEND]: ok({ resend_after_seconds: 60 }) });
    openStep1("data=%%%");
    expect(await screen.findByTestId("location")).toHaveTextContent(/^\/login$/);
    expect(api.called(SEND)).toHaveLength(0);
  });

  it("requires the code", async () => {
    const api = mockApi({ [SEND]: ok({ resend_after_seconds: 60 }) });
    openStep1();
    await screen.findByRole("button", { name: "Resend (60s)" });
    await userEvent.setup().click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Please enter the verification code")).toBeInTheDocument();
    expect(api.called(EXCHANGE)).toHaveLength(0);
  });

  it("4201: 'Verification code invalid, Please try again.', and the member can type another", async () => {
    const api = mockApi({
      [SEND]: ok({ resend_after_seconds: 60 }),
      [EXCHANGE]: fail(400, 4201, "invalid"),
    });
    openStep1();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Verification code"), "123456");
    await user.click(screen.getByRole("button", { name: "Next" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Verification code invalid, Please try again.");
    expect(api.called(EXCHANGE)[0]?.body).toEqual({
      mobile_phone_prefix: "852",
      mobile_phone: "91234567",
      mobile_token: "123456",
    });
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(screen.getByLabelText("Verification code")).toHaveValue("");
    expect(screen.getByRole("button", { name: "Next" })).toBeEnabled();
    expect(sessionStorage.getItem("resetToken")).toBeNull();
  });

  it("the whole reset: code, token kept, new password, success page with a way to log in", async () => {
    const api = mockApi({
      [SEND]: ok({ resend_after_seconds: 60 }),
      [EXCHANGE]: ok({ reset_token: "reset-abc" }),
      [RESET]: ok({}),
    });
    openStep1();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Verification code"), "654321");
    await user.click(screen.getByRole("button", { name: "Next" }));
    await finishLoading();

    const password = await screen.findByLabelText("New password");
    expect(JSON.parse(sessionStorage.getItem("resetToken") ?? "{}")).toMatchObject({ token: "reset-abc" });
    await user.type(password, "NewPass123");
    await user.type(screen.getByLabelText("Confirm new password"), "NewPass123");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await finishLoading();

    expect(await screen.findByRole("heading", { name: "Your password has been reset." })).toBeInTheDocument();
    expect(api.called(RESET)[0]?.body).toEqual({ token: "reset-abc", new_password: "NewPass123" });
    expect(sessionStorage.getItem("resetToken")).toBeNull();
    expect(api.called(SEND)).toHaveLength(1);
    await user.click(screen.getByRole("link", { name: "Go to login" }));
    expect(await screen.findByTestId("location")).toHaveTextContent(/^\/login$/);
  });
});
