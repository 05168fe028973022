import type { ConsolePage } from "@hcoins/domain/api/console-content";
import { fail, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, renderConsole, session } from "../../lib/test-app.tsx";

const terms: ConsolePage = {
  id: 3,
  location: "general",
  slug: "terms-and-conditions",
  title: { en: "Terms", tc: "條款", sc: "条款" },
  content: { en: "<p>Read <b>these</b></p>", tc: "<p>請細閱</p>", sc: "<p>请细阅</p>" },
  active: true,
  publish_from: null,
  publish_until: null,
  updated_at: "2026-11-27T02:00:00Z",
};

describe("the CMS pages screen", () => {
  it("previews a page's sanitised HTML as the member sees it, in each language", async () => {
    mockApi({ "GET /session": session("contentEditor"), "GET /content/pages": ok({ pages: [terms] }) });
    renderConsole("/content/pages");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Preview terms-and-conditions" }));
    const preview = screen.getByRole("article", { name: "The member's page" });
    expect(preview).toHaveAttribute("lang", "zh-HK");
    expect(within(preview).getByRole("heading", { name: "條款" })).toBeInTheDocument();
    expect(within(preview).getByText("請細閱")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "English" }));
    expect(preview).toHaveAttribute("lang", "en");
    expect(within(preview).getByText("these").tagName).toBe("B");
    await user.click(screen.getByRole("button", { name: "Simplified Chinese" }));
    expect(within(preview).getByText("请细阅")).toBeInTheDocument();
  });

  it("adds a page: title and content in every language, the server's slug refusal under its field, then the preview", async () => {
    const saved: ConsolePage = { ...terms, id: 8, location: "merchant", slug: "autumn-fair" };
    const api = mockApi({
      "GET /session": session("contentEditor"),
      "GET /content/pages": ok({ pages: [] }),
      "POST /content/pages": [
        fail(400, 4000, "invalid", { errors: [{ field: "slug", rule: "slugTaken" }] }),
        ok(saved),
      ],
    });
    renderConsole("/content/pages");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Add a page" }));
    await user.selectOptions(screen.getByLabelText("Location"), "merchant");
    await user.type(screen.getByLabelText("Address (slug)"), "Autumn Fair");
    await user.type(screen.getByLabelText("Title (English)"), "Terms");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByLabelText("Address (slug)")).toHaveAccessibleDescription(
      "Lower-case letters, digits and hyphens, for example privacy-policy. Use lower-case letters, digits and hyphens only.",
    );
    expect(screen.getByLabelText("Content (HTML) (Traditional Chinese)")).toHaveAccessibleDescription(
      "Required.",
    );
    expect(api.called("POST /content/pages")).toHaveLength(0);

    await user.clear(screen.getByLabelText("Address (slug)"));
    await user.type(screen.getByLabelText("Address (slug)"), "autumn-fair");
    for (const [label, text] of [
      ["Title (Traditional Chinese)", "條款"],
      ["Title (Simplified Chinese)", "条款"],
      ["Content (HTML) (English)", "<p>Read</p>"],
      ["Content (HTML) (Traditional Chinese)", "<p>請細閱</p>"],
      ["Content (HTML) (Simplified Chinese)", "<p>请细阅</p>"],
    ] as const) {
      // Pasted, not typed: six long fields typed key by key would make the test slow.
      await user.click(screen.getByLabelText(label));
      await user.paste(text);
    }
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(
      await screen.findByText("This location already has a page with this address."),
    ).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByRole("article", { name: "The member's page" })).toHaveTextContent("請細閱");
    expect(api.called("POST /content/pages")[1]?.json).toMatchObject({
      location: "merchant",
      slug: "autumn-fair",
      title: { en: "Terms", tc: "條款", sc: "条款" },
      content: { en: "<p>Read</p>", tc: "<p>請細閱</p>", sc: "<p>请细阅</p>" },
      publish_from: null,
    });
  });

  it("deletes a page only after a confirmation", async () => {
    const api = mockApi({
      "GET /session": session("contentEditor"),
      "GET /content/pages": [ok({ pages: [terms] }), ok({ pages: [] })],
      "POST /content/pages/3/delete": ok({}),
    });
    renderConsole("/content/pages");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Delete terms-and-conditions" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Cancel" }));
    expect(api.called("POST /content/pages/3/delete")).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Delete terms-and-conditions" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Yes, delete" }));
    expect(await screen.findByText("No pages yet.")).toBeInTheDocument();
    expect(api.called("POST /content/pages/3/delete")).toHaveLength(1);
  });

  it("is not in the customer service's navigation and refuses them", async () => {
    mockApi({ "GET /session": session("customerService") });
    renderConsole("/content/pages");
    expect(await screen.findByRole("heading", { name: "Not allowed" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "CMS pages" })).not.toBeInTheDocument();
  });
});
