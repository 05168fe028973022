import { config } from "./config.ts";

/**
 * Where to go after login or registration: the `redirect` target when it is a
 * same-origin path or an allowlisted host, otherwise the shop with the access token.
 */
export function leaveTarget(redirect: string | null, token: string | null): string {
  if (redirect) {
    if (redirect.startsWith("/") && !redirect.startsWith("//") && !redirect.startsWith("/\\"))
      return redirect;
    try {
      const url = new URL(redirect);
      if (
        (url.protocol === "https:" || url.protocol === "http:") &&
        config.redirectAllowlist.includes(url.host)
      ) {
        return url.toString();
      }
    } catch {
      // not a URL: fall through to the shop
    }
  }
  const shop = new URL(config.shopUrl);
  if (token) shop.searchParams.set("access_token", token);
  return shop.toString();
}

/** Same-origin paths stay in the router; anything else is a full page load. */
export function isInternal(target: string): boolean {
  return target.startsWith("/");
}
