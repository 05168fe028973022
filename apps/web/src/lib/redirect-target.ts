import { config } from "./config.ts";

/**
 * Where to go after login or registration: the `redirect` target when it is a
 * same-origin path or an allowlisted host, otherwise the shop with the access token.
 * The target is judged as the browser would read it (URL drops tabs and newlines and
 * takes `\` for `/`), so `/\t/evil.example` is the host it really names.
 */
export function leaveTarget(redirect: string | null, token: string | null): string {
  if (redirect) {
    try {
      const url = new URL(redirect, window.location.origin);
      if (url.origin === window.location.origin) {
        // A path that starts with two slashes would name a host again when navigated to.
        if (!url.pathname.startsWith("//")) return `${url.pathname}${url.search}${url.hash}`;
      } else if (
        (url.protocol === "https:" || url.protocol === "http:") &&
        url.username === "" &&
        url.password === "" &&
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
