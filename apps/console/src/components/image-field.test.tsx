import { fail, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { changeLanguage } from "../lib/i18n.ts";
import { mockApi, renderConsole, session } from "../lib/test-app.tsx";

const MB2 = 2 * 1024 * 1024;
const file = () => new File([new Uint8Array([137, 80, 78, 71])], "big.png", { type: "image/png" });

/** An upload the server refuses as too large says so with the limit, never "Something went wrong". */
describe("a too-large image", () => {
  afterEach(() => changeLanguage("en"));

  const chooseBannerImage = async () => {
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole("button", { name: /Add a banner|新增橫額|添加横幅/ }, { timeout: 5000 }),
    );
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("no file field");
    await user.upload(input, file());
    return input;
  };

  it("a 413 (4130) shows the limit the server told, as the field's error", async () => {
    mockApi({
      "GET /session": session("contentEditor"),
      "GET /content/banners": ok({ banners: [] }),
      "POST /images": fail(413, 4130, "The request is too large.", { max_bytes: MB2 }),
    });
    renderConsole("/content/banners");
    const input = await chooseBannerImage();
    expect(await screen.findByText("This file is too large: at most 2 MB.")).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining("This file is too large: at most 2 MB."),
    );
    expect(screen.queryByText(/Something went wrong/)).not.toBeInTheDocument();
  });

  it("in Traditional Chinese, with the configured limit of the imageTooLarge rule", async () => {
    await changeLanguage("tc");
    mockApi({
      "GET /session": session("contentEditor"),
      "GET /content/banners": ok({ banners: [] }),
      "POST /images": fail(400, 4000, "invalid", {
        errors: [{ field: "data_base64", rule: "imageTooLarge" }],
        max_bytes: 5 * 1024 * 1024,
      }),
    });
    renderConsole("/content/banners");
    await chooseBannerImage();
    expect(await screen.findByText("檔案太大：最大 5 MB。")).toBeInTheDocument();
  });

  it("a 413 without a limit still says too large", async () => {
    mockApi({
      "GET /session": session("contentEditor"),
      "GET /content/banners": ok({ banners: [] }),
      "POST /images": fail(413, 4130, "The request is too large."),
    });
    renderConsole("/content/banners");
    await chooseBannerImage();
    expect(await screen.findByText("This file is too large to upload.")).toBeInTheDocument();
  });
});
