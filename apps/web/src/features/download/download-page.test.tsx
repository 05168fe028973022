import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { config } from "../../lib/config.ts";
import { i18next } from "../../lib/i18n.ts";
import { mockApi, renderApp } from "../../lib/test-app.tsx";
import { DownloadPage } from "./download-page.tsx";

/** The catalogues keep "H Coins" (and "1 H Coin") on one line with no-break spaces; names are matched as shown. */
const shown = (text: string) =>
  text.replaceAll("H Coin", "H\u00a0Coin").replace(/(\d) H\u00a0Coin/g, "$1\u00a0H\u00a0Coin");

const routes = [{ path: "/download", Component: DownloadPage }];

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage("en");
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

  it("shows the store badges, the phone, the retail chains and the shop button (new tab)", () => {
    mockApi({});
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
    for (const name of ["Harbour Fresh", "Pearl Convenience", "Jade Wellness", "Golden Crust Bakery"]) {
      expect(within(chains).getByText(name)).toBeInTheDocument();
    }
    const shop = screen.getByRole("link", { name: /Shop online/ });
    expect(shop).toHaveAttribute("href", config.eshopUrl);
    expect(shop).toHaveAttribute("target", "_blank");
    expect(shop).toHaveAttribute("rel", expect.stringContaining("noopener"));
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

  it("draws two QR codes: this site's open-app route and the configured download endpoint", () => {
    mockApi({});
    renderApp(routes, "/download");
    const openApp = screen.getByRole("img", { name: shown("QR code to open the H Coins app") });
    expect(openApp).toHaveAttribute("data-qr-text", `${window.location.origin}/open-cu-app`);
    const download = screen.getByRole("img", { name: shown("QR code to download the H Coins app") });
    expect(download).toHaveAttribute("data-qr-text", config.downloadEndpointUrl);
    expect(openApp.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
  });

  it("fetches nothing: every picture is drawn in the page", () => {
    const api = mockApi({});
    const { container } = renderApp(routes, "/download");
    expect(api.calls).toHaveLength(0);
    for (const image of container.querySelectorAll("img"))
      expect(image.getAttribute("src")).toMatch(/^data:/);
  });
});
