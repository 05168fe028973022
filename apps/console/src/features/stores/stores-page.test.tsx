import type { ConsoleStore } from "@hcoins/domain/api/console-stores";
import { ok } from "@hcoins/web-kit/testing/mock-api";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, renderConsole, session } from "../../lib/test-app.tsx";

const store = (id: number, status: ConsoleStore["status"] = "active"): ConsoleStore => ({
  id,
  code: `HF-${id}`,
  name: { en: `Harbour Fresh ${id}`, tc: `港灣鮮生 ${id}`, sc: `港湾鲜生 ${id}` },
  brand: { id: 1, code: "harbour-fresh", name: { en: "Harbour Fresh", tc: "港灣鮮生", sc: "港湾鲜生" } },
  region: "3001",
  district: "5005",
  address: { en: "1 Road", tc: "一號", sc: "一号" },
  phone: "",
  partner_property: false,
  status,
});

const BRANDS = ok({
  brands: [
    {
      id: 1,
      code: "harbour-fresh",
      name: { en: "Harbour Fresh", tc: "港灣鮮生", sc: "港湾鲜生" },
      logo_media_token: null,
      sort_order: 0,
      store_count: 30,
    },
  ],
});

describe("the stores screen", () => {
  it("searches by text, brand, region and status, pages through, and hides a store", async () => {
    const api = mockApi({
      "GET /session": session("contentEditor"),
      "GET /brands": BRANDS,
      "GET /stores/list": ({ url }) =>
        ok({
          stores: [store(Number(url.searchParams.get("page") ?? 1))],
          total: 30,
          page: Number(url.searchParams.get("page") ?? 1),
          page_size: 25,
        }),
      "POST /stores/1/status": ok(store(1, "inactive")),
    });
    renderConsole("/stores");
    expect(await screen.findByRole("rowheader", { name: "Harbour Fresh 1" })).toBeInTheDocument();
    expect(screen.getByText("30 stores")).toBeInTheDocument();
    expect(screen.getByRole("row", { name: /HF-1/ })).toHaveTextContent(
      "Hong Kong Island · Central and Western",
    );

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Hide HF-1" }));
    expect(api.called("POST /stores/1/status")[0]?.json).toEqual({ status: "inactive" });
    expect(await screen.findByText("Store HF-1 is hidden from members.")).toBeInTheDocument();

    await user.type(screen.getByLabelText("Code, name or address"), "central");
    await user.selectOptions(screen.getByLabelText("Brand"), "Harbour Fresh");
    await user.selectOptions(screen.getByLabelText("Region"), "Hong Kong Island");
    await user.selectOptions(screen.getByLabelText("Status"), "Hidden");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await user.click(await screen.findByRole("button", { name: "Next page" }));
    expect(await screen.findByText("Page 2 of 2")).toBeInTheDocument();
    const last = api.called("GET /stores/list").at(-1)?.url.searchParams;
    expect(Object.fromEntries(last ?? [])).toEqual({
      q: "central",
      brand: "1",
      region: "3001",
      status: "inactive",
      page: "2",
    });
  });

  it("shows the auditor the stores without the show or hide buttons", async () => {
    mockApi({
      "GET /session": session("auditor"),
      "GET /brands": BRANDS,
      "GET /stores/list": ok({ stores: [store(1)], total: 1, page: 1, page_size: 25 }),
    });
    renderConsole("/stores");
    expect(await screen.findByRole("rowheader", { name: "Harbour Fresh 1" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Hide/ })).not.toBeInTheDocument();
  });
});
