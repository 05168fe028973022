import { consoleSession } from "@hcoins/domain/api/console";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { type OperatorRow, operatorView } from "../operators/service.ts";
import { sessionOf } from "./console-auth.ts";
import { consoleRoute } from "./console-route.ts";
import { clearSessionCookie, setSessionCookie } from "./session-cookie.ts";

const SESSION_COOKIE_SECONDS = 12 * 3600;

const userAgentOf = (request: FastifyRequest) => request.headers["user-agent"] ?? null;

/** Signing in and out of the console. */
export const consoleSessionRoutes: FastifyPluginAsync<{ services: Services }> = async (
  plugin,
  { services },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { operators } = services;
  const signedIn = (
    request: FastifyRequest,
    reply: FastifyReply,
    result: { operator: OperatorRow; token: string; csrfToken: string },
  ) => {
    setSessionCookie(request, reply, result.token, SESSION_COOKIE_SECONDS);
    return ok({ operator: operatorView(result.operator), csrf_token: result.csrfToken });
  };

  consoleRoute(app, consoleSession.current, async (request) => {
    const { operator, csrfToken } = sessionOf(request);
    return ok({ operator: operatorView(operator), csrf_token: csrfToken });
  });

  consoleRoute(app, consoleSession.invitation, async (request) =>
    ok(await operators.openInvitation(request.body.token)),
  );

  consoleRoute(app, consoleSession.activate, async (request, reply) =>
    signedIn(
      request,
      reply,
      await operators.activate(
        request.body.token,
        request.body.password,
        request.body.totp_code,
        request.ip,
        userAgentOf(request),
      ),
    ),
  );

  consoleRoute(app, consoleSession.signIn, async (request, reply) =>
    signedIn(
      request,
      reply,
      await operators.signIn(
        request.body.email,
        request.body.password,
        request.body.totp_code,
        request.ip,
        userAgentOf(request),
      ),
    ),
  );

  consoleRoute(app, consoleSession.signOut, async (request, reply) => {
    const { operator, tokenHash } = sessionOf(request);
    await operators.signOut(operator, tokenHash, request.ip);
    clearSessionCookie(request, reply);
    return ok({});
  });
};
