import { describe, expect, it } from "vitest";
import { isAndroid, storeUrlFor } from "./detect-device.ts";

const urls = {
  appStoreUrl: "https://apps.example/app-store",
  googlePlayUrl: "https://apps.example/google-play",
};

const ANDROID = [
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Android 13; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0",
  "Mozilla/5.0 (Linux; Android 12; SM-X706B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36",
];

const NOT_ANDROID = {
  iPhone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  "iPad (desktop mode, reports a Mac)":
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  "Windows desktop":
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
  "Linux desktop": "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0",
  "Windows Phone (claims Android)":
    "Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0 Mobile Safari/537.36 Edge/15.15063",
  "no user agent": "",
};

describe("storeUrlFor", () => {
  it.each(ANDROID)("sends Android to Google Play: %s", (userAgent) => {
    expect(isAndroid(userAgent)).toBe(true);
    expect(storeUrlFor(userAgent, urls)).toBe(urls.googlePlayUrl);
  });

  it.each(Object.entries(NOT_ANDROID))("sends %s to the App Store", (_, userAgent) => {
    expect(isAndroid(userAgent)).toBe(false);
    expect(storeUrlFor(userAgent, urls)).toBe(urls.appStoreUrl);
  });
});
