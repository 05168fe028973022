import { fail, mockApi, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { encodePhoneData } from "../../lib/phone-data.ts";
import { renderApp } from "../../lib/test-app.tsx";
import { Component as LoginPasswordPage } from "./login-password-page.tsx";

const LOGIN = "POST /crm/auth/login-with-mobile-password";
const PROFILE = "GET /crm/user/profile";
const CHECK_LINKED = "POST /custom-api/custom/cuapp/customer/hcoin-check-linked";
const LINK = "POST /custom-api/custom/cuapp/customer/link-hcoin-2";
const CREATE = "POST /custom-api/custom/cuapp/customer/hcoin-create";

const DATA = encodePhoneData({ phonePre: "852", phone: "91234567" });
const SHOP = "https://shop.example.com/";

const member = {
  id: 42,
  member_no: "M000000042",
  mobile_phone_prefix: "852",
  mobile_phone: "91234567",
  external_customer_id: "HC0042",
  custom_fields: { age_range: null, residential_country_region: null, residential_district: null },
};

const linked = (hcoinsNo = "HC0042") => ok({ status_code: 101, hcoins_memberno: hcoinsNo });

function openPasswordStep(query = `data=${DATA}`) {
  return renderApp([{ path: "/login/step2", Component: LoginPasswordPage }], `/login/step2?${query}`);
}

async function logIn(password = "Secret123") {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Login" }));
  return user;
}

let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
beforeEach(() => {
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, "assign").mockImplementation(assign);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("/login/step2", () => {
  it.each([
    [
      "a gateway's 502",
      { status: 502, body: "<html>Bad Gateway</html>" },
      "The service cannot be reached right now. Please check your connection and try again.",
    ],
    [
      "a 503",
      { status: 503, body: "Service Unavailable" },
      "The service cannot be reached right now. Please check your connection and try again.",
    ],
    [
      "the server's 5030",
      fail(503, 5030, "db down"),
      "The service is temporarily unavailable, please try again later.",
    ],
  ])("keeps the password and says the service is unreachable on %s", async (_case, reply, says) => {
    mockApi({ [LOGIN]: reply });
    openPasswordStep();
    const user = await logIn("Secret123");
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent(says);
    expect(dialog).not.toHaveTextContent("Server Error");
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(screen.getByLabelText("Password")).toHaveValue("Secret123");
    expect(screen.getByLabelText("Password")).toHaveFocus();
  });

  it("shows the number, an empty masked password field and the forgot-password link with the same data", () => {
    mockApi({});
    openPasswordStep();
    expect(screen.getByText("+852 9123 4567")).toBeInTheDocument();
    const password = screen.getByLabelText("Password");
    expect(password).toHaveAttribute("type", "password");
    expect(password).toHaveValue("");
    expect(screen.getByRole("link", { name: "Forgot password?" })).toHaveAttribute(
      "href",
      `/reset-pw/step1?data=${DATA}`,
    );
  });

  it("goes back to /login, redirect kept, when data cannot be read", async () => {
    mockApi({});
    openPasswordStep("data=not-a-number&redirect=%2Fqrcode");
    expect(await screen.findByTestId("location")).toHaveTextContent("/login?redirect=%2Fqrcode");
  });

  it("requires the password before calling the server", async () => {
    const api = mockApi({});
    openPasswordStep();
    await userEvent.setup().click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("Please enter your password")).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it("5000: 'Login Fail' with the attempts left; field and button usable again after the alert", async () => {
    const api = mockApi({
      [LOGIN]: [
        fail(400, 5000, "Login Fail", { attempts_remaining: 3 }),
        fail(400, 5000, "Login Fail", { attempts_remaining: 2 }),
      ],
    });
    openPasswordStep();
    const user = await logIn("Wrong1234");
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Login Fail")).toBeInTheDocument();
    expect(dialog).toHaveTextContent("Incorrect input, you have 3 attempt(s) remaining");
    expect(api.called(LOGIN)[0]?.body).toEqual({
      mobile_phone_prefix: "852",
      mobile_phone: "91234567",
      password: "Wrong1234",
    });

    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    const password = screen.getByLabelText("Password");
    expect(password).toBeEnabled();
    expect(password).toHaveValue("");
    expect(screen.getByRole("button", { name: "Login" })).toBeEnabled();

    await logIn("Wrong5678");
    expect(await screen.findByText("Incorrect input, you have 2 attempt(s) remaining")).toBeInTheDocument();
    expect(api.called(LOGIN)).toHaveLength(2);
  });

  it.each([
    ["4290", fail(429, 4290, "locked", { attempts_remaining: 0, retry_after_seconds: 900 })],
    ["5000 with none left", fail(400, 5000, "Login Fail", { attempts_remaining: 0 })],
  ])("%s: 'Too Many Failed Attempts'", async (_, answer) => {
    mockApi({ [LOGIN]: answer });
    openPasswordStep();
    await logIn();
    expect(await screen.findByRole("dialog")).toHaveTextContent(
      "Too Many Failed Attempts, Please try again after 15 minutes.",
    );
  });

  it("4202: the account is unavailable", async () => {
    mockApi({ [LOGIN]: fail(403, 4202, "disabled") });
    openPasswordStep();
    const user = await logIn();
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent(
      "This account is temporarily unavailable for login. Please contact customer service.",
    );
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(screen.getByRole("button", { name: "Login" })).toBeEnabled();
  });

  it("success: stores the token, loads the profile, runs the coin check and goes to an allowed path", async () => {
    const api = mockApi({
      [LOGIN]: ok({ access_token: "tok-1" }),
      [PROFILE]: ok(member),
      [CHECK_LINKED]: linked(),
    });
    openPasswordStep(`data=${DATA}&redirect=%2Fqrcode`);
    await logIn();
    expect(await screen.findByTestId("location")).toHaveTextContent(/^\/qrcode$/);
    expect(localStorage.getItem("token")).toBe("tok-1");
    expect(api.called(PROFILE)[0]?.headers.authorization).toBe("Bearer web:tok-1");
    expect(api.called(CHECK_LINKED)[0]?.body).toEqual({
      mobile_phone_prefix: "852",
      mobile_phone: "91234567",
    });
    // The member's own token: only to its member does a 101 carry the H Coins number.
    expect(api.called(CHECK_LINKED)[0]?.headers.authorization).toBe("Bearer web:tok-1");
    expect(api.called(LINK)).toHaveLength(0);
    expect(api.called(CREATE)).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it.each(["https://evil.example", "//evil.example"])(
    "refuses the redirect %s and leaves for the shop with the token",
    async (target) => {
      mockApi({
        [LOGIN]: ok({ access_token: "tok-2" }),
        [PROFILE]: ok(member),
        [CHECK_LINKED]: linked(),
      });
      openPasswordStep(`data=${DATA}&redirect=${encodeURIComponent(target)}`);
      await logIn();
      await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(`${SHOP}?access_token=tok-2`));
      expect(screen.queryByTestId("location")).not.toBeInTheDocument();
    },
  );

  it("without a redirect leaves for the shop with the token", async () => {
    mockApi({ [LOGIN]: ok({ access_token: "tok-3" }), [PROFILE]: ok(member), [CHECK_LINKED]: linked() });
    openPasswordStep();
    await logIn();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(`${SHOP}?access_token=tok-3`));
  });

  it("an unlinked account (100) is linked, and a failed link alerts but does not block the login", async () => {
    const api = mockApi({
      [LOGIN]: ok({ access_token: "tok-4" }),
      [PROFILE]: ok({ ...member, external_customer_id: null }),
      [CHECK_LINKED]: ok({ status_code: 100 }),
      [LINK]: fail(503, 5030, "down", { msg_en: "H Coins is unavailable", msg_tc: "暫停", msg_sc: "暂停" }),
    });
    openPasswordStep(`data=${DATA}&redirect=%2Fqrcode`);
    const user = await logIn();
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("H Coins is unavailable");
    expect(api.called(LINK)[0]?.headers.authorization).toBe("Bearer web:tok-4");
    expect(screen.queryByTestId("location")).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByTestId("location")).toHaveTextContent("/qrcode");
  });

  it("a scheme refusal (-1) creates the account, as after registration", async () => {
    const api = mockApi({
      [LOGIN]: ok({ access_token: "tok-5" }),
      [PROFILE]: ok({ ...member, external_customer_id: null }),
      [CHECK_LINKED]: ok({ status_code: -1, msg_en: "refused" }),
      [CREATE]: ok({}),
    });
    openPasswordStep(`data=${DATA}&redirect=%2Fqrcode`);
    await logIn();
    expect(await screen.findByTestId("location")).toHaveTextContent("/qrcode");
    expect(api.called(CREATE)).toHaveLength(1);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("101 with another member's number alerts the scheme's message, then goes on", async () => {
    mockApi({
      [LOGIN]: ok({ access_token: "tok-6" }),
      [PROFILE]: ok(member),
      [CHECK_LINKED]: ok({ status_code: 101, hcoins_memberno: "HC9999", msg_en: "Linked to another member" }),
    });
    openPasswordStep(`data=${DATA}&redirect=%2Fqrcode`);
    const user = await logIn();
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("Linked to another member");
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByTestId("location")).toHaveTextContent("/qrcode");
  });
});
