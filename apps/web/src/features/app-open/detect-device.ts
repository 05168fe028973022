/**
 * The store for a device, by its user agent: Android goes to Google Play; iOS,
 * iPadOS (which reports itself as a Mac) and every other device go to the App Store,
 * as the spec asks. Windows Phone claims "Android" in its user agent but cannot
 * install from Google Play, so it counts as "other".
 */
export function isAndroid(userAgent: string): boolean {
  return /android/i.test(userAgent) && !/windows phone/i.test(userAgent);
}

export function storeUrlFor(userAgent: string, urls: { appStoreUrl: string; googlePlayUrl: string }): string {
  return isAndroid(userAgent) ? urls.googlePlayUrl : urls.appStoreUrl;
}
