import type { FastifyRequest } from "fastify";

/** One of the server's own cookies: its name with a `__Secure-`/`__Host-` prefix, the plain one, its path. */
export interface StrictCookie {
  secureName: string;
  plainName: string;
  path: string;
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1)$/;

/**
 * Secure (and prefixed, so no subdomain can set it) everywhere except on plain http to a loopback
 * host: development and the tests, where a Secure cookie would never be sent back. Behind a TLS
 * proxy the protocol comes from X-Forwarded-Proto (TRUST_PROXY).
 */
function secure(request: FastifyRequest): boolean {
  return request.protocol === "https" || !LOOPBACK.test(request.hostname);
}

/** The cookie's value as the request carries it, or null; off loopback only its prefixed name counts. */
export function readStrictCookie(request: FastifyRequest, cookie: StrictCookie): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  const wanted = secure(request) ? [cookie.secureName] : [cookie.secureName, cookie.plainName];
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    if (wanted.includes(part.slice(0, at).trim())) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return null;
}

/** The Set-Cookie value: httpOnly, SameSite=Strict, Secure where readStrictCookie expects it. */
export function strictCookieHeader(
  request: FastifyRequest,
  cookie: StrictCookie,
  value: string,
  maxAgeSeconds: number,
): string {
  const attributes = [`Path=${cookie.path}`, `Max-Age=${maxAgeSeconds}`, "HttpOnly", "SameSite=Strict"];
  if (secure(request)) return [`${cookie.secureName}=${value}`, ...attributes, "Secure"].join("; ");
  return [`${cookie.plainName}=${value}`, ...attributes].join("; ");
}
