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
});
