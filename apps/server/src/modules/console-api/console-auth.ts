import { type Permission, ROLE_PERMISSIONS } from "@hcoins/domain/api/console";
import { ErrorCode } from "@hcoins/domain/codes";
import type { FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { AppError } from "../../errors.ts";
import { safeEqual } from "../../secrets.ts";
import type { Actor } from "../audit/service.ts";
import { operatorActor } from "../operators/service.ts";
import type { OperatorSession, OperatorSessions } from "../operators/sessions.ts";
import { sessionToken } from "./session-cookie.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The console session behind the request's cookie; set by requireSession. */
    consoleSession: OperatorSession | null;
  }
}

/** Every console call's OpenAPI tag and security scheme (the operator's session cookie). */
export const tags = ["console"];
export const security = [{ consoleSession: [] }];

/** The operator of a request that passed requireSession. */
export function sessionOf(request: FastifyRequest): OperatorSession {
  if (!request.consoleSession) throw new AppError(ErrorCode.unauthenticated);
  return request.consoleSession;
}

/** The signed-in operator as the audit log names them, with the request's address. */
export const actorOf = (request: FastifyRequest): Actor => ({
  actor: operatorActor(sessionOf(request).operator.email),
  address: request.ip,
});

/**
 * A live session (4010 otherwise), and on every call but a GET its CSRF token in X-CSRF-Token
 * (4031): the cookie goes with any request the browser makes, the header only with the console's.
 */
export function requireSession(sessions: OperatorSessions): preHandlerAsyncHookHandler {
  return async (request) => {
    const token = sessionToken(request);
    const session = token ? await sessions.resolve(token) : null;
    if (!session) throw new AppError(ErrorCode.unauthenticated);
    if (request.method !== "GET" && request.method !== "HEAD") {
      const sent = request.headers["x-csrf-token"];
      if (typeof sent !== "string" || !safeEqual(sent, session.csrfToken)) {
        throw new AppError(ErrorCode.csrfInvalid);
      }
    }
    request.consoleSession = session;
  };
}

/** After requireSession: the operator's role must hold the permission, or one of several (4030 otherwise). */
export function requirePermission(need: Permission | readonly Permission[]): preHandlerAsyncHookHandler {
  const anyOf: readonly Permission[] = typeof need === "string" ? [need] : need;
  return async (request) => {
    const held = ROLE_PERMISSIONS[sessionOf(request).operator.role];
    if (!anyOf.some((permission) => held.includes(permission))) throw new AppError(ErrorCode.forbidden);
  };
}
