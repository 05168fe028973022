import {
  type ConsoleAccess,
  type ConsoleOperation,
  type OperatorRole,
  type Permission,
  ROLE_PERMISSIONS,
} from "@hcoins/domain/api/console";
import { ErrorCode } from "@hcoins/domain/codes";
import type {
  ContextConfigDefault,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../errors.ts";
import { safeEqual } from "../../secrets.ts";
import type { OperatorSessions } from "../operators/sessions.ts";
import { security, tags } from "./console-auth.ts";
import { sessionToken } from "./session-cookie.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Who may call a console route: its contract entry's access (consoleRoute sets it). */
    consoleAccess?: ConsoleAccess;
  }
}

/** The /console/api route tree, with the contract's zod schemas. */
export type ConsoleApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyInstance["log"],
  ZodTypeProvider
>;

/** The schemas Fastify types a console handler's request and answer with. */
interface ConsoleSchema<Entry extends ConsoleOperation> {
  params: Entry["params"];
  querystring: Entry["query"];
  body: Entry["body"];
  response: Entry["answer"] extends undefined ? undefined : { 200: Entry["answer"] };
}

export type ConsoleHandler<Entry extends ConsoleOperation> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  ConsoleSchema<Entry>,
  ZodTypeProvider
>;

/**
 * Registers a console route from its contract entry: method, path, schemas, OpenAPI prose, tag and
 * security, and the access the tree's onRequest hook enforces. Every console route goes through
 * here; one registered any other way has no access and is refused at start (closedByDefault).
 */
export function consoleRoute<Entry extends ConsoleOperation>(
  app: ConsoleApp,
  entry: Entry,
  handler: ConsoleHandler<Entry>,
  { uploadMaxBytes, ...options }: { bodyLimit?: number; uploadMaxBytes?: number } = {},
): void {
  app.route({
    method: entry.method,
    url: entry.path,
    ...options,
    schema: {
      tags,
      security: entry.access === "open" ? [] : security,
      summary: entry.summary,
      ...(entry.description ? { description: entry.description } : {}),
      ...(entry.params ? { params: entry.params } : {}),
      ...(entry.query ? { querystring: entry.query } : {}),
      ...(entry.body ? { body: entry.body } : {}),
      ...(entry.answer ? { response: { 200: entry.answer } } : {}),
    },
    config: { consoleAccess: entry.access, ...(uploadMaxBytes === undefined ? {} : { uploadMaxBytes }) },
    // The schema is built from the entry's parts, so it is the one the handler was typed with.
    handler: handler as unknown as RouteHandlerMethod,
  });
}

/** Whether the role holds the permission, or one of those listed. */
const permitted = (need: Permission | readonly Permission[], role: OperatorRole) => {
  const anyOf: readonly Permission[] = typeof need === "string" ? [need] : need;
  return anyOf.some((permission) => ROLE_PERMISSIONS[role].includes(permission));
};

/**
 * Closes the /console/api tree by default. At start, a route without a declared access is refused
 * (the server does not start). On each request, before its body is parsed or validated, one
 * onRequest hook applies the route's access: a live session (4010), on every call but a GET its
 * CSRF token in X-CSRF-Token (4031: the cookie goes with any request the browser makes, the header
 * only with the console's), then the permission (4030). So an anonymous call with a bad body gets
 * 401, never a field error. A route without an access (none can be registered) is answered 401.
 */
export function closedByDefault(api: ConsoleApp, sessions: OperatorSessions): void {
  api.addHook("onRoute", (route) => {
    if (route.config?.consoleAccess === undefined) {
      throw new Error(
        `console route ${route.method} ${route.url} declares no access: register it with consoleRoute`,
      );
    }
  });
  api.addHook("onRequest", async (request) => {
    // An unknown path under the prefix answers the 404 envelope as elsewhere.
    if (request.is404) return;
    const access = request.routeOptions.config.consoleAccess;
    if (access === "open") return;
    if (access === undefined) throw new AppError(ErrorCode.unauthenticated);
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
    if (access !== "session" && !permitted(access.permission, session.operator.role)) {
      throw new AppError(ErrorCode.forbidden);
    }
  });
}
