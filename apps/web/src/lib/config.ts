/**
 * Runtime configuration. The server injects `window.__APP_CONFIG__` into index.html
 * from its WEB_* environment variables (apps/server/src/modules/web), so one build
 * serves any deployment; the defaults below serve `npm start` and the Vite dev server.
 */
export interface MaintenanceWindow {
  /** ISO 8601 with offset; the window includes start and excludes end. */
  start: string;
  end: string;
}

export interface AppConfig {
  crmBase: string;
  customBase: string;
  appId: string;
  shopUrl: string;
  vipUrl: string;
  coinAppDownloadUrl: string;
  downloadPageUrl: string;
  downloadEndpointUrl: string;
  appStoreUrl: string;
  googlePlayUrl: string;
  eshopUrl: string;
  nativeAppScheme: string;
  payChannelPath: string;
  payChannelReturnUrl: string;
  /** Hosts a redirect may leave the app for (besides same-origin paths). */
  redirectAllowlist: string[];
  maintenanceWindows: MaintenanceWindow[];
}

/**
 * The globals the page's first scripts leave for the app (app/first-paint.ts writes them): the
 * runtime configuration, and the early answers (a returning member's profile, asked for before
 * the app's code arrived), which the api client takes instead of asking again.
 */
export const APP_CONFIG_GLOBAL = "__APP_CONFIG__";
export const EARLY_RESPONSES = "__earlyResponses";

/** A request the early script made before the app's code arrived. */
export interface EarlyResponse {
  url: string;
  authorization: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __APP_CONFIG__?: Partial<AppConfig>;
    __earlyResponses?: EarlyResponse[];
  }
}

const defaults: AppConfig = {
  crmBase: "/crm",
  customBase: "/custom-api",
  appId: "web",
  shopUrl: "https://shop.example.com/",
  vipUrl: "https://shop.example.com/vip",
  coinAppDownloadUrl: "https://app.example.com/hcoins/download",
  downloadPageUrl: "https://app.example.com/download",
  downloadEndpointUrl: "https://app.example.com/download",
  appStoreUrl: "https://apps.apple.com/app/id0000000000",
  googlePlayUrl: "https://play.google.com/store/apps/details?id=com.example.hcoins",
  eshopUrl: "https://shop.example.com/",
  nativeAppScheme: "hcoins://",
  payChannelPath: "/app-payment",
  payChannelReturnUrl: "/app-payment/return-payme",
  redirectAllowlist: [],
  maintenanceWindows: [{ start: "2024-11-30T10:00:00+08:00", end: "2024-11-30T11:00:00+08:00" }],
};

export const config: AppConfig = {
  ...defaults,
  ...(typeof window !== "undefined" ? window.__APP_CONFIG__ : undefined),
};
