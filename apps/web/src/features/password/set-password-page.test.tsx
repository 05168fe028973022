import { fail, mockApi, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../../lib/test-app.tsx";
import { Component as SetPasswordPage } from "./set-password-page.tsx";

const SET = "POST /crm/user/set-password";
const PROFILE = "GET /crm/user/profile";
const CHECK_LINKED = "POST /custom-api/custom/cuapp/customer/hcoin-check-linked";
const LINK = "POST /custom-api/custom/cuapp/customer/link-hcoin-2";
const CREATE = "POST /custom-api/custom/cuapp/customer/hcoin-create";

const member = {
  id: 9,
  member_no: "A0009",
  mobile_phone_prefix: "852",
  mobile_phone: "61234567",
  external_customer_id: "HC0009",
  has_password: true,
};

function openSetPassword() {
  localStorage.setItem("token", "app-member-token");
  return renderApp([{ path: "/updatepw", Component: SetPasswordPage }], "/updatepw");
}

async function submit(password = "FirstPass1") {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("New password"), password);
  await user.type(screen.getByLabelText("Confirm new password"), password);
  await user.click(screen.getByRole("button", { name: "Submit" }));
  return user;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("/updatepw", () => {
  it("checks the confirmation before calling the server", async () => {
    const api = mockApi({});
    openSetPassword();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("New password"), "FirstPass1");
    await user.type(screen.getByLabelText("Confirm new password"), "FirstPass2");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Password inconsistency, please re-enter")).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it.each([
    ["4206 (a password exists)", fail(409, 4206, "already set")],
    ["5030", fail(503, 5030, "down")],
  ])("%s: 'Fail to update password, Please try again.' and loading stops", async (_, answer) => {
    const api = mockApi({ [SET]: answer });
    openSetPassword();
    const user = await submit();
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("alert")).toHaveTextContent(
      /^Fail to update password, Please try again\.$/,
    );
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    const button = screen.getByRole("button", { name: "Submit" });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute("aria-busy");
    expect(api.called(CHECK_LINKED)).toHaveLength(0);
  });

  it("success: sets the password, reloads user info, and a linked member (101, same number) reaches /update-user/success", async () => {
    const api = mockApi({
      [SET]: ok({}),
      [PROFILE]: ok(member),
      [CHECK_LINKED]: ok({ status_code: 101, hcoins_memberno: "HC0009" }),
    });
    openSetPassword();
    await submit();
    expect(await screen.findByTestId("location")).toHaveTextContent("/update-user/success");
    expect(api.called(SET)[0]?.body).toEqual({ new_password: "FirstPass1" });
    expect(api.called(SET)[0]?.headers.authorization).toBe("Bearer web:app-member-token");
    expect(api.called(CHECK_LINKED)[0]?.body).toEqual({
      mobile_phone_prefix: "852",
      mobile_phone: "61234567",
    });
  });

  it("success with an unlinked account (100): links it, then the success page", async () => {
    const api = mockApi({
      [SET]: ok({}),
      [PROFILE]: ok({ ...member, external_customer_id: null }),
      [CHECK_LINKED]: ok({ status_code: 100 }),
      [LINK]: ok({}),
    });
    openSetPassword();
    await submit();
    expect(await screen.findByTestId("location")).toHaveTextContent("/update-user/success");
    expect(api.called(LINK)).toHaveLength(1);
  });

  it("a refusal of the scheme (-1) shows its message, creates nothing and stays", async () => {
    const api = mockApi({
      [SET]: ok({}),
      [PROFILE]: ok({ ...member, external_customer_id: null }),
      [CHECK_LINKED]: ok({
        status_code: -1,
        msg_en: "H Coins refused this number",
        msg_tc: "拒絕",
        msg_sc: "拒绝",
      }),
    });
    openSetPassword();
    const user = await submit();
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("H Coins refused this number");
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(screen.getByRole("button", { name: "Submit" })).toBeEnabled();
    expect(screen.queryByTestId("location")).not.toBeInTheDocument();
    expect(api.called(CREATE)).toHaveLength(0);
  });
});
