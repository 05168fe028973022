import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { config } from "./config.ts";
import { isInternal, leaveTarget } from "./redirect-target.ts";

/**
 * The redirect check every exit after login or registration goes through (use-leave.ts):
 * a hostile `redirect` never takes the member, let alone the token, off the app's origin
 * or the allowlist. e2e/abuse.e2e.ts tries a few of these in Chromium.
 */

const ALLOWED = "partner.example.com";
const origin = () => window.location.origin;

/** What a page would navigate to for the target: the router's path on our origin, or a full URL. */
const destination = (target: string) => new URL(target, origin());

const HOSTILE_REDIRECTS = [
  "//evil.example",
  "///evil.example",
  "////evil.example/x",
  "https:evil.example",
  "https:/evil.example",
  "http:evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/\\/evil.example",
  "/%2F%2Fevil.example",
  "%2F%2Fevil.example",
  "/%5C%5Cevil.example",
  "https://evil.example",
  "http://evil.example/",
  "HTTPS://EVIL.EXAMPLE",
  "HtTpS://evil.example",
  "https://shop.example.com.evil.example",
  `https://${ALLOWED}.evil.example`,
  `https://evil.example/${ALLOWED}`,
  `https://evil.example?${ALLOWED}`,
  `https://evil.example#${ALLOWED}`,
  `https://evil.example\\@${ALLOWED}`,
  `https://${ALLOWED}@evil.example`,
  `https://evil.example@${ALLOWED}`,
  `https://user:pass@${ALLOWED}/`,
  `https://${ALLOWED}:8443/`,
  `ftp://${ALLOWED}/`,
  `ws://${ALLOWED}/`,
  "javascript:alert(1)",
  "JAVASCRIPT:alert(1)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  "javascript://%0aalert(1)",
  "data:text/html,<script>alert(1)</script>",
  "DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "vbscript:msgbox(1)",
  "blob:https://evil.example/1",
  "file:///etc/passwd",
  "hcoins://steal",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "\t//evil.example",
  " //evil.example",
  "\u0000//evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/./\\evil.example",
  "/qrcode/..//evil.example",
];

beforeEach(() => {
  config.redirectAllowlist = [ALLOWED];
});
afterEach(() => {
  config.redirectAllowlist = [];
});

describe("leaveTarget with a hostile redirect", () => {
  it(`keeps each of ${HOSTILE_REDIRECTS.length} targets off every host but ours and the allowlist's`, () => {
    const shop = new URL(config.shopUrl);
    for (const redirect of HOSTILE_REDIRECTS) {
      const target = leaveTarget(redirect, "tok-1");
      const url = destination(target);
      const what = `${JSON.stringify(redirect)} → ${target}`;
      if (url.origin === origin()) {
        // An in-app path: it must stay one when the router or the browser reads it.
        expect(isInternal(target), what).toBe(true);
        expect(target.startsWith("//"), what).toBe(false);
        expect(/[\t\n\r\\]/.test(target), what).toBe(false);
        expect(target, what).not.toContain("tok-1");
      } else {
        // Otherwise the shop, the only place the token goes.
        expect(url.origin, what).toBe(shop.origin);
        expect(url.searchParams.get("access_token"), what).toBe("tok-1");
      }
      expect(url.host, what).not.toContain("evil");
    }
  });
});

describe("leaveTarget with an acceptable redirect", () => {
  it.each([
    ["/qrcode", "/qrcode"],
    ["/qrcode?tab=1#top", "/qrcode?tab=1#top"],
    ["/pages/merchant/h-coins-partners", "/pages/merchant/h-coins-partners"],
  ])("keeps the same-origin path %s", (redirect, expected) => {
    expect(leaveTarget(redirect, "tok-1")).toBe(expected);
  });

  it("reads a full URL on our own origin as its path", () => {
    expect(leaveTarget(`${origin()}/qrcode?x=1`, "tok-1")).toBe("/qrcode?x=1");
  });

  it.each([
    [`https://${ALLOWED}/offer?a=1`, `https://${ALLOWED}/offer?a=1`],
    [`HTTPS://${ALLOWED.toUpperCase()}/offer`, `https://${ALLOWED}/offer`],
    [`http://${ALLOWED}/`, `http://${ALLOWED}/`],
  ])("goes to the allowlisted %s, without the token", (redirect, expected) => {
    expect(leaveTarget(redirect, "tok-1")).toBe(expected);
  });

  it("goes to the shop with the token without a redirect", () => {
    const url = new URL(leaveTarget(null, "tok-1"));
    expect(url.origin).toBe(new URL(config.shopUrl).origin);
    expect(url.searchParams.get("access_token")).toBe("tok-1");
  });
});
