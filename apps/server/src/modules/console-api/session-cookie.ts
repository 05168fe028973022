import type { FastifyReply, FastifyRequest } from "fastify";
import { readStrictCookie, type StrictCookie, strictCookieHeader } from "../../strict-cookie.ts";

/** The console's session: `__Host-` prefixed, so no subdomain can set it. */
const SESSION_COOKIE: StrictCookie = {
  secureName: "__Host-hcoins-console",
  plainName: "hcoins-console",
  path: "/",
};

/** The session token the request's cookie carries, if any. */
export function sessionToken(request: FastifyRequest): string | null {
  return readStrictCookie(request, SESSION_COOKIE);
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
) {
  reply.header("set-cookie", strictCookieHeader(request, SESSION_COOKIE, token, maxAgeSeconds));
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.header("set-cookie", strictCookieHeader(request, SESSION_COOKIE, "", 0));
}
