import { afterEach, describe, expect, it, vi } from "vitest";
import { userQuery } from "../api/profile.ts";
import { changeLanguage } from "../lib/i18n.ts";
import { queryClient } from "../lib/query-client.ts";
import { session } from "../lib/session.ts";
import {
  bannerPaint,
  earlyScript,
  FirstPaint,
  type FirstPaintManifest,
  pageLanguage,
} from "./first-paint.ts";

afterEach(async () => {
  vi.unstubAllGlobals();
  delete (window as { __earlyResponses?: unknown }).__earlyResponses;
  delete window.__APP_CONFIG__;
  document.documentElement.className = "";
  queryClient.clear();
  localStorage.clear();
  await changeLanguage("en");
});

/** Runs index.html's early script as the page would: after the server's configuration, before the app. */
function runEarlyScript() {
  window.__APP_CONFIG__ = { crmBase: "/crm", appId: "web" };
  new Function(earlyScript())();
}

describe("the early script", () => {
  it("asks for a returning member's profile exactly as the app would, so the app takes that answer", async () => {
    session.setToken("t0k3n");
    await changeLanguage("sc");
    const answer = { code: 200, payload: { id: 7 } };
    const fetch = vi.fn(async () => new Response(JSON.stringify(answer)));
    vi.stubGlobal("fetch", fetch);

    runEarlyScript();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith("/crm/user/profile?include_custom_field=1", {
      headers: { authorization: "Bearer web:t0k3n", "accept-language": "zh-CN" },
    });

    // The app's own profile query: no second request, the early answer instead.
    expect(await queryClient.fetchQuery(userQuery)).toEqual({ id: 7 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("asks for nothing without a token, and shows only the header where #boot's language is not the stored one", () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    localStorage.setItem("lang", "en");
    document.documentElement.lang = "zh-HK";
    runEarlyScript();
    expect(fetch).not.toHaveBeenCalled();
    expect(document.documentElement.classList.contains("boot-header-only")).toBe(true);
  });
});

const manifest: FirstPaintManifest = {
  screens: [
    { path: "", files: ["/assets/welcome.js"] },
    {
      path: "/register",
      files: ["/assets/register.js"],
      boot: { en: { title: "Register", intro: "Enter <your> number & go" } },
    },
    { path: "store-list/detail/:id", files: ["/assets/store.js"] },
    { path: "*", files: ["/assets/open-app.js"] },
  ],
  catalogues: { en: ["/assets/en.js"] },
};
const files = (links: string) => [...links.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);

describe("FirstPaint", () => {
  const paint = new FirstPaint(manifest);

  it("preloads the chunks of the screen the router shows at a path, and the language's catalogue", () => {
    expect(files(paint.links("/", "en"))).toEqual(["/assets/welcome.js", "/assets/en.js"]);
    expect(files(paint.links("/register/", "en"))).toEqual(["/assets/register.js", "/assets/en.js"]);
    expect(files(paint.links("/store-list/detail/12", "tc"))).toEqual(["/assets/store.js"]);
    expect(files(paint.links("/no/such/screen", "tc"))).toEqual(["/assets/open-app.js"]);
  });

  it("draws a screen's heading and intro, escaped, where it has them in the language", () => {
    expect(paint.boot("/register", "en")).toBe(
      '<section class="page"><h1 class="page-title">Register</h1><p class="page-intro">Enter &lt;your&gt; number &amp; go</p></section>',
    );
    expect(paint.boot("/register", "tc")).toBe("");
    expect(paint.boot("/", "en")).toBe("");
  });

  it("draws the first banner's images with the page, each for its widths", () => {
    const first = bannerPaint(
      { image_mobile_media_token: "m", image_desktop_media_token: "" },
      (token) => `/media/${token}?a=1&b=2`,
    );
    expect(files(first.links)).toEqual(["/media/m?a=1&amp;b=2", "/media/m?a=1&amp;b=2"]);
    expect(first.boot).toContain('<img src="/media/m?a=1&amp;b=2" width="750" height="560"');
    expect(bannerPaint(undefined, String)).toEqual({ links: "", boot: "" });
  });
});

describe("pageLanguage", () => {
  it("is the app's choice: ?lang= first, then the stored choice (its cookie), else Traditional Chinese", () => {
    expect(pageLanguage(new URLSearchParams("lang=zh-CN"), "lang=en")).toBe("sc");
    expect(pageLanguage(new URLSearchParams(""), "a=1; lang=en")).toBe("en");
    expect(pageLanguage(new URLSearchParams("lang=xx"), undefined)).toBe("tc");
  });
});
