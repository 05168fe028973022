import type { ApiRoute } from "@hcoins/domain/api/routes";
import { ErrorCode } from "@hcoins/domain/codes";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../errors.ts";
import type { MemberRow } from "../modules/members/service.ts";

export type Access = ApiRoute["access"];

declare module "fastify" {
  interface FastifyRequest {
    appId: string | null;
    /** The member behind the bearer token, or null for `guest`. */
    member: MemberRow | null;
    accessTokenHash: string | null;
    /** On a `memberOrLinkToken` route, the member of the unsubscribe link's `token` the call carries, else null. */
    linkMember: MemberRow | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route: its contract entry's access (plugins/member-route.ts sets it). */
    access?: Access;
  }
}

export interface AuthHeaderOptions {
  appIds: readonly string[];
  /** The member behind a live token, or null. */
  memberFor(token: string): Promise<{ member: MemberRow; tokenHash: string } | null>;
  /** The member of an unsubscribe link's token; throws 401 when it is not a live link. */
  linkTokenMember(token: string): Promise<MemberRow>;
}

/** Marks a scope whose routes have their access checked: plugins/member-route.ts registers nowhere else. */
export const ACCESS_CHECKED = "memberAccessChecked";

const ACCESSES: readonly Access[] = ["member", "guest", "memberOrLinkToken", "appIdInQuery"];
const BEARER = /^Bearer ([^:\s]+):(\S+)$/;

const unauthenticated = () => new AppError(ErrorCode.unauthenticated);

/**
 * An unsubscribe link's token as the call carries it and its schema will read it: `token` in a GET's
 * query as it is, in a POST's body trimmed (blank is none).
 */
function linkToken(request: FastifyRequest): string | null {
  const fields = request.method === "GET" ? request.query : request.body;
  const token = (fields as { token?: unknown } | null | undefined)?.token;
  if (typeof token !== "string") return null;
  const read = request.method === "GET" ? token : token.trim();
  return read === "" ? null : read;
}

/**
 * Who may call each route of its scope, from the route's `config.access` (its contract entry),
 * before the request's body is read or validated: an anonymous call to a protected route is a
 * 401, never a field error. `Authorization: Bearer <app_id>:<token|guest>` on every call but an
 * image's; a missing or unknown app id, and any presented token that is not live, is a 401 — on
 * guest calls too. Closed by default: a route of the scope that declares no access cannot be
 * registered, and one that somehow carries none is refused.
 */
export const authHeaderPlugin = fp<AuthHeaderOptions>(async (app: FastifyInstance, options) => {
  app.decorate(ACCESS_CHECKED, true);
  app.decorateRequest("appId", null);
  app.decorateRequest("member", null);
  app.decorateRequest("accessTokenHash", null);
  app.decorateRequest("linkMember", null);

  app.addHook("onRoute", (route) => {
    if (!ACCESSES.includes(route.config?.access as Access))
      throw new Error(
        `${route.method} ${route.url} declares no access: register it from its contract entry with route() (plugins/member-route.ts)`,
      );
  });

  app.addHook("onRequest", async (request) => {
    const access = request.routeOptions.config.access;
    if (access === "appIdInQuery") {
      // An image for <img src>, which sends no Authorization header: the app id comes in the query.
      const appId = (request.query as { app_id?: unknown }).app_id;
      if (typeof appId !== "string" || !options.appIds.includes(appId)) throw unauthenticated();
      request.appId = appId;
      return;
    }
    const match = BEARER.exec(request.headers.authorization ?? "");
    if (!match || !options.appIds.includes(match[1] as string)) throw unauthenticated();
    request.appId = match[1] as string;
    const token = match[2] as string;
    if (token !== "guest") {
      const session = await options.memberFor(token);
      // A disabled account's sessions end at once, including ones issued after it was disabled.
      if (!session || session.member.disabled) throw unauthenticated();
      request.member = session.member;
      request.accessTokenHash = session.tokenHash;
    }
    switch (access) {
      case "guest":
        return;
      case "member":
        if (!request.member) throw unauthenticated();
        return;
      case "memberOrLinkToken":
        // A link's token may travel in the body, which is not read yet: decided in preValidation.
        return;
      default:
        // No known access: refused, whatever the token (onRoute keeps such a route out of this scope).
        throw unauthenticated();
    }
  });

  // After the body is read, before it is validated: a link's token, when the call carries one, names the
  // member (and wins over the caller's own token, as the link is what the page was opened from).
  app.addHook("preValidation", async (request) => {
    if (request.routeOptions.config.access !== "memberOrLinkToken") return;
    const token = linkToken(request);
    if (token !== null) request.linkMember = await options.linkTokenMember(token);
    else if (!request.member) throw unauthenticated();
  });
});

/** The calling member. After the access check of a `member` route it cannot fail; elsewhere a guest is a 401. */
export function requireMember(request: FastifyRequest): MemberRow {
  if (!request.member) throw unauthenticated();
  return request.member;
}
