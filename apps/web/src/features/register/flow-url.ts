/**
 * A path of the registration flow with its own query, carrying the `redirect` target
 * along so the member still ends up there after the last step, and the referral code of a
 * share link (`ref`) to the form, which fills it in.
 */
export function flowUrl(path: string, current: URLSearchParams, query: Record<string, string> = {}): string {
  const next = new URLSearchParams(query);
  const redirect = current.get("redirect");
  if (redirect) next.set("redirect", redirect);
  const ref = current.get("ref");
  if (ref) next.set("ref", ref);
  const search = next.toString();
  return search ? `${path}?${search}` : path;
}
