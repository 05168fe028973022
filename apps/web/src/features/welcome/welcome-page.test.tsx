import { fail, mockApi, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { forgetBanners } from "../../api/banners.ts";
import { mediaUrl } from "../../api/media.ts";
import { config } from "../../lib/config.ts";
import { session } from "../../lib/session.ts";
import { renderApp } from "../../lib/test-app.tsx";
import { Component as WelcomePage } from "./welcome-page.tsx";

/** The catalogues keep "H Coins" (and "1 H Coin") on one line with no-break spaces; names are matched as shown. */
const shown = (text: string) =>
  text.replaceAll("H Coin", "H\u00a0Coin").replace(/(\d) H\u00a0Coin/g, "$1\u00a0H\u00a0Coin");

const BANNERS = "GET /crm/cms/banner";
const routes = [{ path: "/", Component: WelcomePage }];

const banner = (id: number, title: string, status = "active") => ({
  id,
  title,
  image_mobile_media_token: `mobile-${id}`,
  image_desktop_media_token: `desktop-${id}`,
  link_url: "/register",
  status,
});

let replace: ReturnType<typeof vi.fn>;

beforeEach(() => {
  replace = vi.fn();
  const real = window.location;
  vi.stubGlobal("location", { origin: real.origin, href: real.href, pathname: "/", replace });
});

afterEach(() => {
  vi.unstubAllGlobals();
  forgetBanners();
});

describe("WelcomePage", () => {
  it("shows the welcome banners: the mobile image on phones, the desktop one from 768 px, sized before loading", async () => {
    const api = mockApi({
      [BANNERS]: ok([
        banner(1, "Welcome to H Coins"),
        banner(2, "Birthday month", "inactive"),
        banner(3, "Double H Coins"),
      ]),
    });
    const { container } = renderApp(routes, "/");
    // The title is real text, and the link's one name; the wordless picture is decorative.
    const link = await screen.findByRole("link", { name: "Welcome to H Coins" });
    expect(within(link).getByText("Welcome to H Coins")).toHaveClass("welcome-banner-title");
    const first = link.querySelector("img") as HTMLImageElement;
    expect(first).toHaveAttribute("alt", "");
    expect(first).toHaveAttribute("src", mediaUrl("mobile-1"));
    expect(first).toHaveAttribute("width", "750");
    expect(first).toHaveAttribute("height", "560");
    expect(first).toHaveAttribute("fetchpriority", "high");
    const desktop = first.parentElement?.querySelector("source");
    expect(desktop).toHaveAttribute("media", "(min-width: 768px)");
    expect(desktop).toHaveAttribute("srcset", mediaUrl("desktop-1"));
    // Later banners wait; inactive ones are not shown.
    const later = screen.getByRole("link", { name: "Double H Coins" });
    expect(later.querySelector("img")).toHaveAttribute("loading", "lazy");
    expect(screen.queryByText("Birthday month")).toBeNull();
    expect(screen.queryAllByRole("img", { name: /./ }).filter((img) => container.contains(img))).toEqual([]);
    expect(api.called(BANNERS)[0]?.url.searchParams.get("cms_location_code")).toBe("welcome");
    expect(api.called(BANNERS)[0]?.headers.authorization).toBe(`Bearer ${config.appId}:guest`);
  });

  it("writes each banner's title in the language the CMS answered in, as text", async () => {
    mockApi({ [BANNERS]: ok([banner(1, "欢迎加入 H Coins 会员")]) });
    renderApp(routes, "/");
    expect(await screen.findByRole("link", { name: "欢迎加入 H Coins 会员" })).toBeInTheDocument();
    expect(screen.getByText("欢迎加入 H Coins 会员").tagName).toBe("SPAN");
  });

  it("offers Register and Login, with the landing copy, even when the banner call fails", async () => {
    mockApi({ [BANNERS]: fail(503, 5030, "down") });
    renderApp(routes, "/");
    expect(
      screen.getByRole("heading", { level: 1, name: shown("Shop, earn H Coins, enjoy rewards") }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Earn 1 H Coin for every HKD 1 of net spend/)).toBeInTheDocument();
    expect(screen.getByText("Redeem H Coins for e-gift vouchers and popular products.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("link", { name: "Register" }));
    expect(await screen.findByTestId("location")).toHaveTextContent(/^\/register$/);
  });

  it("Login leads to /login", async () => {
    mockApi({ [BANNERS]: ok([]) });
    renderApp(routes, "/");
    await userEvent.click(screen.getByRole("link", { name: "Login" }));
    expect(await screen.findByTestId("location")).toHaveTextContent(/^\/login$/);
  });

  it("offers a logged-in member their QR code and H Coins instead of Register and Login", async () => {
    session.setToken("member-token");
    mockApi({ [BANNERS]: ok([]) });
    renderApp(routes, "/");
    expect(await screen.findByRole("link", { name: "Member QR code" })).toHaveAttribute("href", "/qrcode");
    expect(screen.getByRole("link", { name: shown("My H Coins") })).toHaveAttribute("href", "/coins");
    expect(screen.queryByRole("link", { name: "Register" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Login" })).toBeNull();
  });

  it("stores the state query as the session's state url and stays on the page", async () => {
    mockApi({ [BANNERS]: ok([]) });
    renderApp(routes, "/?state=%2Fqrcode%3Ffrom%3Dshop");
    expect(await screen.findByRole("link", { name: "Register" })).toBeInTheDocument();
    expect(session.getStateUrl()).toBe("/qrcode?from=shop");
    expect(replace).not.toHaveBeenCalled();
  });

  it("hands a pay-channel state to the native app with the pay-channel return url", async () => {
    const api = mockApi({ [BANNERS]: ok([]) });
    renderApp(routes, `/?state=${encodeURIComponent("/app-payment/result?order=7")}`);
    const returnUrl = new URL(config.payChannelReturnUrl, window.location.origin).toString();
    const expected = `${config.nativeAppScheme}app-payment/result?order=7&return_url=${encodeURIComponent(returnUrl)}`;
    expect(replace).toHaveBeenCalledWith(expected);
    expect(session.getStateUrl()).toBe("/app-payment/result?order=7");
    expect(screen.getByRole("status")).toHaveTextContent("Opening the H Coins app…");
    expect(screen.getByRole("link", { name: "Open the app" })).toHaveAttribute("href", expected);
    expect(screen.queryByRole("link", { name: "Register" })).toBeNull();
    expect(api.calls).toHaveLength(0);
  });
});
