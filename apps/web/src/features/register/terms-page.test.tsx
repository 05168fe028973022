import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import DOMPurify from "dompurify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Component as TermsPage } from "./terms-page.tsx";
import { failure, mockApi, ok, renderScreen } from "./test-helpers.tsx";

const PAGE = "GET /crm/cms/page";
const routes = [{ path: "/register/terms", Component: TermsPage }];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const terms = ok({
  title: "Terms and Conditions of H Coins",
  content:
    '<h2>1. Membership</h2><p>Be nice.</p><img src="x" onerror="window.hacked=1"><script>window.hacked=1</script>',
  status: 1,
});

describe("TermsPage", () => {
  it("loads the terms at location general and shows title and content", async () => {
    const api = mockApi({ [PAGE]: terms });
    renderScreen(routes, "/register/terms");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Terms and Conditions of H Coins" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Be nice.")).toBeInTheDocument();
    const query = api.called(PAGE)[0]?.url.searchParams;
    expect(query?.get("url_slug")).toBe("terms-and-conditions");
    expect(query?.get("cms_location_code")).toBe("general");
  });

  it("shows DOMPurify's output, never the raw HTML", async () => {
    // happy-dom hides attributes from DOMPurify's walker, so what DOMPurify strips is checked in
    // Chromium; here: only its output reaches the page.
    const sanitize = vi.spyOn(DOMPurify, "sanitize").mockReturnValue("<p>Cleaned terms</p>");
    mockApi({ [PAGE]: terms });
    renderScreen(routes, "/register/terms");
    expect(await screen.findByText("Cleaned terms")).toBeInTheDocument();
    expect(sanitize).toHaveBeenCalledWith(expect.stringContaining("<script>"));
    expect(screen.queryByText("Be nice.")).toBeNull();
  });

  it("keeps agree disabled until the content has loaded, then goes to step 3 with redirect", async () => {
    mockApi({ [PAGE]: terms });
    renderScreen(routes, "/register/terms?redirect=%2Fqrcode");
    expect(screen.getByRole("button", { name: "I agree" })).toBeDisabled();
    await screen.findByText("Be nice.");
    await userEvent.click(screen.getByRole("button", { name: "I agree" }));
    expect(await screen.findByTestId("landed")).toHaveTextContent("/register/step3?redirect=%2Fqrcode");
  });

  it("with update set goes to the complete-profile form", async () => {
    mockApi({ [PAGE]: terms });
    renderScreen(routes, "/register/terms?update=1");
    await screen.findByText("Be nice.");
    await userEvent.click(screen.getByRole("button", { name: "I agree" }));
    expect(await screen.findByTestId("landed")).toHaveTextContent(/^\/updateuser$/);
  });

  it("shows the failure, keeps agree disabled and can try again", async () => {
    let answers = 0;
    mockApi({ [PAGE]: () => (answers++ === 0 ? failure(404, 4040, "not found") : terms) });
    renderScreen(routes, "/register/terms");
    expect(await screen.findByText("The requested item could not be found.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "I agree" })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Be nice.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "I agree" })).toBeEnabled();
  });
});
