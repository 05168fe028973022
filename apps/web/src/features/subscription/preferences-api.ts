import { type ApiResult, request } from "../../lib/api-client.ts";

/** Stored preferences: 1 = opted out of the channel. */
export interface Preferences {
  email_subscription: number;
  sms_subscription: number;
  do_not_call: number;
  unsubscribe_reasons: number[];
}

// A link token speaks for its member on its own: sent as a visitor, a stale session cannot get in the way.
const auth = (token: string | null) => (token ? { asGuest: true } : {});

/** GET /crm/user/subscription-preferences, for the session's member or an unsubscribe link's `token`. */
export function fetchPreferences(token: string | null): Promise<ApiResult<Preferences>> {
  return request<Preferences>("GET", "crm", "/user/subscription-preferences", {
    ...auth(token),
    ...(token ? { query: { token } } : {}),
  });
}

/** POST /crm/user/subscription-preferences; JSON keeps the reasons a plain list. */
export function savePreferences(
  preferences: Preferences,
  token: string | null,
): Promise<ApiResult<Preferences>> {
  return request<Preferences>("POST", "crm", "/user/subscription-preferences", {
    ...auth(token),
    json: true,
    body: { ...preferences, ...(token ? { token } : {}) },
  });
}
