import { describe, expect, it } from "vitest";
import { flowUrl } from "./flow-url.ts";

describe("flowUrl", () => {
  it("carries the redirect target and a share link's referral code to the next step, and nothing else", () => {
    const current = new URLSearchParams({ ref: "KX7P4M9Q", redirect: "/coins", data: "old" });
    expect(flowUrl("/register/step3", current)).toBe("/register/step3?redirect=%2Fcoins&ref=KX7P4M9Q");
    expect(flowUrl("/register/step2", new URLSearchParams(), { data: "x" })).toBe("/register/step2?data=x");
  });
});
