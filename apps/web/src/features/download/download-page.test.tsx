import { fail, type MockCall, mockApi, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { config } from "../../lib/config.ts";
import { translator } from "../../lib/i18n.ts";
import { renderApp } from "../../lib/test-app.tsx";
import { Component as DownloadPage } from "./download-page.tsx";

/** The catalogues keep "H Coins" (and "1 H Coin") on one line with no-break spaces; names are matched as shown. */
const shown = (text: string) =>
  text.replaceAll("H Coin", "H\u00a0Coin").replace(/(\d) H\u00a0Coin/g, "$1\u00a0H\u00a0Coin");

const routes = [{ path: "/download", Component: DownloadPage }];

const BRANDS = "GET /crm/tag";
const LOGO = "a".repeat(64);
/** The brands as the server answers them (type=brand), names in the request's language. */
const brands = ({ url }: MockCall) =>
  ok(
    url.searchParams.get("type") === "brand"
      ? [
          { id: 1, type: "brand", code: "harbour-fresh", name: "Harbour Fresh", logo_media_token: LOGO },
          {
            id: 2,
            type: "brand",
            code: "pearl-convenience",
            name: "Pearl Convenience",
            logo_media_token: null,
          },
        ]
      : [],
  );

afterEach(async () => {
  vi.unstubAllGlobals();
  await translator.changeLanguage("en");
});

describe("DownloadPage", () => {
  it("switches between English and Chinese with EN / 中 and stores the choice", async () => {
    mockApi({});
    renderApp(routes, "/download");
    expect(
      screen.getByRole("heading", { level: 1, name: shown("Download the H Coins app") }),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "EN" })).toHaveAttribute("aria-pressed", "true");

    await userEvent.click(screen.getByRole("button", { name: "中" }));
    expect(
      await screen.findByRole("heading", { level: 1, name: shown("下載 H Coins 應用程式") }),
    ).toBeInTheDocument();
    expect(localStorage.getItem("lang")).toBe("tc");
    expect(screen.getByRole("button", { name: "中" })).toHaveAttribute("aria-pressed", "true");

    await userEvent.click(screen.getByRole("button", { name: "EN" }));
    expect(
      await screen.findByRole("heading", { level: 1, name: shown("Download the H Coins app") }),
    ).toBeInTheDocument();
    expect(localStorage.getItem("lang")).toBe("en");
  });

  it("the login button leads to /index", async () => {
    mockApi({});
    renderApp(routes, "/download");
    await userEvent.click(screen.getByRole("link", { name: "Login" }));
    expect(await screen.findByTestId("location")).toHaveTextContent(/^\/index$/);
  });

  it("shows the store badges, the phone, the retail chains and the shop button (new tab)", async () => {
    mockApi({ [BRANDS]: brands });
    renderApp(routes, "/download");
    expect(screen.getByRole("link", { name: "Download on the App Store" })).toHaveAttribute(
      "href",
      config.appStoreUrl,
    );
    expect(screen.getByRole("link", { name: "Get it on Google Play" })).toHaveAttribute(
      "href",
      config.googlePlayUrl,
    );
    expect(screen.getByRole("img", { name: /The H.Coins app on a phone/ })).toBeInTheDocument();
    const chains = screen.getByRole("region", { name: shown("Earn H Coins at our retail chains") });
    expect(await within(chains).findByText("Harbour Fresh")).toBeInTheDocument();
    expect(within(chains).getByText("Pearl Convenience")).toBeInTheDocument();
    const shop = screen.getByRole("link", { name: /Shop online/ });
    expect(shop).toHaveAttribute("href", config.eshopUrl);
    expect(shop).toHaveAttribute("target", "_blank");
    expect(shop).toHaveAttribute("rel", expect.stringContaining("noopener"));
  });

  it("draws each brand's logo beside its name (alt empty), initials for a brand without one", async () => {
    mockApi({ [BRANDS]: brands });
    const { container } = renderApp(routes, "/download");
    const chains = screen.getByRole("region", { name: shown("Earn H Coins at our retail chains") });
    await within(chains).findByText("Harbour Fresh");
    const [first, second] = within(chains).getAllByRole("listitem");
    const logo = first?.querySelector("img");
    expect(logo).toHaveAttribute("alt", "");
    expect(logo?.getAttribute("src")).toContain(`/media/${LOGO}`);
    expect(second?.querySelector(".brand-logo-missing")).toHaveTextContent("PC");
    expect(container.querySelectorAll(".chain-logos img")).toHaveLength(1);
  });

  it("leaves the brands out when they cannot be loaded, keeping the rest of the page", async () => {
    const api = mockApi({ [BRANDS]: fail(503, 5030, "down") });
    renderApp(routes, "/download");
    await vi.waitFor(() => expect(api.called(BRANDS).length).toBeGreaterThan(0));
    const chains = screen.getByRole("region", { name: shown("Earn H Coins at our retail chains") });
    expect(within(chains).queryByRole("list")).not.toBeInTheDocument();
    expect(within(chains).getByRole("link", { name: /Shop online/ })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toBeInTheDocument();
  });

  it("shows six benefit tiles", () => {
    mockApi({});
    renderApp(routes, "/download");
    const benefits = screen.getByRole("region", { name: "Member benefits" });
    expect(
      within(benefits)
        .getAllByRole("heading", { level: 3 })
        .map((tile) => tile.textContent),
    ).toEqual([
      "Show your QR code",
      shown("1 H Coin per HKD 1"),
      "Latest offers",
      "Chain-exclusive privileges",
      "Birthday rewards",
      "E-gift vouchers and products",
    ]);
  });

  it("draws two QR codes: this site's open-app route and the configured download endpoint", async () => {
    mockApi({});
    renderApp(routes, "/download");
    const openApp = await screen.findByRole("img", { name: shown("QR code to open the H Coins app") });
    expect(openApp).toHaveAttribute("data-qr-text", `${window.location.origin}/open-cu-app`);
    const download = await screen.findByRole("img", { name: shown("QR code to download the H Coins app") });
    expect(download).toHaveAttribute("data-qr-text", config.downloadEndpointUrl);
    expect(openApp.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
  });

  it("fetches only the brands: every other picture is drawn in the page", async () => {
    const api = mockApi({ [BRANDS]: brands });
    const { container } = renderApp(routes, "/download");
    await screen.findByText("Harbour Fresh");
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([BRANDS]);
    for (const image of container.querySelectorAll("img:not(.brand-logo)"))
      expect(image.getAttribute("src")).toMatch(/^data:/);
  });
});
