import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { config } from "../../lib/config.ts";
import { Component as ProfileSuccessPage } from "./profile-success-page.tsx";
import { member, mockApi, renderScreen } from "./test-helpers.tsx";

function renderPage(entry: string) {
  return renderScreen([{ path: "/update-user/success", Component: ProfileSuccessPage }], entry, member());
}

afterEach(() => vi.unstubAllGlobals());

describe("ProfileSuccessPage", () => {
  it("continues to an allowed same-origin redirect", async () => {
    mockApi({});
    renderPage("/update-user/success?redirect=%2Fqrcode");
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByTestId("landed")).toHaveTextContent("/qrcode");
  });

  it("goes to the shop with the token when there is no redirect (or a foreign one)", async () => {
    mockApi({});
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign, origin: window.location.origin });
    renderPage("/update-user/success?redirect=https%3A%2F%2Fevil.example%2F");
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    const target = new URL(assign.mock.calls[0]?.[0] as string);
    expect(`${target.origin}${target.pathname}`).toBe(new URL(config.shopUrl).toString().replace(/\/$/, "/"));
    expect(target.searchParams.get("access_token")).toBe("member-token");
  });

  it("opens the download page in a new tab", () => {
    mockApi({});
    renderPage("/update-user/success");
    const link = screen.getByRole("link", { name: /Download the app/ });
    expect(link).toHaveAttribute("href", config.downloadPageUrl);
    expect(link).toHaveAttribute("target", "_blank");
    expect(screen.getByRole("button", { name: "Start shopping" })).toBeInTheDocument();
  });
});
