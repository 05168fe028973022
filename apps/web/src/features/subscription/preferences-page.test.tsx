import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18next } from "../../lib/i18n.ts";
import { session } from "../../lib/session.ts";
import { PreferencesPage } from "./preferences-page.tsx";
import { SubscriptionSuccessPage } from "./subscription-success-page.tsx";
import { failure, mockApi, ok, renderScreen } from "./test-helpers.tsx";

const PREFS = "/crm/user/subscription-preferences";
const GET = `GET ${PREFS}`;
const POST = `POST ${PREFS}`;

const stored = (email: number, sms: number, call: number, reasons: number[] = []) =>
  ok({ email_subscription: email, sms_subscription: sms, do_not_call: call, unsubscribe_reasons: reasons });

function renderPage(entry = "/subscription-preferences") {
  return renderScreen([{ path: "/subscription-preferences", Component: PreferencesPage }], entry);
}

const box = (name: string) => screen.getByRole("checkbox", { name });
const reasonsGroup = () => screen.queryByRole("group", { name: /Please tell us why/ });

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18next.changeLanguage("en"));
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
    const api = mockApi({ [GET]: stored(1, 1, 1), [POST]: stored(1, 1, 1) });
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Save preferences" }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.called(POST)).toHaveLength(0);
    expect(screen.queryByTestId("landed")).toBeNull();
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

  it("labels the reasons in the current language", async () => {
    session.setToken("member-token");
    mockApi({ [GET]: stored(1, 1, 1) });
    renderPage();
    await act(() => i18next.changeLanguage("sc"));
    expect(await screen.findByRole("checkbox", { name: "信息发送太频繁" })).toBeInTheDocument();
    await act(() => i18next.changeLanguage("tc"));
    expect(await screen.findByRole("checkbox", { name: "訊息太頻密" })).toBeInTheDocument();
  });
});
