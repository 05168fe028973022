import { fail, mockApi } from "@hcoins/web-kit/testing/mock-api";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { encodePhoneData } from "../../lib/phone-data.ts";
import { memberCode, renderApp } from "../../lib/test-app.tsx";
import { Component as LoginPhonePage } from "./login-phone-page.tsx";

const CHECK_PHONE = "POST /custom-api/api/Member/CheckPhone";

function openLogin(entry = "/login") {
  return renderApp([{ path: "/login", Component: LoginPhonePage }], entry);
}

async function submitNumber(phone: string, prefix?: string) {
  const user = userEvent.setup();
  if (prefix) await user.selectOptions(screen.getByRole("combobox", { name: "Country code" }), prefix);
  await user.type(screen.getByLabelText("Mobile number"), phone);
  await user.click(screen.getByRole("button", { name: "Next" }));
  return user;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("/login", () => {
  it("starts with +852 and an empty mobile number", () => {
    mockApi({});
    openLogin();
    expect(screen.getByRole("combobox", { name: "Country code" })).toHaveValue("852");
    expect(screen.getByLabelText("Mobile number")).toHaveValue("");
  });

  it("checks the number as a visitor, without an SMS code, and sends a member (40006) to the password step with the redirect", async () => {
    const api = mockApi({ [CHECK_PHONE]: memberCode(40006) });
    openLogin("/login?redirect=%2Fqrcode");
    await submitNumber("91234567");
    const data = encodePhoneData({ phonePre: "852", phone: "91234567" });
    expect(await screen.findByTestId("location")).toHaveTextContent(
      `/login/step2?data=${data}&redirect=%2Fqrcode`,
    );
    const [call] = api.called(CHECK_PHONE);
    expect(call?.body).toEqual({ mobile_phone_prefix: "852", mobile_phone: "91234567" });
    expect(call?.headers.authorization).toBe("Bearer web:guest");
  });

  it.each([40003, 40005, 40002])("sends %i to SMS verification, data and redirect kept", async (code) => {
    mockApi({ [CHECK_PHONE]: memberCode(code) });
    openLogin("/login?redirect=%2Fupdateuser");
    await submitNumber("13800138000", "86");
    const data = encodePhoneData({ phonePre: "86", phone: "13800138000" });
    expect(await screen.findByTestId("location")).toHaveTextContent(
      `/verify?data=${data}&redirect=%2Fupdateuser`,
    );
  });

  it("leaves the redirect out when there was none", async () => {
    mockApi({ [CHECK_PHONE]: memberCode("40006" as unknown as number) });
    openLogin();
    await submitNumber("91234567");
    const data = encodePhoneData({ phonePre: "852", phone: "91234567" });
    expect(await screen.findByTestId("location")).toHaveTextContent(`/login/step2?data=${data}`);
    expect(screen.getByTestId("location").textContent).not.toContain("redirect");
  });

  it("shows the answer's message when it has no code to act on", async () => {
    mockApi({ [CHECK_PHONE]: { status: 200, body: { message: "Member service busy" } } });
    openLogin();
    await submitNumber("91234567");
    expect(await screen.findByRole("dialog")).toHaveTextContent("Member service busy");
    expect(screen.queryByTestId("location")).not.toBeInTheDocument();
  });

  it("shows 'Server Error' when the answer has neither code nor message, and the form stays usable", async () => {
    mockApi({ [CHECK_PHONE]: { status: 500, body: {} } });
    openLogin();
    const user = await submitNumber("91234567");
    expect(await screen.findByRole("dialog")).toHaveTextContent("Server Error");
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect(screen.getByRole("button", { name: "Next" })).toBeEnabled();
    expect(screen.getByLabelText("Mobile number")).toHaveValue("91234567");
  });

  it("says the service is unreachable on a gateway's 502, keeping the number as typed", async () => {
    mockApi({ [CHECK_PHONE]: { status: 502, body: "<html>Bad Gateway</html>" } });
    openLogin();
    const user = await submitNumber("9123 4567");
    expect(await screen.findByRole("dialog")).toHaveTextContent(
      "The service cannot be reached right now. Please check your connection and try again.",
    );
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect(screen.getByLabelText("Mobile number")).toHaveValue("9123 4567");
  });

  it("shows the domain text of a known error code", async () => {
    mockApi({ [CHECK_PHONE]: fail(429, 4299, "rate limited") });
    openLogin();
    await submitNumber("91234567");
    expect(await screen.findByRole("dialog")).toHaveTextContent("Too many requests, please try again later.");
  });

  it.each([
    ["", undefined, "Please enter your mobile number"],
    ["9123456", undefined, "Length should be 8 digits"],
    ["12800138000", "86", "Length should be 11 digits"],
  ])("refuses %j (prefix %s) before calling the server", async (phone, prefix, message) => {
    const api = mockApi({ [CHECK_PHONE]: memberCode(40006) });
    openLogin();
    const user = userEvent.setup();
    if (prefix) await user.selectOptions(screen.getByRole("combobox", { name: "Country code" }), prefix);
    if (phone) await user.type(screen.getByLabelText("Mobile number"), phone);
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText("Mobile number")).toHaveAttribute("aria-invalid", "true");
    expect(api.calls).toHaveLength(0);
  });
});
