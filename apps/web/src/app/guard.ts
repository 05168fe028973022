import { resolveLanguage } from "@hcoins/domain/languages";
import { type LoaderFunctionArgs, redirect } from "react-router";
import { signatureLogin } from "../api/auth.ts";
import { cachedUser, clearUser, loadUser } from "../api/profile.ts";
import { config } from "../lib/config.ts";
import { changeLanguage, currentLanguage } from "../lib/i18n.ts";
import { paths } from "../lib/paths.ts";
import { session } from "../lib/session.ts";
import { inMaintenance } from "./maintenance.ts";

/**
 * The navigation guard, run before every screen: maintenance window, language from `?lang=`,
 * token login from `message` + `signature`, and user info for a token without it.
 * Login-required routes add `requireLogin` on top.
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
      // Any failure, an answer of Fail or none at all, ends the session silently (spec section 8).
      const answer = await signatureLogin(signed.message, signed.signature).catch(() => null);
      if (answer?.Status === "Success") session.setToken(answer.Data.access_token);
      else session.clearToken();
      clearUser();
    })();
    tokenLogins.set(key, pending);
  }
  return pending;
}

async function guard({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  if (inMaintenance(config.maintenanceWindows, Date.now()) && url.pathname !== paths.maintenance) {
    throw redirect(paths.maintenance);
  }
  const language = resolveLanguage(url.searchParams.get("lang"));
  if (language && language !== currentLanguage()) await changeLanguage(language);
  await tokenLogin(url);
  if (session.getToken() && !cachedUser()) await loadUser();
  return null;
}

// React Router runs the loaders of one navigation side by side with the same request: the
// root route's and a screen's share one run of the guard, which the screen's data waits for
// (the language it is asked in, the session it is asked with).
const guarded = new WeakMap<Request, Promise<null>>();

/** The root route's loader, and what every screen's loader waits for first. */
export function rootLoader(args: LoaderFunctionArgs): Promise<null> {
  let run = guarded.get(args.request);
  if (!run) {
    run = guard(args);
    guarded.set(args.request, run);
  }
  return run;
}

/** Login-required screens: no token → /login?redirect=<path and query>. User info is loaded by then. */
export async function requireLogin(args: LoaderFunctionArgs): Promise<null> {
  await rootLoader(args);
  if (!session.getToken()) {
    const url = new URL(args.request.url);
    throw redirect(`${paths.login}?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return null;
}
