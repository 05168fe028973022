import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { translator } from "../../lib/i18n.ts";
import { session } from "../../lib/session.ts";
import { Component as PreferencesPage } from "./preferences-page.tsx";
import { Component as SubscriptionSuccessPage } from "./subscription-success-page.tsx";
import { failure, mockApi, ok, renderScreen } from "./test-helpers.tsx";

const PREFS = "/crm/user/subscription-preferences";
const GET = `GET ${PREFS}`;
const POST = `POST ${PREFS}`;

const stored = (email: number, sms: number, call: number, reasons: number[] = [], other = "") =>
  ok({
    email_subscription: email,
    sms_subscription: sms,
    do_not_call: call,
    unsubscribe_reasons: reasons,
    unsubscribe_reason_other: other,
  });

function renderPage(entry = "/subscription-preferences") {
  return renderScreen([{ path: "/subscription-preferences", Component: PreferencesPage }], entry);
}

const box = (name: string) => screen.getByRole("checkbox", { name });
const reasonsGroup = () => screen.queryByRole("group", { name: /tell us why/i });

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => translator.changeLanguage("en"));
});

describe("PreferencesPage", () => {
  it("sends a visitor without a session or link token to log in, coming back afterwards", async () => {
    const api = mockApi({});
    renderPage("/subscription-preferences?lang=en");
    expect(await screen.findByTestId("landed")).toHaveTextContent(
      "/login?redirect=%2Fsubscription-preferences%3Flang%3Den",
    );
    expect(api.calls).toHaveLength(0);
  });

  it("prefills the boxes for the member: ticked when the stored value is 0; no reasons while a box is ticked", async () => {
    session.setToken("member-token");
    const api = mockApi({ [GET]: stored(0, 1, 0) });
    renderPage();
    expect(await screen.findByRole("checkbox", { name: "Email" })).toBeChecked();
    expect(box("SMS")).not.toBeChecked();
    expect(box("Phone")).toBeChecked();
    expect(reasonsGroup()).toBeNull();
    expect(api.called(GET)[0]?.headers.authorization).toBe("Bearer web:member-token");
    expect(api.called(GET)[0]?.url.searchParams.has("token")).toBe(false);
  });

  it("shows the consent statements under the boxes, to the member and to an unsubscribe link alike", async () => {
    mockApi({ [GET]: stored(1, 1, 1) });
    renderPage("/subscription-preferences?token=link-token");
    await screen.findByRole("checkbox", { name: "Email" });
    const statements = screen.getByText(/leave its box unticked/).parentElement as HTMLElement;
    expect(statements).toHaveTextContent(/direct marketing about their products/);
    const channels = box("Email").closest("fieldset") as HTMLElement;
    expect(channels.getAttribute("aria-describedby")?.split(" ")).toContain(statements.id);
  });

  it("shows the six reasons only when every box is unticked; ticking a box again hides and clears them", async () => {
    session.setToken("member-token");
    mockApi({ [GET]: stored(0, 1, 1) });
    renderPage();
    const person = userEvent.setup();
    await person.click(await screen.findByRole("checkbox", { name: "Email" }));
    const group = reasonsGroup() as HTMLElement;
    expect(within(group).getAllByRole("checkbox")).toHaveLength(6);
    expect(within(group).getByRole("checkbox", { name: "Too frequent" })).toBeInTheDocument();
    expect(within(group).getByRole("checkbox", { name: "Privacy concerns" })).toBeInTheDocument();
    await person.click(within(group).getByRole("checkbox", { name: "Too frequent" }));

    await person.click(box("SMS"));
    expect(reasonsGroup()).toBeNull();
    await person.click(box("SMS"));
    expect(
      within(reasonsGroup() as HTMLElement).getByRole("checkbox", { name: "Too frequent" }),
    ).not.toBeChecked();
  });

  it("does nothing on submit when no box and no reason is ticked", async () => {
    session.setToken("member-token");
    const api = mockApi({ [GET]: stored(1, 1, 1), [POST]: stored(0, 1, 1) });
    renderPage();
    const person = userEvent.setup();
    await person.click(await screen.findByRole("button", { name: "Save preferences" }));
    // A save that does go out, after it: had the first one been sent, it would be the first POST.
    await person.click(box("Email"));
    await person.click(screen.getByRole("button", { name: "Save preferences" }));
    expect(await screen.findByTestId("landed")).toHaveTextContent("/subscription-success");
    expect(api.called(POST).map((call) => call.json)).toEqual([
      {
        email_subscription: 0,
        sms_subscription: 1,
        do_not_call: 1,
        unsubscribe_reasons: [],
        unsubscribe_reason_other: "",
      },
    ]);
  });

  it("saves the inverse of the ticks with the chosen reasons and shows the confirmation", async () => {
    session.setToken("member-token");
    const api = mockApi({ [GET]: stored(0, 0, 1), [POST]: stored(1, 1, 1, [2, 5]) });
    renderScreen(
      [
        { path: "/subscription-preferences", Component: PreferencesPage },
        { path: "/subscription-success", Component: SubscriptionSuccessPage },
      ],
      "/subscription-preferences",
    );
    const person = userEvent.setup();
    await person.click(await screen.findByRole("checkbox", { name: "Email" }));
    await person.click(box("SMS"));
    await person.click(screen.getByRole("checkbox", { name: "Privacy concerns" }));
    await person.click(screen.getByRole("checkbox", { name: "Content not relevant to me" }));
    await person.click(screen.getByRole("button", { name: "Save preferences" }));
    expect(
      await screen.findByRole("heading", { name: "Your preferences have been saved" }),
    ).toBeInTheDocument();
    expect(api.called(POST)[0]?.json).toEqual({
      email_subscription: 1,
      sms_subscription: 1,
      do_not_call: 1,
      unsubscribe_reasons: [2, 5],
      unsubscribe_reason_other: "",
    });
  });

  it("sends 0 for a ticked channel and no reasons", async () => {
    session.setToken("member-token");
    const api = mockApi({ [GET]: stored(1, 1, 1, [3]), [POST]: stored(1, 0, 1) });
    renderPage();
    await userEvent.click(await screen.findByRole("checkbox", { name: "SMS" }));
    await userEvent.click(screen.getByRole("button", { name: "Save preferences" }));
    expect(await screen.findByTestId("landed")).toHaveTextContent("/subscription-success");
    expect(api.called(POST)[0]?.json).toEqual({
      email_subscription: 1,
      sms_subscription: 0,
      do_not_call: 1,
      unsubscribe_reasons: [],
      unsubscribe_reason_other: "",
    });
  });

  it("works from an unsubscribe link: the token goes with both calls, as a visitor", async () => {
    const api = mockApi({ [GET]: stored(0, 0, 0), [POST]: stored(1, 1, 1, [1]) });
    renderPage("/subscription-preferences?token=link.sig");
    const person = userEvent.setup();
    await person.click(await screen.findByRole("checkbox", { name: "Email" }));
    await person.click(box("SMS"));
    await person.click(box("Phone"));
    await person.click(screen.getByRole("checkbox", { name: "Too frequent" }));
    await person.click(screen.getByRole("button", { name: "Save preferences" }));
    await waitFor(() => expect(api.called(POST)).toHaveLength(1));
    expect(api.called(GET)[0]?.url.searchParams.get("token")).toBe("link.sig");
    expect(api.called(GET)[0]?.headers.authorization).toBe("Bearer web:guest");
    expect(api.called(POST)[0]?.json).toEqual({
      email_subscription: 1,
      sms_subscription: 1,
      do_not_call: 1,
      unsubscribe_reasons: [1],
      unsubscribe_reason_other: "",
      token: "link.sig",
    });
  });

  it("an expired or altered link says so and offers to log in, leaving a member's session alone", async () => {
    session.setToken("member-token");
    mockApi({ [GET]: failure(401, 4010, "Your session has expired, please log in again.") });
    renderPage("/subscription-preferences?token=stale.sig");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This link has expired or is no longer valid. Log in to manage your preferences.",
    );
    expect(screen.getByRole("link", { name: "Login" })).toHaveAttribute(
      "href",
      "/login?redirect=%2Fsubscription-preferences",
    );
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(session.getToken()).toBe("member-token");
  });

  it("shows the server's error_message when the save fails, and stays", async () => {
    session.setToken("member-token");
    mockApi({ [GET]: stored(1, 1, 1), [POST]: failure(400, 4998, "Preferences are locked") });
    renderPage();
    await userEvent.click(await screen.findByRole("checkbox", { name: "Phone" }));
    await userEvent.click(screen.getByRole("button", { name: "Save preferences" }));
    expect(await screen.findByText("Preferences are locked")).toBeInTheDocument();
    expect(screen.queryByTestId("landed")).toBeNull();
  });

  it.each([
    [
      "en",
      "You are not subscribed to our offers and news at the moment. Tick the ways we may keep you informed.",
      "If you would rather not hear from us, please tell us why (tick at least one):",
    ],
    [
      "tc",
      "你現時沒有訂閱我們的優惠及最新消息。請剔選我們可向你發送資訊的途徑。",
      "如你不希望收到我們的資訊，請告訴我們原因（請至少剔選一項）：",
    ],
    [
      "sc",
      "您目前没有订阅我们的优惠及最新资讯。请勾选我们可向您发送信息的途径。",
      "如您不希望收到我们的信息，请告诉我们原因（请至少勾选一项）：",
    ],
  ])(
    "greets a member who is not subscribed without 'sorry to see you go' (%s)",
    async (language, intro, legend) => {
      await act(() => translator.changeLanguage(language));
      session.setToken("member-token");
      mockApi({ [GET]: stored(1, 1, 1) });
      renderPage();
      expect(await screen.findByText(intro)).toBeInTheDocument();
      expect(screen.getByRole("group", { name: legend })).toBeInTheDocument();
      expect(document.body).not.toHaveTextContent(/sorry to see you go|很遺憾|很遗憾/);
    },
  );

  it("says 'sorry to see you go' to a subscribed member who unticks every channel", async () => {
    session.setToken("member-token");
    mockApi({ [GET]: stored(0, 1, 1) });
    renderPage();
    await userEvent.click(await screen.findByRole("checkbox", { name: "Email" }));
    expect(
      screen.getByRole("group", {
        name: "We are sorry to see you go. Please tell us why (tick at least one):",
      }),
    ).toBeInTheDocument();
  });

  it("gives 'Other' a text box whose words are sent with it, and refuses more than 200 characters", async () => {
    session.setToken("member-token");
    const api = mockApi({ [GET]: stored(0, 1, 1), [POST]: stored(1, 1, 1, [6], "Too many apps") });
    renderPage();
    const person = userEvent.setup();
    await person.click(await screen.findByRole("checkbox", { name: "Email" }));
    expect(screen.queryByRole("textbox", { name: "Your reason (optional)" })).toBeNull();
    await person.click(screen.getByRole("checkbox", { name: "Other" }));
    const words = screen.getByRole("textbox", { name: "Your reason (optional)" });
    expect(words).toHaveAccessibleDescription(/Up to 200 characters/);
    await person.click(words);
    await person.paste("x".repeat(201));
    await person.click(screen.getByRole("button", { name: "Save preferences" }));
    expect(await screen.findByText("This is too long")).toBeInTheDocument();
    expect(words).toHaveAttribute("aria-invalid", "true");
    expect(api.called(POST)).toHaveLength(0);

    await person.clear(words);
    await person.type(words, "  Too many apps ");
    await person.click(screen.getByRole("button", { name: "Save preferences" }));
    await waitFor(() => expect(api.called(POST)).toHaveLength(1));
    expect(api.called(POST)[0]?.json).toEqual({
      email_subscription: 1,
      sms_subscription: 1,
      do_not_call: 1,
      unsubscribe_reasons: [6],
      unsubscribe_reason_other: "Too many apps",
    });
  });

  it("shows the stored words beside a stored 'Other', in the member's language", async () => {
    await act(() => translator.changeLanguage("sc"));
    session.setToken("member-token");
    mockApi({ [GET]: stored(1, 1, 1, [6], "太多信息") });
    renderPage();
    expect(await screen.findByRole("textbox", { name: "您的原因（选填）" })).toHaveValue("太多信息");
  });

  it("labels the reasons in the current language", async () => {
    session.setToken("member-token");
    mockApi({ [GET]: stored(1, 1, 1) });
    renderPage();
    await act(() => translator.changeLanguage("sc"));
    expect(await screen.findByRole("checkbox", { name: "信息发送太频繁" })).toBeInTheDocument();
    await act(() => translator.changeLanguage("tc"));
    expect(await screen.findByRole("checkbox", { name: "訊息太頻密" })).toBeInTheDocument();
  });
});
