import { fail, mockApi, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import DOMPurify from "dompurify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../../lib/test-app.tsx";
import { Component as CmsPage } from "./cms-page.tsx";
import { Component as PrivacyPolicyPage } from "./privacy-policy-page.tsx";

const PAGE = "GET /crm/cms/page";
const routes = [
  { path: "/pages/privacy-policy", Component: PrivacyPolicyPage },
  { path: "/pages/:location/:slug", Component: CmsPage },
];

declare global {
  interface Window {
    cmsScriptRan?: boolean;
  }
}

const HOSTILE =
  '<p>Earn at every store.</p><script>window.cmsScriptRan = true</script><img src="x" onerror="window.cmsScriptRan = true">';

/** happy-dom's DOM drops some elements under DOMPurify (Chromium does not): rendering tests see the HTML as given. */
const passThroughSanitizer = () => vi.spyOn(DOMPurify, "sanitize").mockImplementation((html) => String(html));

const PARTNERS =
  '<h2>Our partners</h2><p>Earn at every store.</p><p><a href="/store-list">Store list</a></p>';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete window.cmsScriptRan;
});

describe("CmsPage (pages/{location}/{url_slug})", () => {
  it("loads the page of that location and slug and shows its title and HTML content", async () => {
    const sanitize = passThroughSanitizer();
    const api = mockApi({
      [PAGE]: ok({ title: "H Coins partners", content: PARTNERS, status: "active" }),
    });
    renderApp(routes, "/pages/merchant/h-coins-partners");
    expect(await screen.findByRole("heading", { level: 1, name: "H Coins partners" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Our partners" })).toBeInTheDocument();
    expect(screen.getByText("Earn at every store.")).toBeInTheDocument();
    const query = api.called(PAGE)[0]?.url.searchParams;
    expect(query?.get("url_slug")).toBe("h-coins-partners");
    expect(query?.get("cms_location_code")).toBe("merchant");
    expect(document.title).toBe("H Coins partners | H Coins");
    expect(sanitize).toHaveBeenCalledWith(PARTNERS, expect.anything());
  });

  it("never runs a script from the content: only the sanitiser's output reaches the page", async () => {
    // happy-dom hides attributes from DOMPurify's walker, so what DOMPurify strips is checked in
    // Chromium (e2e/public-screens.e2e.ts); here: the raw HTML never reaches the page, nothing runs.
    const sanitize = vi.spyOn(DOMPurify, "sanitize");
    sanitize.mockImplementation((html) => String(html).replace(/<script[\s\S]*?<\/script>|<img[^>]*>/g, ""));
    mockApi({ [PAGE]: ok({ title: "Partners", content: HOSTILE, status: "active" }) });
    const { container } = renderApp(routes, "/pages/merchant/partners");
    await screen.findByText("Earn at every store.");
    expect(sanitize).toHaveBeenCalledWith(HOSTILE, expect.anything());
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("[onerror]")).toBeNull();
    expect(window.cmsScriptRan).toBeUndefined();
  });

  it("keeps links to this app inside the app", async () => {
    mockApi({ [PAGE]: ok({ title: "Partners", content: PARTNERS, status: "active" }) });
    renderApp(routes, "/pages/merchant/partners");
    await userEvent.click(await screen.findByRole("link", { name: "Store list" }));
    expect(await screen.findByTestId("location")).toHaveTextContent(/^\/store-list$/);
  });

  it("says the page was not found on 4040", async () => {
    mockApi({ [PAGE]: fail(404, 4040, "not found") });
    renderApp(routes, "/pages/merchant/missing");
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeInTheDocument();
    expect(
      screen.getByText("This page could not be found. It may have moved or is no longer available."),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to the home page" })).toHaveAttribute("href", "/");
  });

  it("shows other failures with the server's text and can try again", async () => {
    let answers = 0;
    mockApi({
      [PAGE]: () =>
        answers++ === 0 ? fail(503, 5030, "down") : ok({ title: "Partners", content: "<p>Back.</p>" }),
    });
    renderApp(routes, "/pages/merchant/partners");
    expect(
      await screen.findByText("The service is temporarily unavailable, please try again later."),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Back.")).toBeInTheDocument();
  });
});

describe("PrivacyPolicyPage (pages/privacy-policy)", () => {
  it("loads slug privacy-policy at location general", async () => {
    passThroughSanitizer();
    const api = mockApi({
      [PAGE]: ok({
        title: "Privacy Policy",
        content: "<h2>1. Personal data we collect</h2>",
        status: "active",
      }),
    });
    renderApp(routes, "/pages/privacy-policy");
    expect(await screen.findByRole("heading", { level: 1, name: "Privacy Policy" })).toBeInTheDocument();
    expect(
      screen.getByRole("heading", { level: 2, name: "1. Personal data we collect" }),
    ).toBeInTheDocument();
    const query = api.called(PAGE)[0]?.url.searchParams;
    expect(query?.get("url_slug")).toBe("privacy-policy");
    expect(query?.get("cms_location_code")).toBe("general");
  });
});
