/** The console's base path (vite.config.ts `base`, the router's basename). */
export const BASENAME = "/console";

/** A screen's path within the console, from the browser's address. */
export function screenPath(location: { pathname: string; search: string }): string {
  const path = location.pathname.startsWith(BASENAME)
    ? location.pathname.slice(BASENAME.length)
    : location.pathname;
  return `${path || "/"}${location.search}`;
}

/** Where sign-in sends the operator back to: a path of the console only (never another site). */
export function safeNext(next: string | null): string {
  return next?.startsWith("/") && !next.startsWith("//") && !next.startsWith("/sign-in") ? next : "/";
}

export const signInPath = (next: string) =>
  next === "/" ? "/sign-in" : `/sign-in?next=${encodeURIComponent(next)}`;
