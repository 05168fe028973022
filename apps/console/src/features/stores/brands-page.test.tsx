import type { ConsoleBrand } from "@hcoins/domain/api/console-stores";
import { fail, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { describe, expect, it } from "vitest";
import { CSRF, mockApi, renderConsole, session } from "../../lib/test-app.tsx";

const TOKEN = "b".repeat(64);

const brand = (id: number, en: string, sort_order: number, store_count = 0): ConsoleBrand => ({
  id,
  code: en.toLowerCase().replace(/ /g, "-"),
  name: { en, tc: `${en} 繁`, sc: `${en} 简` },
  logo_media_token: id === 1 ? TOKEN : null,
  sort_order,
  store_count,
});

describe("the brands screen", () => {
  it("lists the brands with their logos, moves one up, and shows the refusal to delete a brand with stores", async () => {
    const first = brand(1, "Harbour Fresh", 0, 3);
    const second = brand(2, "Pearl", 1);
    const api = mockApi({
      "GET /session": session("contentEditor"),
      "GET /brands": ok({ brands: [first, second] }),
      "POST /brands/2/move": ok({
        brands: [
          { ...second, sort_order: 0 },
          { ...first, sort_order: 1 },
        ],
      }),
      "POST /brands/1/delete": fail(400, 4000, "invalid", { errors: [{ field: "id", rule: "brandInUse" }] }),
    });
    renderConsole("/brands");
    const rows = await screen.findAllByRole("row");
    expect(rows[1]).toHaveTextContent("Harbour Fresh");
    expect(rows[1]?.querySelector("img")).toHaveAttribute("src", `/console/api/images/${TOKEN}`);
    expect(rows[2]).toHaveTextContent("No logo");
    expect(screen.getByRole("button", { name: "Move Harbour Fresh up" })).toBeDisabled();

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Move Pearl up" }));
    const moved = api.called("POST /brands/2/move")[0];
    expect(moved?.json).toEqual({ direction: "up" });
    expect(moved?.headers["x-csrf-token"]).toBe(CSRF);
    await screen.findByRole("button", { name: "Move Pearl down" });
    expect(screen.getAllByRole("row")[1]).toHaveTextContent("Pearl");

    await user.click(screen.getByRole("button", { name: "Delete Harbour Fresh" }));
    const dialog = screen.getByRole("dialog", { name: "Delete this brand?" });
    expect(api.called("POST /brands/1/delete")).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Yes, delete" }));
    expect(await within(dialog).findByText(/Stores still belong to this brand/)).toBeInTheDocument();
    expect(screen.getByText("Harbour Fresh")).toBeInTheDocument();
  });

  it("checks the three names and the code before sending, uploads the logo with a preview, then saves", async () => {
    const api = mockApi({
      "GET /session": session("contentEditor"),
      "GET /brands": ok({ brands: [] }),
      "POST /images": [
        fail(400, 4000, "invalid", { errors: [{ field: "data_base64", rule: "imageType" }] }),
        ok({ token: TOKEN, image_url: `/crm/media/${TOKEN}` }),
      ],
      "POST /brands": [
        fail(400, 4000, "invalid", { errors: [{ field: "code", rule: "codeTaken" }] }),
        ok(brand(9, "Sun Mart", 0)),
      ],
    });
    renderConsole("/brands");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Add a brand" }));
    await user.type(screen.getByLabelText("Code"), "Sun Mart");
    await user.type(screen.getByLabelText("Name (English)"), "Sun Mart");
    await user.type(screen.getByLabelText("Name (Traditional Chinese)"), "太陽超市");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByLabelText("Name (Simplified Chinese)")).toHaveAccessibleDescription("Required.");
    expect(screen.getByLabelText("Code")).toHaveAccessibleDescription(
      /Lower-case letters, digits and hyphens only, for example harbour-fresh\./,
    );
    expect(api.called("POST /brands")).toHaveLength(0);

    const file = new File([new Uint8Array([137, 80, 78, 71])], "sun.png", { type: "image/png" });
    await user.upload(screen.getByLabelText("Logo"), file);
    expect(await screen.findByText(/is not a PNG, JPEG, GIF, WebP or SVG image/)).toBeInTheDocument();
    await user.upload(screen.getByLabelText("Logo"), file);
    expect(await screen.findByRole("img", { name: "Logo: the image as stored" })).toHaveAttribute(
      "src",
      `/console/api/images/${TOKEN}`,
    );
    await user.clear(screen.getByLabelText("Code"));
    await user.type(screen.getByLabelText("Code"), "sun-mart");
    await user.type(screen.getByLabelText("Name (Simplified Chinese)"), "太阳超市");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Another brand has this code.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByRole("button", { name: "Add a brand" });
    expect(api.called("POST /brands")[1]?.json).toEqual({
      code: "sun-mart",
      name: { en: "Sun Mart", tc: "太陽超市", sc: "太阳超市" },
      logo_media_token: TOKEN,
    });
  });

  it("shows the auditor the brands without the changing buttons", async () => {
    mockApi({
      "GET /session": session("auditor"),
      "GET /brands": ok({ brands: [brand(1, "Harbour Fresh", 0)] }),
    });
    renderConsole("/brands");
    expect(await screen.findByText("Harbour Fresh")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add a brand" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Delete/ })).not.toBeInTheDocument();
  });
});

describe("the brand and store screens for axe", () => {
  it("have no serious violation: the brand list, its form with a logo, the store list", async () => {
    mockApi({
      "GET /session": session("contentEditor"),
      "GET /brands": ok({ brands: [brand(1, "Harbour Fresh", 0, 2)] }),
      "GET /stores/list": ok({ stores: [], total: 0, page: 1, page_size: 25 }),
    });
    const serious = async () =>
      (await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } })).violations
        .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
        .map((violation) => violation.id);
    const { router } = renderConsole("/brands");
    await screen.findByText("Harbour Fresh");
    await userEvent.click(screen.getByRole("button", { name: "Edit Harbour Fresh" }));
    await screen.findByRole("img", { name: "Logo: the image as stored" });
    expect(await serious()).toEqual([]);
    await router.navigate("/stores");
    await screen.findByText("0 stores");
    expect(await serious()).toEqual([]);
  });
});
