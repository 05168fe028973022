/**
 * Where every call of the members' API lives: method, base and path. Plain data without
 * zod, so the web app's shell (which fetches the member's profile before any screen loads)
 * can import it without the schema library. The schemas of each call, keyed by the same
 * names, are in contract.ts; a type test there keeps the two in step.
 */
export const API_BASES = { crm: "/crm", custom: "/custom-api" } as const;
export type ApiBase = keyof typeof API_BASES;

export interface ApiRoute {
  readonly method: "GET" | "POST";
  readonly base: ApiBase;
  /** Below the base; `:name` marks a path parameter. */
  readonly path: string;
  /**
   * Who may call it, checked before the request's body is read (the server's auth-header plugin):
   * `member` a live member token (401 otherwise); `guest` a visitor too; `memberOrLinkToken` a member
   * token, or a guest holding an unsubscribe link's `token`; `appIdInQuery` no Authorization header,
   * a known `app_id` in the query (an image for <img src>). Every route says it: none is open by default.
   */
  readonly access: "member" | "guest" | "memberOrLinkToken" | "appIdInQuery";
}

type Method = ApiRoute["method"];
type Access = ApiRoute["access"];

// Generic, so that each route keeps its literal method, path and access (contract.ts checks against them).
// The access has no default: an open call says `guest` out loud.
const crm = <const M extends Method, const P extends string, const A extends Access>(
  method: M,
  path: P,
  access: A,
) => ({ method, base: "crm" as const, path, access });
const custom = <const P extends string, const A extends Access>(path: P, access: A) => ({
  method: "POST" as const,
  base: "custom" as const,
  path,
  access,
});

const COIN_CALLS = "/custom/cuapp/customer";

export const ROUTES = {
  requestSmsToken: crm("POST", "/registration/request-sms-token", "guest"),
  registerTokenStatus: crm("POST", "/registration/register-token-status", "guest"),
  registerWithMobile: crm("POST", "/registration/register-with-mobile", "guest"),

  checkPhone: custom("/api/Member/CheckPhone", "guest"),
  checkEmail: custom("/api/Member/CheckEmail", "guest"),
  verifyMemberId: custom("/api/Member/VerifyMemberId", "guest"),

  login: crm("POST", "/auth/login-with-mobile-password", "guest"),
  logout: crm("POST", "/auth/logout", "member"),
  forgotPassword: crm("POST", "/auth/forgot-password-with-mobile", "guest"),
  exchangeResetCode: crm("POST", "/auth/reset-password-token-status", "guest"),
  resetPassword: crm("POST", "/auth/reset-password", "guest"),
  signatureLogin: crm("POST", "/auth/signature-login", "guest"),

  profile: crm("GET", "/user/profile", "member"),
  saveProfile: crm("POST", "/user/profile", "member"),
  changePassword: crm("POST", "/user/change-password", "member"),
  setPassword: crm("POST", "/user/set-password", "member"),

  // A member token, or a guest holding an unsubscribe link's `token`.
  subscriptionPreferences: crm("GET", "/user/subscription-preferences", "memberOrLinkToken"),
  saveSubscriptionPreferences: crm("POST", "/user/subscription-preferences", "memberOrLinkToken"),

  coinLinkCheck: custom(`${COIN_CALLS}/hcoin-check-linked`, "guest"),
  linkCoinAccount: custom(`${COIN_CALLS}/link-hcoin-2`, "member"),
  createCoinAccount: custom(`${COIN_CALLS}/hcoin-create`, "member"),
  duplicateRegistrationCheck: custom(`${COIN_CALLS}/hcoin-check-is-duplicate-reg`, "guest"),

  // A member's own H Coins (member-coins.ts); the catalogue is open to visitors too.
  coinBalance: custom(`${COIN_CALLS}/hcoin-balance`, "member"),
  coinHistory: custom(`${COIN_CALLS}/hcoin-history`, "member"),
  rewards: custom(`${COIN_CALLS}/hcoin-rewards`, "guest"),
  reward: custom(`${COIN_CALLS}/hcoin-reward`, "guest"),
  redeemReward: custom(`${COIN_CALLS}/hcoin-redeem`, "member"),
  redeemSmsCode: custom(`${COIN_CALLS}/hcoin-redeem-sms`, "member"),
  vouchers: custom(`${COIN_CALLS}/hcoin-vouchers`, "member"),

  banners: crm("GET", "/cms/banner", "guest"),
  cmsPage: crm("GET", "/cms/page", "guest"),

  // One path, two answers: the list, or with `metadata=1` the list's filter choices.
  stores: crm("GET", "/store", "guest"),
  storeFilterChoices: crm("GET", "/store", "guest"),
  store: crm("GET", "/store/:id", "guest"),
  tags: crm("GET", "/tag", "guest"),

  // An image for <img src>: no Authorization header, the app id in the query instead.
  media: crm("GET", "/media/:token", "appIdInQuery"),
} as const;

export type RouteName = keyof typeof ROUTES;

/** The profile as the web app asks for it, custom fields included (the contract's call). */
export const PROFILE_QUERY = { include_custom_field: "1" } as const;

/**
 * An image's address for <img src>, below the CRM base the web app is configured with: an image
 * request sends no Authorization header, so the app id goes in the query.
 */
export const mediaAddress = (crmBase: string, appId: string, token: string) =>
  `${crmBase}${ROUTES.media.path.replace(":token", encodeURIComponent(token))}?app_id=${encodeURIComponent(appId)}`;

/** The path the server serves a route at (the web app reads its bases from configuration instead). */
export const serverPath = (route: ApiRoute) => `${API_BASES[route.base]}${route.path}`;
