import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { config } from "../../lib/config.ts";
import { session } from "../../lib/session.ts";
import { Component as RegisterSuccessPage } from "./register-success-page.tsx";
import { mockApi, renderScreen } from "./test-helpers.tsx";

const routes = [{ path: "/register/success", Component: RegisterSuccessPage }];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("RegisterSuccessPage", () => {
  it("sends the member to the shop with the access token", async () => {
    mockApi({});
    session.setToken("new-member-token");
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    renderScreen(routes, "/register/success");
    await userEvent.click(screen.getByRole("button", { name: "Start shopping" }));
    const target = new URL(assign.mock.calls[0]?.[0]);
    expect(`${target.origin}${target.pathname}`).toBe(new URL(config.shopUrl).toString());
    expect(target.searchParams.get("access_token")).toBe("new-member-token");
  });

  it("follows an allowed redirect target inside the app", async () => {
    mockApi({});
    renderScreen(routes, "/register/success?redirect=%2Fqrcode");
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByTestId("landed")).toHaveTextContent(/^\/qrcode$/);
  });

  it("refuses a foreign redirect and goes to the shop instead", async () => {
    mockApi({});
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    renderScreen(routes, "/register/success?redirect=https%3A%2F%2Fevil.example%2F");
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(new URL(assign.mock.calls[0]?.[0]).host).toBe(new URL(config.shopUrl).host);
  });

  it("opens the coin-app download link in a new tab", () => {
    mockApi({});
    renderScreen(routes, "/register/success");
    const link = screen.getByRole("link", { name: /Download the H Coins app/ });
    expect(link).toHaveAttribute("href", config.coinAppDownloadUrl);
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", expect.stringContaining("noopener"));
  });
});
