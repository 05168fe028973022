import { describe, expect, it } from "vitest";
import { payChannelTarget } from "./pay-channel.ts";

const settings = {
  nativeAppScheme: "hcoins://",
  payChannelPath: "/app-payment",
  payChannelReturnUrl: "/app-payment/return-payme",
};
const ORIGIN = "https://members.example";
const RETURN = encodeURIComponent("https://members.example/app-payment/return-payme");

describe("payChannelTarget", () => {
  it("opens the app's scheme at the pay-channel path with the return url", () => {
    expect(payChannelTarget("/app-payment/result?order=7", settings, ORIGIN)).toBe(
      `hcoins://app-payment/result?order=7&return_url=${RETURN}`,
    );
    expect(payChannelTarget("/app-payment", settings, ORIGIN)).toBe(
      `hcoins://app-payment?return_url=${RETURN}`,
    );
  });

  it("finds the path inside a full url and passes on only the path onwards, without the fragment", () => {
    expect(payChannelTarget("https://pay.example/app-payment/done?ref=ab#top", settings, ORIGIN)).toBe(
      `hcoins://app-payment/done?ref=ab&return_url=${RETURN}`,
    );
  });

  it("ignores states without the pay-channel path, or with it only as part of a longer name", () => {
    expect(payChannelTarget("/qrcode", settings, ORIGIN)).toBeNull();
    expect(payChannelTarget("/app-payments/x", settings, ORIGIN)).toBeNull();
    expect(payChannelTarget("", settings, ORIGIN)).toBeNull();
  });

  it("follows the configuration: scheme, path and an absolute return url", () => {
    const custom = {
      nativeAppScheme: "cuapp://pay/",
      payChannelPath: "/paychannel",
      payChannelReturnUrl: "https://return.example/back",
    };
    expect(payChannelTarget("/paychannel?x=1", custom, ORIGIN)).toBe(
      `cuapp://pay/paychannel?x=1&return_url=${encodeURIComponent("https://return.example/back")}`,
    );
    expect(payChannelTarget("/app-payment/x", custom, ORIGIN)).toBeNull();
    expect(payChannelTarget("/app-payment/x", { ...settings, payChannelPath: "" }, ORIGIN)).toBeNull();
  });

  it("gives the app exactly one return_url, ours: a state cannot add its own or any other parameter by encoding", () => {
    // The welcome page reads `?state=` decoded: %26 and %3D arrive as & and =.
    for (const query of [
      "state=/app-payment?x%26return_url%3Dhttps://evil.example",
      "state=/app-payment/result?order=7%26return_url%3Dhttps%253A%252F%252Fevil.example",
      "state=/app-payment/result?return_url=https://evil.example",
      "state=/app-payment/result%3Freturn_url%3Dhttps://evil.example%23x",
    ]) {
      const state = new URLSearchParams(query).get("state") ?? "";
      const target = payChannelTarget(state, settings, ORIGIN);
      expect(target, query).not.toBeNull();
      const params = new URL(target as string).searchParams;
      expect(params.getAll("return_url"), query).toEqual([
        "https://members.example/app-payment/return-payme",
      ]);
    }
    // The state's own parameters still travel, each once and encoded.
    const kept = new URL(
      payChannelTarget("/app-payment/result?order=7&note=a b&return_url=x", settings, ORIGIN) as string,
    );
    expect([...kept.searchParams]).toEqual([
      ["order", "7"],
      ["note", "a b"],
      ["return_url", "https://members.example/app-payment/return-payme"],
    ]);
  });
});
