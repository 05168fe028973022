import { fail, mockApi, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mediaUrl } from "../../api/media.ts";
import { renderApp } from "../../lib/test-app.tsx";
import { Component as StoreDetailPage } from "./store-detail-page.tsx";
import { Component as StoreListPage } from "./store-list-page.tsx";
import { FILTER_CHOICES, store } from "./test-fixtures.ts";

const routes = [
  { path: "/store-list", Component: StoreListPage },
  { path: "/store-list/detail/:id", Component: StoreDetailPage },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("StoreDetailPage", () => {
  it("shows name, address, business hours, introduction and picture", async () => {
    const api = mockApi({
      "GET /crm/store/7": ok(store(7, { phone: "2345 6789", partner_property: true })),
    });
    renderApp(routes, "/store-list/detail/7");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Harbour Fresh Store 7" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Shop 7, G/F, 118 Wing Lok Street, Sheung Wan")).toBeInTheDocument();
    expect(screen.getByText("Central and Western, Hong Kong Island")).toBeInTheDocument();
    expect(screen.getByText("Business hours").nextElementSibling).toHaveTextContent("Daily 08:00–22:00");
    expect(screen.getByText("A neighbourhood supermarket.")).toBeInTheDocument();
    expect(screen.getByText("Two minutes' walk from Sheung Wan MTR Station.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "2345 6789" })).toHaveAttribute("href", "tel:23456789");
    expect(screen.getByText(/Partner property/)).toBeInTheDocument();
    const image = screen.getByRole("img", { name: "Harbour Fresh Store 7 shop front" });
    expect(image).toHaveAttribute("src", mediaUrl("image-7"));
    expect(image).toHaveAttribute("width", "800");
    expect(api.calls).toHaveLength(1);
  });

  it("says the store was not found on 4040", async () => {
    mockApi({ "GET /crm/store/99": fail(404, 4040, "not found") });
    renderApp(routes, "/store-list/detail/99");
    expect(await screen.findByRole("heading", { level: 1, name: "Store not found" })).toBeInTheDocument();
    expect(
      screen.getByText("This store could not be found. It may have closed or moved."),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Back to store list/ })).toHaveAttribute("href", "/store-list");
  });

  it("leads back to the list with the filters and page the member came from", async () => {
    mockApi({
      "GET /crm/store": ({ url }) =>
        url.searchParams.get("metadata") === "1"
          ? ok(FILTER_CHOICES)
          : ok({ items: [store(3)], total: 11, page: 2, page_size: 10 }),
      "GET /crm/store/3": ok(store(3)),
    });
    renderApp(routes, "/store-list?region=3001&page=2");
    await userEvent.click(await screen.findByRole("link", { name: "Harbour Fresh Store 3" }));
    await screen.findByRole("heading", { level: 1, name: "Harbour Fresh Store 3" });
    await userEvent.click(screen.getByRole("link", { name: /Back to store list/ }));
    expect(await screen.findByText("Page 2 of 2")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Region" })).toHaveValue("3001");
  });
});
