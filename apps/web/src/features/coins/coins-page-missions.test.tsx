import { mockApi, ok } from "@hcoins/web-kit/testing/mock-api";
import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  missionsAnswer as answer,
  balanceAnswer,
  COIN_CALLS,
  missionCard as card,
} from "../../lib/coin-fixtures.ts";
import { translator } from "../../lib/i18n.ts";
import { session } from "../../lib/session.ts";
import { renderApp } from "../../lib/test-app.tsx";
import { Component as CoinsPage } from "./coins-page.tsx";

const routes = [{ path: "/coins", Component: CoinsPage }];
const emptyHistory = ok({ entries: [], page: 1, page_size: 20, total: 0 });
beforeEach(() => session.setToken("member-token"));
afterEach(async () => {
  await act(() => translator.changeLanguage("en"));
});

describe("CoinsPage: the mission cards", () => {
  it("shows each mission's stamps in words and marks and the days left; a completed one links to the vouchers", async () => {
    mockApi({
      [COIN_CALLS.balance]: ok(balanceAnswer()),
      [COIN_CALLS.history]: emptyHistory,
      [COIN_CALLS.missions]: ok(
        answer([
          card(),
          card({ id: 4, stamps: 3, completed_at: "2026-11-26T02:00:00.000Z", voucher_code: "V1" }),
        ]),
      ),
    });
    renderApp(routes, "/coins");
    expect(await screen.findByRole("heading", { name: "Stamp missions" })).toBeInTheDocument();
    const open = screen.getByTestId("mission-3");
    expect(open).toHaveTextContent("2 of 3 stamps");
    expect(open).toHaveTextContent("4 days left");
    expect(open.querySelectorAll(".coin-mission-mark.is-stamped")).toHaveLength(2);
    const done = screen.getByTestId("mission-4");
    expect(done).toHaveTextContent("Completed: voucher issued.");
    expect(screen.getByRole("link", { name: "See my vouchers" })).toHaveAttribute("href", "/vouchers");
  });

  it.each([
    ["tc", "集印任務", "已集 2 個印花（共 3 個）", "尚餘 4 日"],
    ["sc", "集印任务", "已集 2 个印花（共 3 个）", "还剩 4 天"],
  ])("speaks %s", async (language, heading, progress, days) => {
    await act(() => translator.changeLanguage(language));
    mockApi({
      [COIN_CALLS.balance]: ok(balanceAnswer()),
      [COIN_CALLS.history]: emptyHistory,
      [COIN_CALLS.missions]: ok(answer([card()])),
    });
    renderApp(routes, "/coins");
    expect(await screen.findByRole("heading", { name: heading })).toBeInTheDocument();
    expect(screen.getByTestId("mission-3")).toHaveTextContent(progress);
    expect(screen.getByTestId("mission-3")).toHaveTextContent(days);
  });

  it("shows nothing without live missions", async () => {
    mockApi({
      [COIN_CALLS.balance]: ok(balanceAnswer()),
      [COIN_CALLS.history]: emptyHistory,
      [COIN_CALLS.missions]: ok(answer([])),
    });
    renderApp(routes, "/coins");
    expect(await screen.findByText("No H Coins activity yet.")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Stamp missions" })).toBeNull();
  });
});
