import { describe, expect, it } from "vitest";
import { networkBlock } from "./network-block.ts";

describe("networkBlock", () => {
  it.each([
    ["203.0.113.9", "203.0.113.0/24"],
    ["203.0.113.250", "203.0.113.0/24"],
    ["127.0.0.31", "127.0.0.0/24"],
    ["::ffff:203.0.113.9", "203.0.113.0/24"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:ffff::1", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["64:ff9b::203.0.113.9", "64:ff9b:0:0::/64"],
    ["not an address", "not an address"],
  ])("puts %s in %s", (address, block) => {
    expect(networkBlock(address)).toBe(block);
  });

  it("tells two /24s and two /64s apart", () => {
    expect(networkBlock("203.0.113.9")).not.toBe(networkBlock("203.0.114.9"));
    expect(networkBlock("2001:db8:1:2::1")).not.toBe(networkBlock("2001:db8:1:3::1"));
  });
});
