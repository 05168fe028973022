/**
 * The pay-channel hand-over of the welcome page. A payment provider returns the
 * member to `/?state=<url>`; when that url holds the pay-channel path, the native
 * app must carry on the payment, so the page opens the app's scheme at that path
 * and tells the app where the web side returns (`return_url`, made absolute; any `return_url` the
 * state carries is dropped).
 *
 * `state=/app-payment/result?order=7` with scheme `hcoins://` gives
 * `hcoins://app-payment/result?order=7&return_url=https%3A%2F%2F<origin>%2Fapp-payment%2Freturn-payme`.
 */
export interface PayChannelSettings {
  nativeAppScheme: string;
  payChannelPath: string;
  payChannelReturnUrl: string;
}

export function payChannelTarget(state: string, settings: PayChannelSettings, origin: string): string | null {
  const path = settings.payChannelPath;
  if (!path || !settings.nativeAppScheme) return null;
  const at = findPath(state, path);
  if (at < 0) return null;
  // Only the path onwards travels: a host in front of it (a full url) is not ours to pass on.
  const [beforeHash = ""] = state.slice(at).split("#");
  const route = beforeHash.replace(/^\/+/, "");
  const queryAt = route.indexOf("?");
  const routePath = queryAt < 0 ? route : route.slice(0, queryAt);
  // Parsed and written again, so the app reads exactly the parameters the state holds, and one
  // return_url, ours: a state with its own return_url (or `%26return_url%3D…`, decoded by the time it
  // is read) could otherwise send the app's payment result elsewhere.
  const query = new URLSearchParams(queryAt < 0 ? "" : route.slice(queryAt + 1));
  query.delete("return_url");
  query.append("return_url", new URL(settings.payChannelReturnUrl, origin).toString());
  return `${settings.nativeAppScheme}${routePath}?${query}`;
}

/** Where `path` starts as a whole segment (`/app-payment` matches `/app-payment/x`, not `/app-payments`). */
function findPath(state: string, path: string): number {
  let from = 0;
  while (from <= state.length) {
    const at = state.indexOf(path, from);
    if (at < 0) return -1;
    const next = state.charAt(at + path.length);
    if (next === "" || next === "/" || next === "?" || next === "#" || path.endsWith("/")) return at;
    from = at + 1;
  }
  return -1;
}
