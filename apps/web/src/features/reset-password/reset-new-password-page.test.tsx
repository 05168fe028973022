import { fail, mockApi, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { encodePhoneData } from "../../lib/phone-data.ts";
import { renderApp } from "../../lib/test-app.tsx";
import { Component as ResetNewPasswordPage } from "./reset-new-password-page.tsx";
import { keepResetToken } from "./reset-token-store.ts";

const RESET = "POST /crm/auth/reset-password";
const PHONE = { phonePre: "852", phone: "91234567" };
const DATA = encodePhoneData(PHONE);

function openStep2() {
  return renderApp(
    [{ path: "/reset-pw/step2", Component: ResetNewPasswordPage }],
    `/reset-pw/step2?data=${DATA}`,
  );
}

async function submit(password: string, confirmation = password) {
  const user = userEvent.setup();
  if (password) await user.type(screen.getByLabelText("New password"), password);
  if (confirmation) await user.type(screen.getByLabelText("Confirm new password"), confirmation);
  await user.click(screen.getByRole("button", { name: "Submit" }));
  return user;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("/reset-pw/step2", () => {
  it("without a reset token goes back to step 1 for this number", async () => {
    mockApi({});
    openStep2();
    expect(await screen.findByTestId("location")).toHaveTextContent(`/reset-pw/step1?data=${DATA}`);
  });

  it("ignores a reset token kept for another number", async () => {
    mockApi({});
    keepResetToken({ phonePre: "852", phone: "98765432" }, "someone-else");
    openStep2();
    expect(await screen.findByTestId("location")).toHaveTextContent(`/reset-pw/step1?data=${DATA}`);
  });

  it("shows two empty masked fields and checks the format and the confirmation", async () => {
    const api = mockApi({ [RESET]: ok({}) });
    keepResetToken(PHONE, "reset-1");
    openStep2();
    expect(screen.getByLabelText("New password")).toHaveAttribute("type", "password");
    expect(screen.getByLabelText("New password")).toHaveValue("");
    expect(screen.getByLabelText("Confirm new password")).toHaveAttribute("type", "password");
    await submit("abcdefg1", "abcdefg2");
    expect(
      await screen.findByText("The password format does not match, please re-enter"),
    ).toBeInTheDocument();
    expect(screen.getByText("Password inconsistency, please re-enter")).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it("an expired reset token (4201) says so and goes back to step 1", async () => {
    mockApi({ [RESET]: fail(400, 4201, "invalid") });
    keepResetToken(PHONE, "reset-old");
    openStep2();
    const user = await submit("NewPass123");
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Verification code invalid, Please try again.");
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByTestId("location")).toHaveTextContent(`/reset-pw/step1?data=${DATA}`);
    expect(sessionStorage.getItem("resetToken")).toBeNull();
  });

  it.each([
    [
      "a known code: its text",
      fail(400, 4207, "common"),
      "This password is too common, please choose another.",
    ],
    [
      "an unknown code: the server's error_message",
      fail(500, 9999, "Password store offline"),
      "Password store offline",
    ],
  ])("other failures show %s, and the member stays with the token", async (_, answer, text) => {
    const api = mockApi({ [RESET]: [answer, ok({})] });
    keepResetToken(PHONE, "reset-2");
    openStep2();
    const user = await submit("NewPass123");
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent(text);
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(screen.getByRole("button", { name: "Submit" })).toBeEnabled();
    expect(screen.queryByTestId("location")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByTestId("location")).toHaveTextContent("/reset-pw/success");
    expect(api.called(RESET).map((call) => call.body.token)).toEqual(["reset-2", "reset-2"]);
  });
});
