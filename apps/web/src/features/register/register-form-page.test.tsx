import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { changeLanguage } from "../../lib/i18n.ts";
import { queryClient } from "../../lib/query-client.ts";
import { session } from "../../lib/session.ts";
import { Component as RegisterFormPage } from "./register-form-page.tsx";
import { failure, memberCode, mockApi, ok, type Reply, renderScreen } from "./test-helpers.tsx";

const CHECK_EMAIL = "POST /custom-api/api/Member/CheckEmail";
const DUPLICATE = "POST /custom-api/custom/cuapp/customer/hcoin-check-is-duplicate-reg";
const REGISTER = "POST /crm/registration/register-with-mobile";
const SAVE_PROFILE = "POST /crm/user/profile";
const LOAD_PROFILE = "GET /crm/user/profile";
const COIN = "POST /custom-api/custom/cuapp/customer/hcoin-check-linked";
const LINK = "POST /custom-api/custom/cuapp/customer/link-hcoin-2";
const CREATE = "POST /custom-api/custom/cuapp/customer/hcoin-create";

const routes = [{ path: "/register/step3", Component: RegisterFormPage }];
const user = userEvent.setup();

const memberInfo = {
  id: 42,
  member_no: "M000000042",
  title: 3,
  name: null,
  first_name: "Tai Man",
  last_name: "Chan",
  email: "tm@example.com",
  mobile_phone: "91234567",
  mobile_phone_prefix: "852",
  gender: 2,
  birthday_month: 7,
  custom_fields: { age_range: "26 - 35", residential_country_region: "3005", residential_district: "5046" },
  referral_code: null,
  sms_subscription: 1,
  email_subscription: 0,
  do_not_call: 1,
  register_store_code: null,
  external_customer_id: "H0001",
  has_password: true,
  profile_completed: true,
};

/** A server that lets the registration through; `overrides` change single answers. */
function serverApi(overrides: Record<string, Reply> = {}) {
  return mockApi({
    [CHECK_EMAIL]: memberCode(200),
    [DUPLICATE]: ok({ duplicate: false, reason: "" }),
    [REGISTER]: ok({ access_token: "new-token", user: memberInfo }),
    [SAVE_PROFILE]: ok(memberInfo),
    [LOAD_PROFILE]: ok(memberInfo),
    [COIN]: ok({ status_code: 999, hcoins_memberno: null }),
    [CREATE]: { body: { code: 200, message: "OK", payload: {} } },
    [LINK]: { body: { code: 200, message: "OK", payload: {} } },
    ...overrides,
  });
}

function renderForm(entry = "/register/step3") {
  return renderScreen(routes, entry);
}

const textbox = (name: string) => screen.getByRole("textbox", { name });

async function fillValidForm() {
  await user.click(screen.getByRole("radio", { name: "Ms" }));
  await user.type(textbox("First name"), "Tai Man");
  await user.type(textbox("Last name"), "Chan");
  await user.type(textbox("Email"), "tm@example.com");
  await user.type(screen.getByLabelText("Password"), "Abcdefg1x");
  await user.type(screen.getByLabelText("Confirm password"), "Abcdefg1x");
  await user.click(screen.getByRole("radio", { name: "Female" }));
  await user.selectOptions(screen.getByRole("combobox", { name: "Birth month" }), "7");
  await user.selectOptions(screen.getByRole("combobox", { name: "Age range" }), "26 - 35");
  await user.selectOptions(screen.getByRole("combobox", { name: "Country / region of residence" }), "3005");
  await user.selectOptions(screen.getByRole("combobox", { name: "District" }), "5046");
  await user.type(textbox("Referral code"), "FRIEND1");
  await user.click(screen.getByRole("checkbox", { name: /I have read and agree/ }));
}

const submit = () => user.click(screen.getByRole("button", { name: "Submit" }));

beforeEach(() => {
  session.setPhone({ phonePre: "852", phone: "91234567", code: "123456" });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  queryClient.clear();
  await changeLanguage("en");
});

describe("RegisterFormPage: entry and controls", () => {
  it("sends a visitor without a verified phone back to /register", async () => {
    session.setPhone({ phonePre: "852", phone: "91234567" });
    mockApi({});
    renderForm();
    expect(await screen.findByTestId("landed")).toHaveTextContent(/^\/register$/);
  });

  it("fills in the referral code of a share link (?ref=, carried through the steps)", () => {
    mockApi({});
    renderForm("/register/step3?ref=KX7P4M9Q");
    expect(textbox("Referral code")).toHaveValue("KX7P4M9Q");
  });

  it("shows the mobile read-only and the spec's defaults", () => {
    mockApi({});
    renderForm();
    const mobile = screen.getByLabelText("Mobile number");
    expect(mobile).toHaveValue("+852 9123 4567");
    expect(mobile).toHaveAttribute("readonly");
    expect(screen.getByRole("radio", { name: "Mr" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Male" })).toBeChecked();
    for (const name of ["Email", "SMS", "Phone"]) {
      expect(screen.getByRole("checkbox", { name })).not.toBeChecked();
    }
    expect(screen.getByRole("checkbox", { name: /I have read and agree/ })).not.toBeChecked();
    expect(screen.getByLabelText("Password")).toHaveAttribute("type", "password");
    expect(screen.getByLabelText("Confirm password")).toHaveAttribute("type", "password");
    expect(screen.getByRole("combobox", { name: "District" })).toBeDisabled();
  });

  it("shows both consent statements and links the privacy policy in a new tab", () => {
    mockApi({});
    renderForm();
    expect(screen.getByText(/If you do not wish to be contacted through a channel/)).toBeInTheDocument();
    expect(
      screen.getByText(/may use my name, contact details and membership information/),
    ).toBeInTheDocument();
    const link = screen.getByRole("link", { name: /Privacy Policy/ });
    expect(link).toHaveAttribute("href", "/pages/privacy-policy");
    expect(link).toHaveAttribute("target", "_blank");
  });

  it("clears the district when the region changes", async () => {
    mockApi({});
    renderForm();
    const region = screen.getByRole("combobox", { name: "Country / region of residence" });
    const district = screen.getByRole("combobox", { name: "District" });
    await user.selectOptions(region, "3001");
    expect(district).toBeEnabled();
    await user.selectOptions(district, "5005");
    expect(district).toHaveValue("5005");
    await user.selectOptions(region, "3005");
    expect(district).toHaveValue("");
    expect(within(district).getByRole("option", { name: "Sham Shui Po" })).toBeInTheDocument();
    expect(within(district).queryByRole("option", { name: "Central and Western" })).toBeNull();
  });
});

describe("RegisterFormPage: rules", () => {
  it("shows each required rule on an empty submit and calls nothing", async () => {
    const api = mockApi({});
    renderForm();
    await submit();
    for (const text of [
      "Please enter your first name",
      "Please enter your last name",
      "Please enter your email address",
      "Please enter your password",
      "Please enter the password again",
      "Please select your birth month",
      "Please select your age range",
      "Please select your country / region of residence",
      "Please select your district",
      "*Required",
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(api.calls).toHaveLength(0);
  });

  it("moves the focus to the first field in error, in screen order", async () => {
    mockApi({});
    renderForm();
    await user.type(textbox("First name"), "Tai Man");
    await submit();
    await waitFor(() => expect(textbox("Last name")).toHaveFocus());
  });

  it("checks the email format", async () => {
    mockApi({});
    renderForm();
    await user.type(textbox("Email"), "tm@example");
    await submit();
    expect(await screen.findByText("Email format incorrect, please try again.")).toBeInTheDocument();
  });

  it.each(["abcdefg1", "Abc def1", "Abcdef1", "Abcdefghijklmno12"])(
    "refuses the password format of %s",
    async (password) => {
      mockApi({});
      renderForm();
      await user.type(screen.getByLabelText("Password"), password);
      await submit();
      expect(
        await screen.findByText("The password format does not match, please re-enter"),
      ).toBeInTheDocument();
    },
  );

  it("says when the confirmation differs", async () => {
    mockApi({});
    renderForm();
    await user.type(screen.getByLabelText("Password"), "Abcdefg1x");
    await user.type(screen.getByLabelText("Confirm password"), "Abcdefg1y");
    await submit();
    expect(await screen.findByText("Password inconsistency, please re-enter")).toBeInTheDocument();
  });

  it("flags the terms box 10 ms after it is unticked, in Traditional Chinese too", async () => {
    await changeLanguage("tc");
    mockApi({});
    renderForm();
    const terms = screen.getByRole("checkbox", { name: /本人已閱讀並同意/ });
    await user.click(terms);
    await user.click(terms);
    expect(await screen.findByText("*必須剔選")).toBeInTheDocument();
    await user.click(terms);
    await waitFor(() => expect(screen.queryByText("*必須剔選")).toBeNull());
  });
});

describe("RegisterFormPage: submit", () => {
  it("registers with the full payload, then saves, reloads, runs the coin check and lands on success", async () => {
    const api = serverApi();
    renderForm("/register/step3?redirect=%2Fqrcode");
    await fillValidForm();
    await user.click(screen.getByRole("checkbox", { name: "SMS" }));
    await submit();
    expect(await screen.findByTestId("landed")).toHaveTextContent("/register/success?redirect=%2Fqrcode");

    expect(api.called(CHECK_EMAIL)[0]?.body).toEqual({ email: "tm@example.com" });
    const duplicate = api.called(DUPLICATE)[0];
    expect(duplicate?.body).toEqual({
      mobile_phone_prefix: "852",
      mobile_phone: "91234567",
      email: "tm@example.com",
    });
    expect(duplicate?.headers.authorization).toBe("Bearer web:guest");
    expect(api.called(REGISTER)[0]?.body).toEqual({
      mobile_phone_prefix: "852",
      mobile_phone: "91234567",
      sms_token: "123456",
      password: "Abcdefg1x",
      title: "3",
      name: "",
      first_name: "Tai Man",
      last_name: "Chan",
      email: "tm@example.com",
      gender: "2",
      birthday_month: "7",
      age_range__c: "26 - 35",
      email_subscription: "1",
      sms_subscription: "0",
      do_not_call: "1",
      referral_code: "FRIEND1",
      residential_country_region__c: "3005",
      residential_district__c: "5046",
      utm_source: "web",
    });
    expect(session.getToken()).toBe("new-token");
    const saved = api.called(SAVE_PROFILE)[0];
    expect(saved?.headers.authorization).toBe("Bearer web:new-token");
    expect(saved?.body).toMatchObject({
      title: "3",
      gender: "2",
      sms_subscription: "0",
      referral_code: "FRIEND1",
    });
    expect(api.called(LOAD_PROFILE)).toHaveLength(1);
    expect(api.called(COIN)).toHaveLength(1);
    expect(api.called(CREATE)).toHaveLength(1);
    const order = api.calls.map((call) => `${call.method} ${call.path}`);
    expect(order).toEqual([CHECK_EMAIL, DUPLICATE, REGISTER, SAVE_PROFILE, LOAD_PROFILE, COIN, CREATE]);
    // The verified code is used up with the registration.
    expect(session.getPhone()?.code).toBeUndefined();
  });

  it("sends every contact box inverted: ticked 0, unticked 1", async () => {
    const api = serverApi();
    renderForm();
    await fillValidForm();
    await user.click(screen.getByRole("checkbox", { name: "Email" }));
    await user.click(screen.getByRole("checkbox", { name: "Phone" }));
    await submit();
    await screen.findByTestId("landed");
    expect(api.called(REGISTER)[0]?.body).toMatchObject({
      email_subscription: "0",
      sms_subscription: "1",
      do_not_call: "0",
    });
  });

  it("stops with the email-taken alert on CheckEmail 40010", async () => {
    const api = serverApi({ [CHECK_EMAIL]: memberCode(40010, {}, "taken") });
    renderForm();
    await fillValidForm();
    await submit();
    expect(
      await screen.findByText("The email address is already registered, Please enter another email address."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    expect(api.called(DUPLICATE)).toHaveLength(0);
    expect(api.called(REGISTER)).toHaveLength(0);
    expect(screen.queryByTestId("landed")).toBeNull();
  });

  it("stops with the scheme's reason when the registration is a duplicate", async () => {
    const api = serverApi({
      [DUPLICATE]: ok({ duplicate: true, reason: "This email is linked to another H Coins account." }),
    });
    renderForm();
    await fillValidForm();
    await submit();
    expect(await screen.findByText("This email is linked to another H Coins account.")).toBeInTheDocument();
    expect(api.called(REGISTER)).toHaveLength(0);
    expect(session.getToken()).toBeNull();
  });

  it.each([
    [4009, 409, "This mobile number has already been registered, please log in."],
    [4201, 400, "Verification code invalid, Please try again."],
    [4207, 400, "This password is too common, please choose another."],
    [40010, 409, "The email address is already registered, Please enter another email address."],
  ])("shows the registration failure %i and stays", async (code, status, text) => {
    const api = serverApi({ [REGISTER]: failure(status, code, "server text") });
    renderForm();
    await fillValidForm();
    await submit();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(session.getToken()).toBeNull();
    expect(api.called(SAVE_PROFILE)).toHaveLength(0);
    expect(screen.queryByTestId("landed")).toBeNull();
  });

  it("shows a field rule of a 4000 answer", async () => {
    serverApi({
      [REGISTER]: failure(400, 4000, "invalid", {
        errors: [{ field: "mobile_phone", rule: "mobileBlocked" }],
      }),
    });
    renderForm();
    await fillValidForm();
    await submit();
    expect(
      await screen.findByText("Fail to register with this number, Please use other number to register"),
    ).toBeInTheDocument();
  });

  it("with coin status 101 and the member's own number goes to success without link or create", async () => {
    const api = serverApi({ [COIN]: ok({ status_code: 101, hcoins_memberno: "H0001" }) });
    renderForm();
    await fillValidForm();
    await submit();
    expect(await screen.findByTestId("landed")).toHaveTextContent(/^\/register\/success$/);
    expect(api.called(LINK)).toHaveLength(0);
    expect(api.called(CREATE)).toHaveLength(0);
  });

  it("with coin status 100 links the account", async () => {
    const api = serverApi({ [COIN]: ok({ status_code: 100 }) });
    renderForm();
    await fillValidForm();
    await submit();
    await screen.findByTestId("landed");
    expect(api.called(LINK)).toHaveLength(1);
    expect(api.called(LINK)[0]?.headers["content-type"]).toBe("application/json");
  });

  it("with coin status -1 creates the account (createOnFailure)", async () => {
    const api = serverApi({ [COIN]: ok({ status_code: -1, msg_en: "down", msg_tc: "", msg_sc: "" }) });
    renderForm();
    await fillValidForm();
    await submit();
    await screen.findByTestId("landed");
    expect(api.called(CREATE)).toHaveLength(1);
  });

  it("reports a failed create, then still welcomes the new member", async () => {
    serverApi({
      [CREATE]: {
        body: {
          code: 500,
          message: "Create failed",
          payload: { msg_en: "Could not open your H Coins account" },
        },
      },
    });
    renderForm();
    await fillValidForm();
    await submit();
    expect(await screen.findByText("Could not open your H Coins account")).toBeInTheDocument();
    // Found when it is there: on a busy machine the dialog's button can arrive a render after its text.
    await user.click(await screen.findByRole("button", { name: "Confirm" }));
    expect(await screen.findByTestId("landed")).toHaveTextContent(/^\/register\/success$/);
  });
});
