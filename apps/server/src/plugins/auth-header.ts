import { ErrorCode } from "@hcoins/domain/codes";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../errors.ts";
import type { MemberRow } from "../modules/members/service.ts";

declare module "fastify" {
  interface FastifyRequest {
    appId: string | null;
    /** The member behind the bearer token, or null for `guest`. */
    member: MemberRow | null;
    accessTokenHash: string | null;
  }
}

export interface AuthHeaderOptions {
  appIds: readonly string[];
  /** The member behind a live token, or null. */
  memberFor(token: string): Promise<{ member: MemberRow; tokenHash: string } | null>;
}

const BEARER = /^Bearer ([^:\s]+):(\S+)$/;

/**
 * `Authorization: Bearer <app_id>:<token|guest>` on every API call. A missing or
 * unknown app id, and any presented token that is not live, is a 401 — on guest calls too.
 */
export const authHeaderPlugin = fp<AuthHeaderOptions>(async (app: FastifyInstance, options) => {
  app.decorateRequest("appId", null);
  app.decorateRequest("member", null);
  app.decorateRequest("accessTokenHash", null);

  app.addHook("onRequest", async (request) => {
    const match = BEARER.exec(request.headers.authorization ?? "");
    if (!match || !options.appIds.includes(match[1] as string)) throw new AppError(ErrorCode.unauthenticated);
    request.appId = match[1] as string;
    const token = match[2] as string;
    if (token === "guest") return;
    const session = await options.memberFor(token);
    // A disabled account's sessions end at once, including ones issued after it was disabled.
    if (!session || session.member.disabled) throw new AppError(ErrorCode.unauthenticated);
    request.member = session.member;
    request.accessTokenHash = session.tokenHash;
  });
});

/** The calling member, or 401 for a guest. */
export function requireMember(request: FastifyRequest): MemberRow {
  if (!request.member) throw new AppError(ErrorCode.unauthenticated);
  return request.member;
}
