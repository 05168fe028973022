import { useSyncExternalStore } from "react";

/**
 * Session values of the spec: the token (localStorage, survives a restart of the
 * browser), the phone object and the state url (sessionStorage, this tab only).
 * User info is not kept here: it lives in the query cache (api/profile.ts).
 */

/**
 * A mobile number, the spec's phone object: the one name for it in the web app (the API's
 * `mobile_phone_prefix` / `mobile_phone` are converted in api/client.ts, wirePhone). `code` is
 * the verified SMS code, kept while registration still has to present it.
 */
export interface Phone {
  phonePre: string;
  phone: string;
  code?: string;
}

/** Where the token is kept (app/first-paint.ts's early script reads it before the app runs). */
export const TOKEN_KEY = "token";
const PHONE = "phone";
const STATE_URL = "stateUrl";
/** The member's data kept on the device across restarts (e.g. the last coin balance seen): it goes with the token. */
const MEMBER_DATA = "member:";

/** The storage key of one item of the member's data. */
export const memberDataKey = (name: string) => MEMBER_DATA + name;

function clearMemberData() {
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith(MEMBER_DATA)) localStorage.removeItem(key);
  }
}

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export const session = {
  getToken: (): string | null => localStorage.getItem(TOKEN_KEY),
  setToken(token: string) {
    // Another session (another member may log in on this phone without logging out first) never
    // inherits the data kept for the one before it: the member card, the balance.
    if (localStorage.getItem(TOKEN_KEY) !== token) clearMemberData();
    localStorage.setItem(TOKEN_KEY, token);
    notify();
  },
  clearToken() {
    localStorage.removeItem(TOKEN_KEY);
    clearMemberData();
    notify();
  },
  getMemberData<T>(name: string): T | null {
    try {
      return JSON.parse(localStorage.getItem(memberDataKey(name)) ?? "null") as T | null;
    } catch {
      return null;
    }
  },
  setMemberData: (name: string, value: unknown) =>
    localStorage.setItem(memberDataKey(name), JSON.stringify(value)),
  getPhone(): Phone | null {
    try {
      return JSON.parse(sessionStorage.getItem(PHONE) ?? "null") as Phone | null;
    } catch {
      return null;
    }
  },
  setPhone: (phone: Phone) => sessionStorage.setItem(PHONE, JSON.stringify(phone)),
  getStateUrl: () => sessionStorage.getItem(STATE_URL),
  setStateUrl: (url: string) => sessionStorage.setItem(STATE_URL, url),
  /** For useSyncExternalStore: re-render when the token changes. */
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The session's token, re-rendering when it changes (login, logout, a 401). */
export function useToken(): string | null {
  return useSyncExternalStore(session.subscribe, session.getToken, () => null);
}
