/**
 * Session values of the spec: the token (localStorage, survives a restart of the
 * browser), the phone object and the state url (sessionStorage, this tab only).
 * User info is not kept here: it lives in the query cache (lib/user.ts).
 */
export interface PhoneObject {
  phonePre: string;
  phone: string;
  /** The verified SMS code. */
  code?: string;
}

const TOKEN = "token";
const PHONE = "phone";
const STATE_URL = "stateUrl";

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export const session = {
  getToken: (): string | null => localStorage.getItem(TOKEN),
  setToken(token: string) {
    localStorage.setItem(TOKEN, token);
    notify();
  },
  clearToken() {
    localStorage.removeItem(TOKEN);
    notify();
  },
  getPhone(): PhoneObject | null {
    try {
      return JSON.parse(sessionStorage.getItem(PHONE) ?? "null") as PhoneObject | null;
    } catch {
      return null;
    }
  },
  setPhone: (phone: PhoneObject) => sessionStorage.setItem(PHONE, JSON.stringify(phone)),
  clearPhone: () => sessionStorage.removeItem(PHONE),
  getStateUrl: () => sessionStorage.getItem(STATE_URL),
  setStateUrl: (url: string) => sessionStorage.setItem(STATE_URL, url),
  /** For useSyncExternalStore: re-render when the token changes. */
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
