import { login } from "@hcoins/domain/api/auth";
import { serverPath } from "@hcoins/domain/api/routes";
import type { FastifyReply, FastifyRequest } from "fastify";

const SECURE_NAME = "__Secure-hcoins-device";
const PLAIN_NAME = "hcoins-device";
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1)$/;
/** The auth calls only (login, forgot-password, reset): no other call carries the cookie. */
const PATH = serverPath(login).replace(/\/[^/]*$/, "");

/**
 * Secure (with the `__Secure-` prefix) everywhere except on plain http to a loopback host:
 * development and the tests, where a Secure cookie would never come back. As the console's
 * session cookie (console-api/session-cookie.ts), with the path of the auth calls instead of `/`.
 */
function secure(request: FastifyRequest): boolean {
  return request.protocol === "https" || !LOOPBACK.test(request.hostname);
}

/** The device cookie the request carries, if any. */
export function deviceCookieOf(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  const wanted = secure(request) ? [SECURE_NAME] : [SECURE_NAME, PLAIN_NAME];
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    if (wanted.includes(part.slice(0, at).trim())) return part.slice(at + 1).trim();
  }
  return null;
}

export function setDeviceCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  value: string,
  maxAgeSeconds: number,
) {
  const attributes = [`Path=${PATH}`, `Max-Age=${maxAgeSeconds}`, "HttpOnly", "SameSite=Strict"];
  const cookie = secure(request)
    ? [`${SECURE_NAME}=${value}`, ...attributes, "Secure"]
    : [`${PLAIN_NAME}=${value}`, ...attributes];
  reply.header("set-cookie", cookie.join("; "));
}
