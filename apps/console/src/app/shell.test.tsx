import { fail, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CSRF, mockApi, renderConsole, session } from "../lib/test-app.tsx";

const navLinks = async () =>
  within(await screen.findByRole("navigation", { name: "Console" }))
    .queryAllByRole("link")
    .map((link) => link.textContent);

describe("the shell shows each role only what it may use", () => {
  it("customer service: members and referrals, not the audit log", async () => {
    mockApi({ "GET /session": session("customerService") });
    renderConsole("/members");
    expect(await navLinks()).toEqual(["Members", "Referrals"]);
    expect(screen.getByText("customerService@example.com")).toBeInTheDocument();
    expect(screen.getByText("Customer service")).toBeInTheDocument();
  });

  it("the auditor: members, the audit log, the programme's screens, brands and stores to read", async () => {
    mockApi({ "GET /session": session("auditor"), "GET /audit": ok({ entries: [], total: 0 }) });
    renderConsole("/audit");
    expect(await navLinks()).toEqual([
      "Figures",
      "Members",
      "Approvals",
      "Audit log",
      "Rewards",
      "Campaigns",
      "Stamp missions",
      "Segments",
      "Bonus days",
      "Coin expiry",
      "Tiers",
      "Brands",
      "Stores",
      "Store partners",
      "Till keys",
      "Referrals",
    ]);
  });

  it("the programme manager: members and the programme's screens, not the audit log", async () => {
    mockApi({ "GET /session": session("programmeManager") });
    renderConsole("/members");
    expect(await navLinks()).toEqual([
      "Figures",
      "Members",
      "Approvals",
      "Bulk adjustment",
      "Rewards",
      "Campaigns",
      "Stamp missions",
      "Segments",
      "Bonus days",
      "Coin expiry",
      "Tiers",
      "Brands",
      "Stores",
      "Store partners",
      "Till keys",
      "Referrals",
    ]);
  });

  it("the content editor: banners, CMS pages, brands and stores, the front door opening the banners", async () => {
    mockApi({ "GET /session": session("contentEditor"), "GET /content/banners": ok({ banners: [] }) });
    const { router } = renderConsole("/");
    expect(await screen.findByRole("heading", { name: "Banners", level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/console/content/banners");
    expect(await navLinks()).toEqual(["Banners", "CMS pages", "Brands", "Stores"]);
  });

  it("a screen the role may not use, opened by its address, says not allowed and asks nothing", async () => {
    const api = mockApi({ "GET /session": session("customerService") });
    renderConsole("/audit");
    expect(await screen.findByRole("heading", { name: "Not allowed" })).toBeInTheDocument();
    expect(api.called("GET /audit")).toHaveLength(0);
  });

  it("signs out with the CSRF token and returns to sign-in", async () => {
    const api = mockApi({ "GET /session": session("customerService"), "POST /session/sign-out": ok({}) });
    const { router } = renderConsole("/members");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Sign out" }));
    await screen.findByRole("heading", { name: "Sign in" });
    expect(router.state.location.pathname).toBe("/console/sign-in");
    expect(api.called("POST /session/sign-out")[0]?.headers["x-csrf-token"]).toBe(CSRF);
  });

  it("a 401 on any call returns to sign-in with the way back", async () => {
    mockApi({
      "GET /session": session("customerService"),
      "GET /members": fail(401, 4010, "Session ended"),
    });
    const { router } = renderConsole("/members?q=91234567");
    await screen.findByRole("heading", { name: "Sign in" });
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent("/members?q=91234567")}`);
  });
});
