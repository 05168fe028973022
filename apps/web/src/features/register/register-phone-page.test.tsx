import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { decodePhoneData } from "../../lib/phone-data.ts";
import { session } from "../../lib/session.ts";
import { Component as RegisterCodePage } from "./register-code-page.tsx";
import { Component as RegisterPhonePage } from "./register-phone-page.tsx";
import { failure, mockApi, ok, renderScreen } from "./test-helpers.tsx";

const SEND = "POST /crm/registration/request-sms-token";

function renderPage(entry = "/register") {
  return renderScreen([{ path: "/register", Component: RegisterPhonePage }], entry);
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe("RegisterPhonePage", () => {
  it("offers +852, +853 and +86 with 852 chosen and an empty number", () => {
    mockApi({});
    renderPage();
    const prefix = screen.getByRole("combobox", { name: "Country code" }) as HTMLSelectElement;
    expect([...prefix.options].map((option) => option.textContent)).toEqual(["+852", "+853", "+86"]);
    expect(prefix.value).toBe("852");
    expect(screen.getByLabelText("Mobile number")).toHaveValue("");
  });

  it("requires a number", async () => {
    const api = mockApi({});
    renderPage();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Please enter your mobile number")).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it.each(["852", "853"])("wants exactly 8 digits for %s", async (prefix) => {
    const api = mockApi({});
    renderPage();
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Country code" }), prefix);
    await userEvent.type(screen.getByLabelText("Mobile number"), "912345678");
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Length should be 8 digits")).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it("wants 11 digits starting 1[3-9] for 86", async () => {
    const api = mockApi({});
    renderPage();
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Country code" }), "86");
    await userEvent.type(screen.getByLabelText("Mobile number"), "12800138000");
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Length should be 11 digits")).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it("sends the code and opens step 2 with the number in data, keeping redirect", async () => {
    const api = mockApi({ [SEND]: ok({ resend_after_seconds: 60, expires_in_seconds: 300 }) });
    renderPage("/register?redirect=%2Fqrcode");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Country code" }), "86");
    await userEvent.type(screen.getByLabelText("Mobile number"), "13800138000");
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    const landed = await screen.findByTestId("landed");
    const url = new URL(landed.textContent ?? "", "http://x");
    expect(url.pathname).toBe("/register/step2");
    expect(decodePhoneData(url.searchParams.get("data"))).toEqual({ phonePre: "86", phone: "13800138000" });
    expect(url.searchParams.get("redirect")).toBe("/qrcode");
    expect(api.called(SEND)[0]?.body).toEqual({ mobile_phone_prefix: "86", mobile_phone: "13800138000" });
    expect(session.getPhone()).toEqual({ phonePre: "86", phone: "13800138000" });
  });

  it("stays with the wait when a code was asked for too recently (4203)", async () => {
    mockApi({
      [SEND]: failure(429, 4203, "wait", { retry_after_seconds: 42 }),
    });
    renderPage();
    await userEvent.type(screen.getByLabelText("Mobile number"), "91234567");
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(
      await screen.findByText(
        "Please wait a moment before requesting another verification code. Please try again in 42 seconds.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByTestId("landed")).toBeNull();
  });

  it.each([
    ["9123 4567", "852", "91234567"],
    ["9123-4567", "852", "91234567"],
    ["９１２３４５６７", "852", "91234567"],
    ["138 1234 5678", "86", "13812345678"],
  ])("accepts %j and sends it as +%s %s", async (typed, prefix, phone) => {
    const api = mockApi({ [SEND]: ok({ resend_after_seconds: 60, expires_in_seconds: 300 }) });
    renderPage();
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Country code" }), prefix);
    await userEvent.type(screen.getByLabelText("Mobile number"), typed);
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByTestId("landed");
    expect(screen.queryByText(/Length should be/)).toBeNull();
    expect(api.called(SEND)[0]?.body).toEqual({ mobile_phone_prefix: prefix, mobile_phone: phone });
    expect(session.getPhone()).toEqual({ phonePre: prefix, phone });
  });

  it("goes back to step 2 with the running countdown when the code already sent to the number is still good", async () => {
    session.setPhone({ phonePre: "852", phone: "91234567" });
    const api = mockApi({ [SEND]: failure(429, 4203, "wait", { retry_after_seconds: 42 }) });
    renderScreen(
      [
        { path: "/register", Component: RegisterPhonePage },
        { path: "/register/step2", Component: RegisterCodePage },
      ],
      "/register",
    );
    await userEvent.type(screen.getByLabelText("Mobile number"), "9123 4567");
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("button", { name: "Resend (42 s)" })).toBeDisabled();
    expect(screen.getByText("+852 9123 4567")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(api.called(SEND)).toHaveLength(1);
  });

  it("keeps the wait message for another number than the one the code went to", async () => {
    session.setPhone({ phonePre: "852", phone: "91234567" });
    mockApi({ [SEND]: failure(429, 4203, "wait", { retry_after_seconds: 42 }) });
    renderPage();
    await userEvent.type(screen.getByLabelText("Mobile number"), "98765432");
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText(/Please try again in 42 seconds\./)).toBeInTheDocument();
    expect(screen.queryByTestId("landed")).toBeNull();
  });

  it("stays with the server's message on other failures (4204)", async () => {
    mockApi({ [SEND]: failure(429, 4204, "too many", { retry_after_seconds: 3000 }) });
    renderPage();
    await userEvent.type(screen.getByLabelText("Mobile number"), "91234567");
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(
      await screen.findByText("Too many verification codes requested, please try again later."),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.queryByTestId("landed")).toBeNull();
    expect(screen.getByLabelText("Mobile number")).toHaveValue("91234567");
  });
});
