import { act, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { changeLanguage } from "../../lib/i18n.ts";
import { encodePhoneData } from "../../lib/phone-data.ts";
import { session } from "../../lib/session.ts";
import { Component as RegisterCodePage } from "./register-code-page.tsx";
import { failure, memberCode, mockApi, ok, type Reply, renderScreen } from "./test-helpers.tsx";
import { Component as VerifyCodePage } from "./verify-code-page.tsx";

const SEND = "POST /crm/registration/request-sms-token";
const VERIFY = "POST /crm/registration/register-token-status";
const CHECK_PHONE = "POST /custom-api/api/Member/CheckPhone";
const COIN = "POST /custom-api/custom/cuapp/customer/hcoin-check-linked";

const DATA = encodePhoneData({ phonePre: "852", phone: "91234567" });

const routes = [
  { path: "/register/step2", Component: RegisterCodePage },
  { path: "/verify", Component: VerifyCodePage },
];

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await changeLanguage("en");
});

/** Types the code and submits it; the dialog that follows is the result. */
async function submitCode(code = "123456") {
  await userEvent.type(screen.getByLabelText("Verification code"), code);
  await userEvent.click(screen.getByRole("button", { name: "Next" }));
}

function flowApi(checkPhone: Reply, coin?: Reply) {
  return mockApi({
    [VERIFY]: ok({ verified: true }),
    [CHECK_PHONE]: checkPhone,
    ...(coin ? { [COIN]: coin } : {}),
  });
}

const landedAt = async () => new URL((await screen.findByTestId("landed")).textContent ?? "", "http://x");

describe("SMS code screens: number and code", () => {
  it("shows +prefix and number from data, and an empty code input", () => {
    mockApi({});
    renderScreen(routes, `/register/step2?data=${DATA}`);
    expect(screen.getByText("+852 9123 4567")).toBeInTheDocument();
    expect(screen.getByLabelText("Verification code")).toHaveValue("");
    expect(screen.getByLabelText("Verification code")).toHaveAttribute("inputmode", "numeric");
  });

  it("sends /register/step2 with undecodable data back to /register", async () => {
    mockApi({});
    renderScreen(routes, "/register/step2?data=not-json");
    expect((await landedAt()).pathname).toBe("/register");
  });

  it("sends /verify without data back to /login, keeping redirect", async () => {
    mockApi({});
    renderScreen(routes, "/verify?redirect=%2Fqrcode");
    const url = await landedAt();
    expect(url.pathname).toBe("/login");
    expect(url.searchParams.get("redirect")).toBe("/qrcode");
  });

  it("requires a code before calling the server", async () => {
    const api = mockApi({});
    renderScreen(routes, `/register/step2?data=${DATA}`);
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Please enter the verification code")).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it("says 'Verification code invalid, Please try again.' on 4201 and stays", async () => {
    const api = mockApi({ [VERIFY]: failure(400, 4201, "bad code") });
    renderScreen(routes, `/register/step2?data=${DATA}`);
    await submitCode("654321");
    expect(await screen.findByText("Verification code invalid, Please try again.")).toBeInTheDocument();
    expect(api.called(VERIFY)[0]?.body).toEqual({
      mobile_phone_prefix: "852",
      mobile_phone: "91234567",
      sms_token: "654321",
    });
    expect(api.called(CHECK_PHONE)).toHaveLength(0);
    expect(session.getPhone()).toBeNull();
  });
});

describe("SMS code screens: resend countdown", () => {
  it("on /register/step2 is already counting from 60 and lets the member resend at 0", async () => {
    vi.useFakeTimers();
    const api = mockApi({ [SEND]: ok({ resend_after_seconds: 60 }) });
    renderScreen(routes, `/register/step2?data=${DATA}`);
    expect(screen.getByRole("button", { name: "Resend (60 s)" })).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole("button", { name: "Resend (59 s)" })).toBeDisabled();
    for (let second = 0; second < 59; second++) act(() => vi.advanceTimersByTime(1000));
    const resend = screen.getByRole("button", { name: "Resend" });
    expect(resend).toBeEnabled();
    fireEvent.click(resend);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(api.called(SEND)).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Resend (60 s)" })).toBeDisabled();
  });

  it("on /verify sends the first code from the button, then counts down", async () => {
    vi.useFakeTimers();
    const api = mockApi({ [SEND]: ok({ resend_after_seconds: 60 }) });
    renderScreen(routes, `/verify?data=${DATA}`);
    const send = screen.getByRole("button", { name: "Send code" });
    expect(send).toBeEnabled();
    expect(api.calls).toHaveLength(0);
    fireEvent.click(send);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(api.called(SEND)[0]?.body).toEqual({ mobile_phone_prefix: "852", mobile_phone: "91234567" });
    expect(screen.getByRole("button", { name: "Resend (60 s)" })).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole("button", { name: "Resend (59 s)" })).toBeDisabled();
  });

  it("counts down from retry_after_seconds on 4203", async () => {
    vi.useFakeTimers();
    mockApi({ [SEND]: failure(429, 4203, "too soon", { retry_after_seconds: 42 }) });
    renderScreen(routes, `/verify?data=${DATA}`);
    fireEvent.click(screen.getByRole("button", { name: "Send code" }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(
      screen.getByText("Please wait a moment before requesting another verification code."),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Resend (42 s)", hidden: true })).toBeDisabled();
  });

  it("shows the message on 4204 and starts no countdown", async () => {
    mockApi({ [SEND]: failure(429, 4204, "too many", { retry_after_seconds: 3000 }) });
    renderScreen(routes, `/verify?data=${DATA}`);
    await userEvent.click(screen.getByRole("button", { name: "Send code" }));
    expect(
      await screen.findByText("Too many verification codes requested, please try again later."),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect(screen.getByRole("button", { name: "Send code" })).toBeEnabled();
  });
});

describe("SMS code screens: CheckPhone", () => {
  it("40003 with coin status 100 goes to the terms without an alert, code kept in the session", async () => {
    const api = flowApi(memberCode(40003), ok({ status_code: 100 }));
    renderScreen(routes, `/register/step2?data=${DATA}&redirect=%2Fqrcode`);
    await submitCode();
    const url = await landedAt();
    expect(url.pathname).toBe("/register/terms");
    expect(url.searchParams.get("redirect")).toBe("/qrcode");
    expect(url.searchParams.get("update")).toBeNull();
    expect(session.getPhone()).toEqual({ phonePre: "852", phone: "91234567", code: "123456" });
    expect(api.called(CHECK_PHONE)[0]?.body).toEqual({
      mobile_phone_prefix: "852",
      mobile_phone: "91234567",
      sms_token: "123456",
    });
    // The coin check is a "no token" call, even for a visitor who holds one.
    expect(api.called(COIN)[0]?.headers.authorization).toBe("Bearer web:guest");
  });

  it("40003 with coin status 999 goes to the terms too", async () => {
    flowApi(memberCode(40003), ok({ status_code: 999 }));
    renderScreen(routes, `/verify?data=${DATA}`);
    await submitCode();
    expect((await landedAt()).pathname).toBe("/register/terms");
  });

  it("40003 with coin status 101 says the number is registered and stops", async () => {
    flowApi(memberCode(40003), ok({ status_code: 101, hcoins_memberno: "H1" }));
    renderScreen(routes, `/register/step2?data=${DATA}`);
    await submitCode();
    expect(
      await screen.findByText(
        "This mobile number has been registered, please login or contact customer service.",
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect(screen.queryByTestId("landed")).toBeNull();
  });

  it("40003 with coin status -1 shows the scheme's message in the current language and stops", async () => {
    await changeLanguage("sc");
    flowApi(
      memberCode(40003),
      ok({ status_code: -1, msg_en: "Scheme down", msg_tc: "計劃暫停", msg_sc: "计划暂停" }),
    );
    renderScreen(routes, `/register/step2?data=${DATA}`);
    await userEvent.type(screen.getByLabelText("验证码"), "123456");
    await userEvent.click(screen.getByRole("button", { name: "下一步" }));
    expect(await screen.findByText("计划暂停")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "确认" }));
    expect(screen.queryByTestId("landed")).toBeNull();
  });

  it("40005 saves the access token, offers 'Update Now' and opens the terms with update=1", async () => {
    flowApi(memberCode(40005, { access_token: "app-member-token" }));
    renderScreen(routes, `/register/step2?data=${DATA}&redirect=%2Fqrcode`);
    await submitCode();
    expect(await screen.findByText("Existing CU APP member")).toBeInTheDocument();
    expect(session.getToken()).toBe("app-member-token");
    await userEvent.click(screen.getByRole("button", { name: "Update Now" }));
    const url = await landedAt();
    expect(url.pathname).toBe("/register/terms");
    expect(url.searchParams.get("update")).toBe("1");
    expect(url.searchParams.get("redirect")).toBe("/qrcode");
  });

  it("40006 offers 'Login' and opens the password step with the same number", async () => {
    flowApi(memberCode(40006));
    renderScreen(routes, `/verify?data=${DATA}`);
    await submitCode();
    expect(await screen.findByText("Your mobile number has been registered as a member")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Login" }));
    const url = await landedAt();
    expect(url.pathname).toBe("/login/step2");
    expect(url.searchParams.get("data")).toBe(DATA);
  });

  it("40002 says the number cannot register and stops", async () => {
    const api = flowApi(memberCode(40002));
    renderScreen(routes, `/register/step2?data=${DATA}`);
    await submitCode();
    expect(
      await screen.findByText("Fail to register with this number, Please use other number to register"),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect(screen.queryByTestId("landed")).toBeNull();
    expect(api.called(COIN)).toHaveLength(0);
  });

  it("an answer without a known code shows its message", async () => {
    flowApi({ body: { message: "Member service unavailable" } });
    renderScreen(routes, `/register/step2?data=${DATA}`);
    await submitCode();
    expect(await screen.findByText("Member service unavailable")).toBeInTheDocument();
  });

  it("an answer with neither code nor message shows 'Server Error'", async () => {
    flowApi({ status: 500, body: {} });
    renderScreen(routes, `/register/step2?data=${DATA}`);
    await submitCode();
    expect(await screen.findByText("Server Error")).toBeInTheDocument();
  });

  it("a gateway's 502 says the service is unreachable, and the code typed stays", async () => {
    flowApi({ status: 502, body: {} });
    renderScreen(routes, `/register/step2?data=${DATA}`);
    await submitCode();
    expect(
      await screen.findByText(
        "The service cannot be reached right now. Please check your connection and try again.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("Verification code")).not.toHaveValue("");
  });
});
