import { paths } from "../../lib/paths.ts";

/** A login step's address: `data` (when known) and the `redirect` the member arrived with, kept on every step. */
export function loginStepUrl(path: string, data: string | null, redirect: string | null): string {
  const query = new URLSearchParams();
  if (data) query.set("data", data);
  if (redirect) query.set("redirect", redirect);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

export const forgotPasswordUrl = (data: string) => `${paths.resetCode}?data=${encodeURIComponent(data)}`;
