import { fail, mockApi, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../../lib/test-app.tsx";
import { Component as StoreListPage } from "./store-list-page.tsx";
import { BRAND_LOGO, FILTER_CHOICES, store } from "./test-fixtures.ts";

const STORES = "GET /crm/store";
const routes = [
  { path: "/store-list", Component: StoreListPage },
  { path: "/index", Component: StoreListPage },
];

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The fake store endpoint: metadata, or `total` stores paged like the server. */
function storeServer(total = 3) {
  return mockApi({
    [STORES]: ({ url }) => {
      if (url.searchParams.get("metadata") === "1") return ok(FILTER_CHOICES);
      const page = Number(url.searchParams.get("page") ?? 1);
      const size = Number(url.searchParams.get("page_size") ?? 20);
      const first = (page - 1) * size + 1;
      const items = Array.from({ length: Math.max(0, Math.min(size, total - first + 1)) }, (_, i) =>
        store(first + i),
      );
      return ok({ items, total, page, page_size: size });
    },
  });
}

const listCalls = (api: ReturnType<typeof mockApi>) =>
  api.called(STORES).filter((call) => call.url.searchParams.get("metadata") !== "1");
const lastListQuery = (api: ReturnType<typeof mockApi>) => listCalls(api).at(-1)?.url.searchParams;

describe("StoreListPage", () => {
  it("lists the stores at /index and /store-list with their address and a link to the detail", async () => {
    storeServer(2);
    renderApp(routes, "/index");
    expect(await screen.findByRole("heading", { level: 2, name: "2 stores" })).toBeInTheDocument();
    const link = screen.getByRole("link", { name: "Harbour Fresh Store 1" });
    expect(link).toHaveAttribute("href", "/store-list/detail/1");
    expect(screen.getByText("Shop 1, G/F, 118 Wing Lok Street, Sheung Wan")).toBeInTheDocument();
  });

  it("shows the brand's logo beside its name, or its initials when it has none", async () => {
    mockApi({
      [STORES]: ({ url }) =>
        url.searchParams.get("metadata") === "1"
          ? ok(FILTER_CHOICES)
          : ok({
              items: [
                store(1),
                store(2, {
                  brand: {
                    id: 2,
                    code: "pearl-convenience",
                    name: "Pearl Convenience",
                    logo_media_token: null,
                  },
                }),
              ],
              total: 2,
              page: 1,
              page_size: 12,
            }),
    });
    const { container } = renderApp(routes, "/index");
    await screen.findByRole("heading", { level: 2, name: "2 stores" });
    const [first, second] = screen.getAllByRole("listitem").filter((item) => item.matches(".store-card"));
    const logo = first?.querySelector(".store-card-meta img.brand-logo");
    expect(logo).toHaveAttribute("alt", "");
    expect(logo?.getAttribute("src")).toContain(BRAND_LOGO);
    expect(first).toHaveTextContent("Harbour Fresh · Central and Western");
    expect(second?.querySelector(".brand-logo-missing")).toHaveTextContent("PC");
    expect(second?.querySelector(".brand-logo-missing")).toHaveAttribute("aria-hidden", "true");
    expect(container.querySelectorAll(".store-card-meta img")).toHaveLength(1);
  });

  it("keeps district disabled until a region is chosen, then offers that region's districts", async () => {
    const api = storeServer();
    renderApp(routes, "/store-list");
    const region = await screen.findByRole("combobox", { name: "Region" });
    const district = screen.getByRole("combobox", { name: "District" });
    await screen.findByRole("option", { name: "Kowloon" });
    expect(district).toBeDisabled();

    await userEvent.selectOptions(region, "3005");
    expect(district).toBeEnabled();
    expect(
      within(district)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["All districts", "Yau Tsim Mong", "Sham Shui Po"]);
    await vi.waitFor(() => expect(lastListQuery(api)?.get("region")).toBe("3005"));
    expect(lastListQuery(api)?.has("district")).toBe(false);

    await userEvent.selectOptions(district, "5046");
    await vi.waitFor(() => expect(lastListQuery(api)?.get("district")).toBe("5046"));
    expect(lastListQuery(api)?.get("region")).toBe("3005");
  });

  it("clears the district when the region changes", async () => {
    const api = storeServer();
    renderApp(routes, "/store-list?region=3005&district=5046");
    const district = await screen.findByRole("combobox", { name: "District" });
    await vi.waitFor(() => expect(district).toHaveValue("5046"));

    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Region" }), "3001");
    expect(district).toHaveValue("");
    expect(within(district).getByRole("option", { name: "Wan Chai" })).toBeInTheDocument();
    await vi.waitFor(() => expect(lastListQuery(api)?.get("region")).toBe("3001"));
    expect(lastListQuery(api)?.has("district")).toBe(false);

    // Back to all regions: district disabled and empty again.
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Region" }), "");
    expect(district).toBeDisabled();
    expect(district).toHaveValue("");
    await vi.waitFor(() => expect(lastListQuery(api)?.has("region")).toBe(false));
  });

  it("filters by brand and starts again at page 1", async () => {
    const api = storeServer(25);
    renderApp(routes, "/store-list?page=2");
    await screen.findByText("Page 2 of 3");
    await screen.findByRole("option", { name: "Pearl Convenience" });
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Brand" }), "pearl-convenience");
    await vi.waitFor(() => expect(lastListQuery(api)?.get("brand")).toBe("pearl-convenience"));
    expect(lastListQuery(api)?.get("page")).toBe("1");
  });

  it("pages through the list by its total", async () => {
    const api = storeServer(25);
    renderApp(routes, "/store-list");
    expect(await screen.findByText("Page 1 of 3")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    expect(lastListQuery(api)?.get("page_size")).toBe("12");

    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("link", { name: "Harbour Fresh Store 13" })).toBeInTheDocument();
    expect(screen.getByText("Page 2 of 3")).toBeInTheDocument();
    expect(lastListQuery(api)?.get("page")).toBe("2");
    // Focus moves to the top of the new page.
    expect(screen.getByRole("heading", { level: 2, name: "25 stores" })).toHaveFocus();

    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("link", { name: "Harbour Fresh Store 25" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
  });

  it("says so when no store matches, and can show all stores again", async () => {
    const api = mockApi({
      [STORES]: ({ url }) =>
        url.searchParams.get("metadata") === "1"
          ? ok(FILTER_CHOICES)
          : ok({
              items: url.searchParams.has("brand") ? [] : [store(1)],
              total: url.searchParams.has("brand") ? 0 : 1,
              page: 1,
              page_size: 10,
            }),
    });
    renderApp(routes, "/store-list?brand=pearl-convenience");
    expect(await screen.findByText("No stores match these filters.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Show all stores" }));
    expect(await screen.findByRole("link", { name: "Harbour Fresh Store 1" })).toBeInTheDocument();
    expect(lastListQuery(api)?.has("brand")).toBe(false);
  });

  it("shows the server's message when the list fails, and tries again", async () => {
    let answers = 0;
    mockApi({
      [STORES]: ({ url }) =>
        url.searchParams.get("metadata") === "1"
          ? ok(FILTER_CHOICES)
          : answers++ === 0
            ? fail(503, 5030, "down")
            : ok({ items: [store(1)], total: 1, page: 1, page_size: 10 }),
    });
    renderApp(routes, "/store-list");
    expect(
      await screen.findByText("The service is temporarily unavailable, please try again later."),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("link", { name: "Harbour Fresh Store 1" })).toBeInTheDocument();
  });
});
