import type { UserInfo } from "@hcoins/domain/api/profile";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { translator } from "../../lib/i18n.ts";
import { Component as CompleteProfilePage } from "./complete-profile-page.tsx";
import { failure, member, memberCode, mockApi, ok, renderScreen } from "./test-helpers.tsx";

const SAVE = "POST /crm/user/profile";
const CHECK_PHONE = "POST /custom-api/api/Member/CheckPhone";
const LINKED = "POST /custom-api/custom/cuapp/customer/hcoin-check-linked";
const LINK = "POST /custom-api/custom/cuapp/customer/link-hcoin-2";

function renderPage(user: UserInfo = member(), entry = "/updateuser") {
  return renderScreen([{ path: "/updateuser", Component: CompleteProfilePage }], entry, user);
}

/** Fills what the fixture member lacks (gender, birth month) and agrees to the terms. */
async function fillAndSubmit(person = userEvent.setup()) {
  await person.click(await screen.findByRole("radio", { name: "Female" }));
  await person.selectOptions(screen.getByLabelText("Birth month"), "7");
  await person.click(screen.getByRole("checkbox", { name: /I have read and agree/ }));
  await person.click(screen.getByRole("button", { name: "Submit" }));
  return person;
}

/** Closes the alert stacked over the email dialog (the last dialog opened). */
async function closeAlert(person: ReturnType<typeof userEvent.setup>) {
  const dialogs = [...document.querySelectorAll("dialog[open]")];
  const top = dialogs.find((dialog) => !dialog.querySelector("input[type=email]")) as HTMLElement;
  await person.click(within(top).getByRole("button", { name: "Confirm" }));
}

const emailDialog = () => screen.getByLabelText("Email address").closest("dialog") as HTMLElement;

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => translator.changeLanguage("en"));
});

describe("CompleteProfilePage", () => {
  it.each([
    [
      "en",
      "Keep me informed of offers and news by",
      /leave its box unticked/,
      /direct marketing about their products/,
    ],
    ["tc", "我願意透過以下途徑接收優惠及最新消息", /請不要剔選該渠道/, /直接促銷資訊/],
    ["sc", "我愿意通过以下途径接收优惠及最新资讯", /请不要勾选该渠道/, /直接营销信息/],
  ])(
    "shows both consent statements under the contact boxes, describing them (%s)",
    async (language, legend, optOut, directMarketing) => {
      await act(() => translator.changeLanguage(language));
      mockApi({});
      renderPage();
      const boxes = await screen.findByRole("group", { name: legend });
      const statements = screen.getByText(optOut).parentElement as HTMLElement;
      expect(statements).toHaveTextContent(directMarketing);
      expect(boxes.getAttribute("aria-describedby")?.split(" ")).toContain(statements.id);
      // Under the boxes, before the terms box.
      expect(boxes.compareDocumentPosition(statements) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    },
  );

  it("starts from the member's info: no gender chosen, contact ticked when stored 0, terms unticked, no mobile or password", async () => {
    mockApi({});
    renderPage();
    expect(await screen.findByRole("radio", { name: "Ms" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "Male" })).not.toBeChecked();
    expect(screen.getByRole("radio", { name: "Female" })).not.toBeChecked();
    expect(screen.getByLabelText("First name")).toHaveValue("Mei");
    expect(screen.getByLabelText("Country / region of residence")).toHaveValue("3005");
    expect(screen.getByLabelText("District")).toHaveValue("5046");
    expect(screen.getByRole("checkbox", { name: "Email" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "SMS" })).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Phone" })).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: /I have read and agree/ })).not.toBeChecked();
    expect(screen.getByLabelText(/Referral code/)).toHaveValue("");
    expect(screen.queryByLabelText("Mobile number")).toBeNull();
    expect(screen.queryByLabelText(/password/i)).toBeNull();
    expect(screen.getByRole("link", { name: /Privacy Policy/ })).toHaveAttribute("target", "_blank");
  });

  it("requires gender and the terms box ('*Required') and sends nothing until they are given", async () => {
    const api = mockApi({});
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Submit" }));
    const gender = screen.getByRole("group", { name: "Gender" });
    expect(await within(gender).findByText("*Required")).toBeInTheDocument();
    const terms = screen.getByRole("checkbox", { name: /I have read and agree/ });
    expect(document.getElementById(terms.getAttribute("aria-describedby") ?? "")).toHaveTextContent(
      "*Required",
    );
    expect(api.called(SAVE)).toHaveLength(0);
  });

  it("shows the terms rule 10 ms after the box is unticked, in Traditional Chinese too", async () => {
    mockApi({});
    renderPage();
    await act(() => translator.changeLanguage("tc"));
    const terms = await screen.findByRole("checkbox", { name: /本人已閱讀並同意/ });
    await userEvent.click(terms);
    await userEvent.click(terms);
    await waitFor(() =>
      expect(document.getElementById(terms.getAttribute("aria-describedby") ?? "")).toHaveTextContent(
        "*必須剔選",
      ),
    );
  });

  it("locks a birth month that is already set", async () => {
    mockApi({});
    renderPage(member({ birthday_month: 7 }));
    expect(await screen.findByLabelText("Birth month")).toBeDisabled();
    expect(screen.getByLabelText("Birth month")).toHaveValue("7");
  });

  it("saves the profile with referral_code, numbers and inverted contact flags, then prompts for the email", async () => {
    const saved = member({ gender: 2, birthday_month: 7, referral_code: "FRIEND1" });
    const api = mockApi({ [SAVE]: ok(saved) });
    renderPage();
    const person = userEvent.setup();
    await person.type(await screen.findByLabelText(/Referral code/), " FRIEND1 ");
    await person.click(screen.getByRole("checkbox", { name: "Phone" }));
    await person.click(screen.getByRole("checkbox", { name: "Email" }));
    await fillAndSubmit(person);
    await waitFor(() => expect(api.called(SAVE)).toHaveLength(1));
    expect(api.called(SAVE)[0]?.body).toEqual({
      title: "3",
      name: "",
      first_name: "Mei",
      last_name: "Chan",
      gender: "2",
      birthday_month: "7",
      age_range__c: "26 - 35",
      residential_country_region__c: "3005",
      residential_district__c: "5046",
      email_subscription: "1",
      sms_subscription: "1",
      do_not_call: "0",
      referral_code: "FRIEND1",
    });
    expect(await screen.findByText(/Your profile has been saved/)).toBeInTheDocument();
    expect(screen.getByLabelText("Email address")).toHaveValue("mei@example.com");
  });

  it("shows the server's message when the save fails, and stays", async () => {
    const api = mockApi({ [SAVE]: failure(400, 4999, "Something odd happened") });
    renderPage();
    await fillAndSubmit();
    expect(await screen.findByText("Something odd happened")).toBeInTheDocument();
    expect(api.called(CHECK_PHONE)).toHaveLength(0);
    expect(screen.queryByTestId("landed")).toBeNull();
  });

  it("checks the email (required, format), keeps the dialog on 40010, then goes to /updatepw on 40005", async () => {
    const saved = member({ gender: 2, birthday_month: 7 });
    const api = mockApi({
      [SAVE]: ({ body }) =>
        body.email === "taken@example.com"
          ? failure(409, 40010, "taken")
          : ok({ ...saved, ...(body.email ? { email: body.email } : {}) }),
      [CHECK_PHONE]: memberCode(40005),
    });
    renderPage(member(), "/updateuser?redirect=%2Fqrcode");
    const person = await fillAndSubmit();
    const email = await screen.findByLabelText("Email address");
    const confirm = () => person.click(within(emailDialog()).getByRole("button", { name: "Confirm" }));

    await person.clear(email);
    await confirm();
    expect(await within(emailDialog()).findByText("Please enter your email address")).toBeInTheDocument();

    await person.type(email, "not-an-email");
    await confirm();
    expect(
      await within(emailDialog()).findByText("Email format incorrect, please try again."),
    ).toBeInTheDocument();
    expect(api.called(SAVE)).toHaveLength(1);

    await person.clear(email);
    await person.type(email, "taken@example.com");
    await confirm();
    expect(
      await screen.findByText("The email address is already registered, Please enter another email address."),
    ).toBeInTheDocument();
    expect(api.called(SAVE)[1]?.body).toEqual({ email: "taken@example.com" });
    await closeAlert(person);
    // Still prompting: the member can type another address.
    expect(emailDialog()).toHaveAttribute("open");
    expect(screen.getByLabelText("Email address")).toHaveValue("taken@example.com");
    expect(api.called(CHECK_PHONE)).toHaveLength(0);

    await person.clear(email);
    await person.type(email, "New@Example.com");
    await confirm();
    expect(await screen.findByTestId("landed")).toHaveTextContent("/updatepw?redirect=%2Fqrcode");
    expect(api.called(SAVE)[2]?.body).toEqual({ email: "new@example.com" });
    expect(api.called(CHECK_PHONE)[0]?.body).toEqual({
      mobile_phone_prefix: "852",
      mobile_phone: "91234567",
    });
  });

  it("on cancel with 40006 runs the coin check and ends on /update-user/success", async () => {
    const saved = member({ gender: 2, birthday_month: 7, has_password: true });
    const api = mockApi({
      [SAVE]: ok(saved),
      [CHECK_PHONE]: memberCode(40006),
      [LINKED]: ok({ status_code: 100, msg_en: "", msg_tc: "", msg_sc: "", hcoins_memberno: null }),
      [LINK]: ok({ msg_en: "Linked", msg_tc: "", msg_sc: "" }),
    });
    renderPage();
    const person = await fillAndSubmit();
    await screen.findByLabelText("Email address");
    await person.click(within(emailDialog()).getByRole("button", { name: "Cancel" }));
    expect(await screen.findByTestId("landed")).toHaveTextContent("/update-user/success");
    expect(api.called(SAVE)).toHaveLength(1);
    expect(api.called(LINKED)[0]?.body).toEqual({ mobile_phone_prefix: "852", mobile_phone: "91234567" });
    expect(api.called(LINK)).toHaveLength(1);
  });

  it("with 40006 and a scheme failure (-1) shows the scheme's message and stays", async () => {
    mockApi({
      [SAVE]: ok(member({ gender: 2, birthday_month: 7 })),
      [CHECK_PHONE]: memberCode(40006),
      [LINKED]: ok({ status_code: -1, msg_en: "The scheme is busy", msg_tc: "忙", msg_sc: "忙" }),
    });
    renderPage();
    const person = await fillAndSubmit();
    await screen.findByLabelText("Email address");
    await person.click(within(emailDialog()).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("The scheme is busy")).toBeInTheDocument();
    expect(screen.queryByTestId("landed")).toBeNull();
  });

  it("shows CheckPhone's message for another code, or 'Server Error'", async () => {
    mockApi({
      [SAVE]: ok(member({ gender: 2, birthday_month: 7 })),
      [CHECK_PHONE]: memberCode(40003, {}, ""),
    });
    renderPage();
    const person = await fillAndSubmit();
    await screen.findByLabelText("Email address");
    await person.click(within(emailDialog()).getByRole("button", { name: "Cancel" }));
    expect(await screen.findByText("Server Error")).toBeInTheDocument();
    expect(screen.queryByTestId("landed")).toBeNull();
  });
});
