/** The web app's own random id of the browser (X-Device-Id), or null; the referral checks its form. */
export function deviceIdOf(headers: Record<string, string | string[] | undefined>): string | null {
  const value = headers["x-device-id"];
  return typeof value === "string" ? value : null;
}
