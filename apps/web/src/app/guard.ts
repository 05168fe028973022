import { resolveLanguage } from "@hcoins/domain/languages";
import { type LoaderFunctionArgs, redirect } from "react-router";
import { request } from "../lib/api-client.ts";
import { config } from "../lib/config.ts";
import { changeLanguage, currentLanguage } from "../lib/i18n.ts";
import { paths } from "../lib/paths.ts";
import { session } from "../lib/session.ts";
import { cachedUser, clearUser, loadUser } from "../lib/user.ts";
import { inMaintenance } from "./maintenance.ts";

/**
 * The navigation guard, run by the root route's loader before every screen:
 * maintenance window, token login from `message` + `signature`, and user info for
 * a token without it. Login-required routes add `requireLogin` on top.
 */
const tokenLogins = new Map<string, Promise<void>>();

/** `?message=<m>#<signature>`, or `?message=…&signature=…`. The hash never reaches a loader's request. */
function signedLogin(url: URL): { message: string; signature: string } | null {
  const message = url.searchParams.get("message");
  if (!message) return null;
  const fromHash = window.location.pathname === url.pathname ? window.location.hash.replace(/^#/, "") : "";
  const signature = url.searchParams.get("signature") || fromHash;
  return signature ? { message, signature } : null;
}

function tokenLogin(url: URL): Promise<void> {
  const signed = signedLogin(url);
  if (!signed || cachedUser()) return Promise.resolve();
  // One exchange per signed message: a nonce can be used once, and loaders may run more than once.
  const key = `${signed.message}#${signed.signature}`;
  let pending = tokenLogins.get(key);
  if (!pending) {
    pending = (async () => {
      const result = (await request("POST", "crm", "/auth/signature-login", {
        body: signed,
        asGuest: true,
      })) as unknown as {
        Status?: string;
        Data?: { access_token?: string };
      };
      if (result.Status === "Success" && result.Data?.access_token) {
        session.setToken(result.Data.access_token);
        clearUser();
      } else {
        session.clearToken();
        clearUser();
      }
    })();
    tokenLogins.set(key, pending);
  }
  return pending;
}

export async function rootLoader({ request: navigation }: LoaderFunctionArgs) {
  const url = new URL(navigation.url);
  if (inMaintenance(config.maintenanceWindows, Date.now()) && url.pathname !== paths.maintenance) {
    throw redirect(paths.maintenance);
  }
  const language = resolveLanguage(url.searchParams.get("lang"));
  if (language && language !== currentLanguage()) await changeLanguage(language);
  await tokenLogin(url);
  if (session.getToken() && !cachedUser()) await loadUser();
  return null;
}

/** Loader of login-required routes: no token → /login?redirect=<path and query>. */
export async function requireLogin(args: LoaderFunctionArgs) {
  await rootLoader(args);
  if (!session.getToken()) {
    const url = new URL(args.request.url);
    throw redirect(`${paths.login}?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return null;
}
