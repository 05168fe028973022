import { describe, expect, it } from "vitest";
import { config } from "../lib/config.ts";
import { imageAddress } from "./media.ts";

describe("imageAddress", () => {
  it("gives the server's own media the app's CRM base and app id, and leaves other addresses alone", () => {
    const token = "a".repeat(64);
    expect(imageAddress(`/crm/media/${token}`)).toBe(
      `${config.crmBase}/media/${token}?app_id=${encodeURIComponent(config.appId)}`,
    );
    expect(imageAddress("https://images.example.com/reward.png")).toBe(
      "https://images.example.com/reward.png",
    );
    expect(imageAddress(`/crm/media/${token}/extra`)).toBe(`/crm/media/${token}/extra`);
  });
});
