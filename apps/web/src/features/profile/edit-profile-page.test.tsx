import type { UserInfo } from "@hcoins/domain/api/profile";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { translator } from "../../lib/i18n.ts";
import { Component as EditProfilePage } from "./edit-profile-page.tsx";
import { failure, member, mockApi, ok, renderScreen } from "./test-helpers.tsx";

const SAVE = "POST /crm/user/profile";
const LOAD = "GET /crm/user/profile";

function renderPage(user: UserInfo) {
  return renderScreen([{ path: "/renew", Component: EditProfilePage }], "/renew", user);
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => translator.changeLanguage("en"));
});

describe("EditProfilePage", () => {
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
      renderPage(member({ birthday_month: 7 }));
      const boxes = await screen.findByRole("group", { name: legend });
      const statements = screen.getByText(optOut).parentElement as HTMLElement;
      expect(statements).toHaveTextContent(directMarketing);
      expect(boxes.getAttribute("aria-describedby")?.split(" ")).toContain(statements.id);
      expect(boxes.compareDocumentPosition(statements) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    },
  );

  it("shows the member's info with the mobile disabled, a set birth month locked, no referral code or terms", async () => {
    mockApi({});
    renderPage(member({ birthday_month: 7, gender: 1 }));
    expect(await screen.findByLabelText("Mobile number")).toBeDisabled();
    expect(screen.getByLabelText("Mobile number")).toHaveValue("+852 9123 4567");
    expect(screen.getByLabelText("Birth month")).toBeDisabled();
    expect(screen.getByLabelText("Birth month")).toHaveValue("7");
    expect(screen.getByRole("radio", { name: "Male" })).toBeChecked();
    expect(screen.getByLabelText(/Email address/)).toHaveValue("mei@example.com");
    expect(screen.queryByLabelText(/Referral code/)).toBeNull();
    expect(screen.queryByRole("checkbox", { name: /I have read and agree/ })).toBeNull();
  });

  it("lets a birth month that is not set yet be chosen", async () => {
    mockApi({});
    renderPage(member({ birthday_month: null }));
    expect(await screen.findByLabelText("Birth month")).toBeEnabled();
  });

  it("saves with gender left empty (null) and without the unchanged email, then says 'Profile Changed' and reloads", async () => {
    const user = member({ birthday_month: 7 });
    const api = mockApi({ [SAVE]: ok(user), [LOAD]: ok(user) });
    renderPage(user);
    await userEvent.click(await screen.findByRole("button", { name: "Save" }));
    expect(await screen.findByText("Profile Changed")).toBeInTheDocument();
    const body = api.called(SAVE)[0]?.body;
    expect(body).toMatchObject({
      gender: "",
      birthday_month: "7",
      email_subscription: "0",
      do_not_call: "1",
    });
    expect(body).not.toHaveProperty("email");
    expect(body).not.toHaveProperty("referral_code");
    expect(api.called(LOAD)).toHaveLength(1);
  });

  it("sends the email only when it changed; a malformed one is refused", async () => {
    const user = member({ birthday_month: 7, gender: 2 });
    const api = mockApi({ [SAVE]: ok(user), [LOAD]: ok(user) });
    renderPage(user);
    const person = userEvent.setup();
    const email = await screen.findByLabelText(/Email address/);
    await person.clear(email);
    await person.type(email, "broken@");
    await person.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Email format incorrect, please try again.")).toBeInTheDocument();
    expect(api.called(SAVE)).toHaveLength(0);

    await person.clear(email);
    await person.type(email, "New@example.com");
    await person.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.called(SAVE)).toHaveLength(1));
    expect(api.called(SAVE)[0]?.body).toMatchObject({ email: "new@example.com", gender: "2" });
  });

  it.each([
    ["en", "Your email address cannot be removed. To change it, enter the new address."],
    ["tc", "電郵地址不能刪除；如要更改，請輸入新的電郵地址。"],
    ["sc", "电子邮箱不能删除；如需修改，请输入新的电子邮箱。"],
  ])(
    "refuses to clear a stored email with a message, saving nothing and saying no 'Profile Changed' (%s)",
    async (language, text) => {
      await act(() => translator.changeLanguage(language));
      const user = member({ birthday_month: 7, gender: 2 });
      const api = mockApi({ [SAVE]: ok(user), [LOAD]: ok(user) });
      renderPage(user);
      const person = userEvent.setup();
      const email = await screen.findByRole("textbox", { name: /mail|電郵|电子邮箱/ });
      await person.clear(email);
      await person.click(screen.getByRole("button", { name: /Save|儲存|保存/ }));
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(email).toHaveAttribute("aria-invalid", "true");
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(api.called(SAVE)).toHaveLength(0);
    },
  );

  it("shows the server's emailKeep rule on the field too", async () => {
    const user = member({ birthday_month: 7, gender: 2 });
    mockApi({
      [SAVE]: failure(400, 4000, "invalid", { errors: [{ field: "email", rule: "emailKeep" }] }),
      [LOAD]: ok(user),
    });
    renderPage(user);
    const person = userEvent.setup();
    await person.click(await screen.findByRole("button", { name: "Save" }));
    expect(
      await screen.findAllByText(
        "Your email address cannot be removed. To change it, enter the new address.",
      ),
    ).not.toHaveLength(0);
  });

  it("lets a member without an email leave it empty", async () => {
    const user = member({ birthday_month: 7, gender: 2, email: null });
    const api = mockApi({ [SAVE]: ok(user), [LOAD]: ok(user) });
    renderPage(user);
    const person = userEvent.setup();
    await person.click(await screen.findByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.called(SAVE)).toHaveLength(1));
    expect(api.called(SAVE)[0]?.body).not.toHaveProperty("email");
    expect(await screen.findByText("Profile Changed")).toBeInTheDocument();
  });

  it("shows the email-taken text on 40010 and the server's message on other failures", async () => {
    const user = member({ birthday_month: 7 });
    const api = mockApi({
      [SAVE]: [failure(409, 40010, "taken"), failure(400, 4998, "Profile service said no")],
    });
    renderPage(user);
    const person = userEvent.setup();
    const email = await screen.findByLabelText(/Email address/);
    await person.clear(email);
    await person.type(email, "taken@example.com");
    await person.click(screen.getByRole("button", { name: "Save" }));
    expect(
      await screen.findByText("The email address is already registered, Please enter another email address."),
    ).toBeInTheDocument();
    await person.click(screen.getByRole("button", { name: "Confirm" }));
    await person.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Profile service said no")).toBeInTheDocument();
    expect(api.called(LOAD)).toHaveLength(0);
  });

  it("says 完成更改 in Traditional and Simplified Chinese", async () => {
    const user = member({ birthday_month: 7 });
    mockApi({ [SAVE]: ok(user), [LOAD]: ok(user) });
    renderPage(user);
    await act(() => translator.changeLanguage("sc"));
    await userEvent.click(await screen.findByRole("button", { name: "保存" }));
    expect(await screen.findByText("完成更改")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "确认" }));
    await act(() => translator.changeLanguage("tc"));
    await userEvent.click(screen.getByRole("button", { name: "儲存" }));
    expect(await screen.findByText("完成更改")).toBeInTheDocument();
  });
});
