import { mockApi, ok } from "@hcoins/web-kit/testing/mock-api";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { keepBalance, keptBalance } from "../api/member-coins.ts";
import { balanceAnswer } from "../lib/coin-fixtures.ts";
import { translator } from "../lib/i18n.ts";
import { session } from "../lib/session.ts";
import { renderApp } from "../lib/test-app.tsx";
import { RootLayout } from "./root-layout.tsx";

const LOGOUT = "POST /crm/auth/logout";

const routes = [
  {
    path: "/",
    Component: RootLayout,
    children: [
      { index: true, element: <p>Home content</p> },
      { path: "coins", element: <p>Coins content</p> },
    ],
  },
];

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => translator.changeLanguage("en"));
});

const header = () => screen.getByRole("banner");
const menuButton = () => within(header()).findByRole("button", { name: "Menu" });

describe("the header", () => {
  it("offers a visitor Register and Login, and no menu", async () => {
    mockApi({});
    renderApp(routes, "/");
    expect(within(header()).getByRole("link", { name: "Register" })).toHaveAttribute("href", "/register");
    expect(within(header()).getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    expect(within(header()).queryByRole("button", { name: "Menu" })).toBeNull();
  });

  it("names each language button starting with what it shows", async () => {
    mockApi({});
    renderApp(routes, "/");
    const english = within(header()).getByRole("button", { name: "EN English" });
    expect(english).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(within(header()).getByRole("button", { name: "繁 繁體中文" }));
    expect(within(header()).getByRole("link", { name: "登記" })).toBeInTheDocument();
  });

  it("gives a member a menu of their screens, opened and closed by keyboard", async () => {
    session.setToken("member-token");
    mockApi({});
    renderApp(routes, "/");
    const button = await menuButton();
    expect(within(header()).queryByRole("link", { name: "Register" })).toBeNull();
    expect(button).toHaveAttribute("aria-expanded", "false");
    const panel = document.getElementById(button.getAttribute("aria-controls") ?? "");
    expect(panel).not.toBeVisible();

    button.focus();
    await userEvent.keyboard("{Enter}");
    expect(button).toHaveAttribute("aria-expanded", "true");
    const menu = screen.getByRole("navigation", { name: "Member menu" });
    expect(menu).toBe(panel);
    const links = within(menu)
      .getAllByRole("link")
      .map((link) => [link.textContent, link.getAttribute("href")]);
    expect(links).toEqual([
      ["Member QR code", "/qrcode"],
      ["H\u00a0Coins", "/coins"],
      ["Rewards", "/rewards"],
      ["My vouchers", "/vouchers"],
      ["Invite friends", "/invite"],
      ["Member info", "/renew"],
      ["Change password", "/update-password"],
      ["Subscription preferences", "/subscription-preferences"],
    ]);
    expect(within(menu).getByRole("link", { name: "Member QR code" })).toHaveFocus();

    await userEvent.keyboard("{Escape}");
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(button).toHaveFocus();
  });

  it("closes the menu when the member goes to another screen", async () => {
    session.setToken("member-token");
    mockApi({});
    renderApp(routes, "/");
    await userEvent.click(await menuButton());
    await userEvent.click(screen.getByRole("link", { name: "H\u00a0Coins" }));
    expect(await screen.findByText("Coins content")).toBeInTheDocument();
    expect(await menuButton()).toHaveAttribute("aria-expanded", "false");
  });

  it("logs out from the menu: the session and the member's kept data go, and /login follows", async () => {
    session.setToken("member-token");
    keepBalance(42, balanceAnswer());
    const api = mockApi({ [LOGOUT]: ok({}) });
    renderApp(routes, "/");
    await userEvent.click(await menuButton());
    await userEvent.click(screen.getByRole("button", { name: "Log out" }));
    expect(await screen.findByTestId("location")).toHaveTextContent("/login");
    expect(api.called(LOGOUT)).toHaveLength(1);
    expect(session.getToken()).toBeNull();
    expect(keptBalance(42)).toBeNull();
  });

  it("speaks the member's language in the menu", async () => {
    session.setToken("member-token");
    mockApi({});
    await act(() => translator.changeLanguage("sc"));
    renderApp(routes, "/");
    await userEvent.click(await within(header()).findByRole("button", { name: "菜单" }));
    expect(screen.getByRole("link", { name: "我的礼券" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "退出登录" })).toBeInTheDocument();
  });
});

describe("the footer", () => {
  it("links the privacy policy, the terms and the store list on every screen", async () => {
    mockApi({});
    renderApp(routes, "/coins");
    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByRole("link", { name: "Privacy policy" })).toHaveAttribute(
      "href",
      "/pages/privacy-policy",
    );
    expect(within(footer).getByRole("link", { name: "Terms and conditions" })).toHaveAttribute(
      "href",
      "/pages/general/terms-and-conditions",
    );
    expect(within(footer).getByRole("link", { name: "Store list" })).toHaveAttribute("href", "/store-list");
  });
});
