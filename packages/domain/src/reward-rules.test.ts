import { describe, expect, it } from "vitest";
import { REWARD_IMAGE_URL, rewardValueRule } from "./reward-rules.ts";

describe("the reward rules", () => {
  it("takes an https address or a path of this site as a picture, never another site's path", () => {
    for (const url of ["https://cdn.example.com/a.png", "/crm/media/abc", "/"]) {
      expect(REWARD_IMAGE_URL.test(url), url).toBe(true);
    }
    for (const url of [
      "http://example.com/a.png",
      "//evil.example/a.png",
      "javascript:alert(1)",
      "/a b",
      "",
    ]) {
      expect(REWARD_IMAGE_URL.test(url), url).toBe(false);
    }
  });

  it("wants a value above zero for an e-gift voucher and none for a product", () => {
    expect(rewardValueRule("evoucher", 5000)).toBeNull();
    expect(rewardValueRule("evoucher", null)).toBe("valueRequired");
    expect(rewardValueRule("evoucher", 0)).toBe("valueRequired");
    expect(rewardValueRule("product", null)).toBeNull();
    expect(rewardValueRule("product", 5000)).toBe("valueForProduct");
  });
});
