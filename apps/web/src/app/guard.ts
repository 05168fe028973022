import { resolveLanguage } from "@hcoins/domain/languages";
import { type LoaderFunctionArgs, redirect, replace } from "react-router";
import { keptCard } from "../api/member-card.ts";
import { config } from "../lib/config.ts";
import { changeLanguage, currentLanguage } from "../lib/i18n.ts";
import { paths } from "../lib/paths.ts";
import { session } from "../lib/session.ts";
import { inMaintenance } from "./maintenance.ts";
import { loadMemberMenu } from "./member-menu-loader.ts";

/**
 * The member's user info lives in TanStack Query's cache (api/profile.ts): it and the query
 * library load only where there is a session or a signed login to exchange. The landing
 * screens are visited without either, and their first load leaves both out.
 */
const profileApi = () => import("../api/profile.ts");

/** The user info of a stored token, asked for unless it is in the cache already. */
async function ensureUser(): Promise<void> {
  const { cachedUser, loadUser } = await profileApi();
  if (!cachedUser()) await loadUser();
}

interface SignedLogin {
  message: string;
  signature: string;
  /** `#<signature>` rather than `&signature=`. */
  inHash: boolean;
}

/** `?message=<m>#<signature>`, or `?message=…&signature=…`. The hash never reaches a loader's request. */
function signedLogin(url: URL): SignedLogin | null {
  const message = url.searchParams.get("message");
  if (!message) return null;
  const fromQuery = url.searchParams.get("signature");
  if (fromQuery) return { message, signature: fromQuery, inHash: false };
  const fromHash = window.location.pathname === url.pathname ? window.location.hash.replace(/^#/, "") : "";
  return fromHash ? { message, signature: fromHash, inHash: true } : null;
}

/** The address without the signed login, every other query parameter (and a hash of its own) kept. */
function withoutSignedLogin(url: URL, signed: SignedLogin): string {
  const query = new URLSearchParams(url.search);
  query.delete("message");
  query.delete("signature");
  const rest = query.toString();
  return url.pathname + (rest ? `?${rest}` : "") + (signed.inHash ? "" : window.location.hash);
}

/**
 * The spec's token login: the message is exchanged only where there is no session. A session
 * stands whatever an address says, so that a link cannot sign a member in as someone else (login
 * CSRF) nor end the session with a bad or spent message. A stored token is a session until the
 * server refuses it: its user info is asked for first, and a refusal (401) clears it.
 */
async function tokenLogin(signed: SignedLogin): Promise<void> {
  if (session.getToken()) await ensureUser();
  if (session.getToken()) return;
  const { signatureLogin } = await import("../api/auth.ts");
  const answer = await signatureLogin(signed.message, signed.signature).catch(() => null);
  // A refusal, or no answer, leaves things as they are: there is no session to end (the spec's
  // "token cleared"). Nor is one replaced that another tab started meanwhile.
  if (answer?.Status !== "Success" || session.getToken()) return;
  session.setToken(answer.Data.access_token);
  (await profileApi()).clearUser();
}

/**
 * The navigation guard, run before every screen: maintenance window, language from `?lang=`,
 * token login from `message` + `signature`, and user info for a token without it.
 * Login-required routes add `requireLogin` on top.
 */
async function guard({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  if (inMaintenance(config.maintenanceWindows, Date.now()) && url.pathname !== paths.maintenance) {
    throw redirect(paths.maintenance);
  }
  const language = resolveLanguage(url.searchParams.get("lang"));
  if (language && language !== currentLanguage()) await changeLanguage(language);
  const signed = signedLogin(url);
  if (signed) {
    await tokenLogin(signed);
    // The address loses the message once used, in place (no history entry keeps it): a reload
    // would replay a spent nonce, and an unused one (a session stood) is someone's credential.
    throw replace(withoutSignedLogin(url, signed));
  }
  if (session.getToken()) {
    // The card's screen draws from the card this device keeps, and asks for the user info once
    // the code is on screen (at a till with no signal, asking first would only keep it waiting).
    const drawsFromCard = url.pathname === paths.qrcode && keptCard() !== null;
    // The menu's code loads beside the user info: the page then draws with its header whole.
    await Promise.all([drawsFromCard ? null : ensureUser(), loadMemberMenu().catch(() => null)]);
  }
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
