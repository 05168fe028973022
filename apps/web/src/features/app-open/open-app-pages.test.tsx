import { mockApi } from "@hcoins/web-kit/testing/mock-api";
import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { config } from "../../lib/config.ts";
import { translator } from "../../lib/i18n.ts";
import { renderApp } from "../../lib/test-app.tsx";
import { Component as BlankPage } from "./blank-page.tsx";
import { Component as OpenAppRedirectPage } from "./open-app-redirect-page.tsx";
import { Component as OpenOrDownloadPage } from "./open-or-download-page.tsx";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0";

let replace: ReturnType<typeof vi.fn>;

beforeEach(() => {
  mockApi({});
  replace = vi.fn();
  const real = window.location;
  vi.stubGlobal("location", { origin: real.origin, href: real.href, pathname: real.pathname, replace });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await translator.changeLanguage("en");
});

const useAgent = (userAgent: string) => vi.stubGlobal("navigator", { userAgent, language: "en" });

describe("OpenAppRedirectPage (/open-cu-app)", () => {
  it.each([
    ["an Android phone", ANDROID, config.googlePlayUrl],
    ["an iPhone", IPHONE, config.appStoreUrl],
    ["a Windows computer (any non-Android device)", WINDOWS, config.appStoreUrl],
  ])("sends %s to its store, with a loading indicator meanwhile", (_, userAgent, store) => {
    useAgent(userAgent);
    renderApp([{ path: "/open-cu-app", Component: OpenAppRedirectPage }], "/open-cu-app");
    expect(screen.getByRole("status")).toHaveTextContent("Taking you to the app store…");
    expect(replace).toHaveBeenCalledWith(store);
    expect(replace).not.toHaveBeenCalledWith(
      store === config.appStoreUrl ? config.googlePlayUrl : config.appStoreUrl,
    );
    expect(screen.getByRole("link", { name: "Go to the app store" })).toHaveAttribute("href", store);
  });
});

describe("OpenOrDownloadPage (/reward, /offer, /egift and unknown paths)", () => {
  const page = [{ path: "/reward", Component: OpenOrDownloadPage }];

  it("titles the page and links both stores with English badges", () => {
    renderApp(page, "/reward");
    expect(
      screen.getByRole("heading", { level: 1, name: "Open or Download the app now" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Download on the App Store" })).toHaveAttribute(
      "href",
      config.appStoreUrl,
    );
    expect(screen.getByRole("link", { name: "Get it on Google Play" })).toHaveAttribute(
      "href",
      config.googlePlayUrl,
    );
    expect(replace).not.toHaveBeenCalled();
  });

  it.each([
    // Each badge is named by exactly what it shows (WCAG 2.5.3).
    ["tc", "立即開啟或下載應用程式", "在以下平台下載 App Store", "立即下載 Google Play", "在以下平台下載"],
    ["sc", "立即打开或下载应用", "在以下平台下载 App Store", "立即下载 Google Play", "在以下平台下载"],
  ])(
    "in %s shows the title and badges in that language",
    async (language, title, appStore, googlePlay, caption) => {
      await translator.changeLanguage(language);
      renderApp(page, "/reward");
      expect(screen.getByRole("heading", { level: 1, name: title })).toBeInTheDocument();
      const badge = screen.getByRole("link", { name: appStore });
      expect(badge).toHaveTextContent(caption);
      expect(screen.getByRole("link", { name: googlePlay })).toBeInTheDocument();
    },
  );
});

describe("BlankPage (/app-payment/return-payme)", () => {
  it("renders nothing", () => {
    const { container } = renderApp(
      [
        {
          path: "/app-payment/return-payme",
          element: (
            <main data-testid="main">
              <BlankPage />
            </main>
          ),
        },
      ],
      "/app-payment/return-payme",
    );
    expect(within(screen.getByTestId("main")).queryByText(/./)).toBeNull();
    expect(screen.getByTestId("main")).toBeEmptyDOMElement();
    expect(container.querySelector("h1")).toBeNull();
  });
});
