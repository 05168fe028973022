import type { FastifyReply, FastifyRequest } from "fastify";

const SECURE_NAME = "__Host-hcoins-console";
const PLAIN_NAME = "hcoins-console";
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1)$/;

/**
 * The cookie is Secure (and `__Host-` prefixed, so no subdomain can set it) everywhere except on
 * plain http to a loopback host: development and the tests, where a Secure cookie would never be
 * sent back. Behind a TLS proxy the protocol comes from X-Forwarded-Proto (TRUST_PROXY).
 */
function secure(request: FastifyRequest): boolean {
  return request.protocol === "https" || !LOOPBACK.test(request.hostname);
}

/** The session token the request's cookie carries, if any. */
export function sessionToken(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  const wanted = secure(request) ? [SECURE_NAME] : [SECURE_NAME, PLAIN_NAME];
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (wanted.includes(name)) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return null;
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
) {
  reply.header("set-cookie", cookie(request, token, maxAgeSeconds));
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.header("set-cookie", cookie(request, "", 0));
}

function cookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  const attributes = [`Path=/`, `Max-Age=${maxAgeSeconds}`, "HttpOnly", "SameSite=Strict"];
  if (secure(request)) return [`${SECURE_NAME}=${value}`, ...attributes, "Secure"].join("; ");
  return [`${PLAIN_NAME}=${value}`, ...attributes].join("; ");
}
