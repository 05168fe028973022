import { login } from "@hcoins/domain/api/auth";
import { serverPath } from "@hcoins/domain/api/routes";
import type { FastifyReply, FastifyRequest } from "fastify";
import { readStrictCookie, type StrictCookie, strictCookieHeader } from "../../strict-cookie.ts";

/** The device cookie goes with the auth calls only (login, forgot-password, reset): no other call carries it. */
const DEVICE_COOKIE: StrictCookie = {
  secureName: "__Secure-hcoins-device",
  plainName: "hcoins-device",
  path: serverPath(login).replace(/\/[^/]*$/, ""),
};

/** The device cookie the request carries, if any. */
export function deviceCookieOf(request: FastifyRequest): string | null {
  return readStrictCookie(request, DEVICE_COOKIE);
}

export function setDeviceCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  value: string,
  maxAgeSeconds: number,
) {
  reply.header("set-cookie", strictCookieHeader(request, DEVICE_COOKIE, value, maxAgeSeconds));
}
