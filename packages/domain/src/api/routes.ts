/**
 * How a call of the members' API says where it lives: method, base, path and access, written
 * once in its area module's entry (`...crm("GET", "/user/profile", "member")`) beside its
 * schemas. Plain data and plain functions without zod: the server's plugins and the web app's
 * shell import this module. The table of every call's route by its name (route-table.ts) is
 * derived from the contract.
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

// Generic, so that each route keeps its literal method, path and access (the web client's path parameters).
// The access has no default: an open call says `guest` out loud.
export const crm = <const M extends Method, const P extends string, const A extends Access>(
  method: M,
  path: P,
  access: A,
) => ({ method, base: "crm" as const, path, access });
export const custom = <const P extends string, const A extends Access>(path: P, access: A) => ({
  method: "POST" as const,
  base: "custom" as const,
  path,
  access,
});

/** Below the custom base: the H Coins calls (coins.ts, member-coins.ts). */
export const COIN_CALLS = "/custom/cuapp/customer";

/** The profile as the web app asks for it, custom fields included (the contract's call). */
export const PROFILE_QUERY = { include_custom_field: "1" } as const;

/** The path the server serves a route at (the web app reads its bases from configuration instead). */
export const serverPath = (route: ApiRoute) => `${API_BASES[route.base]}${route.path}`;
