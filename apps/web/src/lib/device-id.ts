const KEY = "hcoins.deviceId";

/**
 * This browser's own random id, kept in localStorage: sent with a registration so that a referral
 * from the same device earns once (the server keeps only a keyed hash of it). Not a fingerprint:
 * clearing the site's data makes a new one. Without storage, a new id each time.
 */
export function deviceId(): string {
  try {
    const kept = localStorage.getItem(KEY);
    if (kept && /^[A-Za-z0-9_-]{16,64}$/.test(kept)) return kept;
    const made = crypto.randomUUID().replaceAll("-", "");
    localStorage.setItem(KEY, made);
    return made;
  } catch {
    return crypto.randomUUID().replaceAll("-", "");
  }
}
