import type { ConsoleBanner } from "@hcoins/domain/api/console-content";
import { fail, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CSRF, mockApi, renderConsole, session } from "../../lib/test-app.tsx";

const TOKEN = "a".repeat(64);

const banner = (id: number, en: string, sort_order: number): ConsoleBanner => ({
  id,
  location: "welcome",
  title: { en, tc: `${en} 繁`, sc: `${en} 简` },
  image_mobile_token: TOKEN,
  image_desktop_token: TOKEN,
  link_url: "/rewards",
  sort_order,
  active: true,
  starts_at: null,
  ends_at: null,
  updated_at: "2026-11-27T02:00:00Z",
});

describe("the banners screen", () => {
  it("lists the welcome banners in order, moves one up and deletes one after a confirmation", async () => {
    const first = banner(1, "Autumn", 0);
    const second = banner(2, "Winter", 1);
    const api = mockApi({
      "GET /session": session("contentEditor"),
      "GET /content/banners": [
        ok({ banners: [first, second] }),
        ok({ banners: [{ ...second, sort_order: 0 }] }),
      ],
      "POST /content/banners/2/move": ok({
        banners: [
          { ...second, sort_order: 0 },
          { ...first, sort_order: 1 },
        ],
      }),
      "POST /content/banners/1/delete": ok({}),
    });
    renderConsole("/content/banners");
    const rows = await screen.findAllByRole("row");
    expect(rows[1]).toHaveTextContent("Autumn");
    expect(rows[2]).toHaveTextContent("Winter");
    expect(screen.getByRole("button", { name: "Move Autumn up" })).toBeDisabled();

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Move Winter up" }));
    const moved = api.called("POST /content/banners/2/move")[0];
    expect(moved?.json).toEqual({ direction: "up" });
    expect(moved?.headers["x-csrf-token"]).toBe(CSRF);
    await screen.findByRole("button", { name: "Move Winter down" });
    expect(screen.getAllByRole("row")[1]).toHaveTextContent("Winter");

    await user.click(screen.getByRole("button", { name: "Delete Autumn" }));
    const dialog = screen.getByRole("dialog", { name: "Delete this banner?" });
    expect(api.called("POST /content/banners/1/delete")).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Yes, delete" }));
    expect(api.called("POST /content/banners/1/delete")).toHaveLength(1);
    expect(await screen.findByRole("row", { name: /Winter/ })).toBeInTheDocument();
    expect(screen.queryByText("Autumn")).not.toBeInTheDocument();
  });

  it("checks the alt text in every language and the images before sending, shows the server's image refusal, then saves", async () => {
    const api = mockApi({
      "GET /session": session("contentEditor"),
      "GET /content/banners": ok({ banners: [] }),
      "POST /images": [
        fail(400, 4000, "invalid", { errors: [{ field: "data_base64", rule: "imageTooLarge" }] }),
        ok({ token: TOKEN, image_url: `/crm/media/${TOKEN}` }),
      ],
      "POST /content/banners": ok(banner(9, "Spring", 0)),
    });
    renderConsole("/content/banners");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Add a banner" }));
    await user.type(screen.getByLabelText("Title (written over the picture) (English)"), "Spring");
    await user.type(screen.getByLabelText("Title (written over the picture) (Traditional Chinese)"), "春季");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(
      screen.getByLabelText("Title (written over the picture) (Simplified Chinese)"),
    ).toHaveAccessibleDescription("Required.");
    expect(screen.getByLabelText("Image for phones")).toHaveAccessibleDescription(
      "PNG, JPEG, GIF, WebP or SVG, at most 2 MB. Keep words out of the picture: the title is written over it in the visitor's language. Choose an image.",
    );
    expect(api.called("POST /content/banners")).toHaveLength(0);

    const file = new File([new Uint8Array([137, 80, 78, 71])], "big.png", { type: "image/png" });
    await user.upload(screen.getByLabelText("Image for phones"), file);
    expect(await screen.findByText("This image is too large (at most 2 MB).")).toBeInTheDocument();
    await user.upload(screen.getByLabelText("Image for phones"), file);
    expect(await screen.findByRole("img", { name: "Image for phones: the image as stored" })).toHaveAttribute(
      "src",
      `/console/api/images/${TOKEN}`,
    );
    expect(api.called("POST /images")[1]?.json).toEqual({
      file_name: "big.png",
      data_base64: "iVBORw==",
    });
    await user.upload(screen.getByLabelText("Image for computers"), file);
    await user.type(screen.getByLabelText("Title (written over the picture) (Simplified Chinese)"), "春季");
    await user.type(screen.getByLabelText("Show from (Hong Kong time, optional)"), "2026-12-01T09:00");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByRole("button", { name: "Add a banner" });
    expect(api.called("POST /content/banners")[0]?.json).toEqual({
      location: "welcome",
      title: { en: "Spring", tc: "春季", sc: "春季" },
      image_mobile_token: TOKEN,
      image_desktop_token: TOKEN,
      link_url: "",
      active: true,
      starts_at: "2026-12-01T09:00:00+08:00",
      ends_at: null,
    });
  });
});
