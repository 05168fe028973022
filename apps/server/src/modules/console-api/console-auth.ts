import { ErrorCode } from "@hcoins/domain/codes";
import type { FastifyRequest } from "fastify";
import { AppError } from "../../errors.ts";
import type { Actor } from "../audit/service.ts";
import { operatorActor } from "../operators/service.ts";
import type { OperatorSession } from "../operators/sessions.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The console session behind the request's cookie; set by the tree's access hook (console-route.ts). */
    consoleSession: OperatorSession | null;
  }
}

/** Every console call's OpenAPI tag and security scheme (the operator's session cookie). */
export const tags = ["console"];
export const security = [{ consoleSession: [] }];

/** The operator of a request that passed the access hook (any access but `open`). */
export function sessionOf(request: FastifyRequest): OperatorSession {
  if (!request.consoleSession) throw new AppError(ErrorCode.unauthenticated);
  return request.consoleSession;
}

/** The signed-in operator as the audit log names them, with the request's address. */
export const actorOf = (request: FastifyRequest): Actor => ({
  actor: operatorActor(sessionOf(request).operator.email),
  address: request.ip,
});
