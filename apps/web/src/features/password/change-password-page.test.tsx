import { fail, mockApi, ok } from "@hcoins/web-kit/testing/mock-api";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { config } from "../../lib/config.ts";
import { translator } from "../../lib/i18n.ts";
import { renderApp } from "../../lib/test-app.tsx";
import { Component as ChangePasswordPage } from "./change-password-page.tsx";
import { Component as ChangePasswordSuccessPage } from "./change-password-success-page.tsx";

const CHANGE = "POST /crm/user/change-password";

function openChangePassword() {
  localStorage.setItem("token", "member-token");
  return renderApp(
    [
      { path: "/update-password", Component: ChangePasswordPage },
      { path: "/update-password/success", Component: ChangePasswordSuccessPage },
    ],
    "/update-password",
  );
}

async function submit(oldPassword: string, newPassword: string, confirmation = newPassword) {
  const user = userEvent.setup();
  if (oldPassword) await user.type(screen.getByLabelText("Old password"), oldPassword);
  if (newPassword) await user.type(screen.getByLabelText("New password"), newPassword);
  if (confirmation) await user.type(screen.getByLabelText("Confirm new password"), confirmation);
  await user.click(screen.getByRole("button", { name: "Submit" }));
  return user;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("/update-password", () => {
  it("has three empty masked fields and checks them before calling the server", async () => {
    const api = mockApi({});
    openChangePassword();
    for (const label of ["Old password", "New password", "Confirm new password"]) {
      expect(screen.getByLabelText(label)).toHaveAttribute("type", "password");
      expect(screen.getByLabelText(label)).toHaveValue("");
    }
    await submit("", "Abc def1", "");
    expect(await screen.findByText("Please enter your password")).toBeInTheDocument();
    expect(screen.getByText("The password format does not match, please re-enter")).toBeInTheDocument();
    expect(screen.getByText("Please enter the password again")).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it("success (code 200) goes to the success page, whose button leads to the shop's VIP page", async () => {
    const api = mockApi({ [CHANGE]: ok({}) });
    openChangePassword();
    await submit("OldPass123", "NewPass123");
    expect(
      await screen.findByRole("heading", { name: "Your password has been changed." }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to member section" })).toHaveAttribute(
      "href",
      config.vipUrl,
    );
    const [call] = api.called(CHANGE);
    expect(call?.body).toEqual({ old_password: "OldPass123", new_password: "NewPass123" });
    expect(call?.headers.authorization).toBe("Bearer web:member-token");
  });

  it.each([
    ["4205 (old password wrong)", fail(400, 4205, "The old password is incorrect, please try again.")],
    ["5030", fail(503, 5030, "down")],
    ["a validation failure", fail(400, 4000, "invalid", { errors: [{ field: "new_password", rule: "x" }] })],
  ])("%s: 'Fail to update password, Please try again.' and the form is usable again", async (_, answer) => {
    mockApi({ [CHANGE]: answer });
    openChangePassword();
    const user = await submit("OldPass123", "NewPass123");
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("alert")).toHaveTextContent(
      /^Fail to update password, Please try again\.$/,
    );
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(screen.getByRole("button", { name: "Submit" })).toBeEnabled();
    expect(screen.queryByTestId("location")).not.toBeInTheDocument();
  });

  it("refuses the old password as the new one on the new password's field, before calling the server", async () => {
    const api = mockApi({});
    openChangePassword();
    await submit("OldPass123", "OldPass123");
    expect(
      await screen.findByText("The new password must be different from your current password"),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("New password")).toHaveAttribute("aria-invalid", "true");
    expect(api.calls).toHaveLength(0);
  });

  it.each([
    ["tc", "新密碼不可與現有密碼相同"],
    ["sc", "新密码不能与当前密码相同"],
  ])("says so in %s", async (language, text) => {
    await act(() => translator.changeLanguage(language));
    try {
      mockApi({});
      openChangePassword();
      const user = userEvent.setup();
      const fields = screen.getAllByLabelText(/密(碼|码)/);
      for (const field of fields) await user.type(field, "OldPass123");
      await user.click(screen.getByRole("button", { name: "提交" }));
      expect(await screen.findByText(text)).toBeInTheDocument();
    } finally {
      await act(() => translator.changeLanguage("en"));
    }
  });

  it("4205 with tries left: the failure text says how many", async () => {
    mockApi({ [CHANGE]: fail(400, 4205, "wrong", { attempts_remaining: 2 }) });
    openChangePassword();
    await submit("OldPass123", "NewPass123");
    expect(within(await screen.findByRole("dialog")).getByRole("alert")).toHaveTextContent(
      /^Fail to update password, Please try again\. You have 2 attempt\(s\) remaining\.$/,
    );
  });

  it("4290: too many wrong old passwords, try again after 15 minutes", async () => {
    mockApi({ [CHANGE]: fail(429, 4290, "locked", { attempts_remaining: 0, retry_after_seconds: 900 }) });
    openChangePassword();
    await submit("OldPass123", "NewPass123");
    expect(within(await screen.findByRole("dialog")).getByRole("alert")).toHaveTextContent(
      "Too Many Failed Attempts, Please try again after 15 minutes.",
    );
  });

  it("4207: the password is too common", async () => {
    mockApi({ [CHANGE]: fail(400, 4207, "too common") });
    openChangePassword();
    await submit("OldPass123", "Unusual123");
    expect(await screen.findByRole("dialog")).toHaveTextContent(
      "This password is too common, please choose another.",
    );
  });
});
