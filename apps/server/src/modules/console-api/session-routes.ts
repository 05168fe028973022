import { consoleSession } from "@hcoins/domain/api/console";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { type OperatorRow, operatorView } from "../operators/service.ts";
import { requireSession, security, sessionOf, tags } from "./console-auth.ts";
import { clearSessionCookie, setSessionCookie } from "./session-cookie.ts";

const SESSION_COOKIE_SECONDS = 12 * 3600;

/** Signing in and out of the console. */
export const consoleSessionRoutes: FastifyPluginAsync<{ services: Services }> = async (
  plugin,
  { services },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { operators } = services;
  const session = requireSession(operators.sessions);
  const signedIn = (
    request: FastifyRequest,
    reply: FastifyReply,
    result: { operator: OperatorRow; token: string; csrfToken: string },
  ) => {
    setSessionCookie(request, reply, result.token, SESSION_COOKIE_SECONDS);
    return ok({ operator: operatorView(result.operator), csrf_token: result.csrfToken });
  };

  app.get(
    consoleSession.current.path,
    {
      schema: {
        tags,
        security,
        summary: "The current console session and its CSRF token (4010 without one)",
        response: { 200: consoleSession.current.answer },
      },
      preHandler: session,
    },
    async (request) => {
      const { operator, csrfToken } = sessionOf(request);
      return ok({ operator: operatorView(operator), csrf_token: csrfToken });
    },
  );

  app.post(
    consoleSession.invitation.path,
    {
      schema: {
        tags,
        security: [],
        summary: "Open a one-time sign-in link: the account and the authenticator secret to enrol",
        description: "4240 when the link is unknown, used or expired. The link stays valid until activation.",
        body: consoleSession.invitation.body,
        response: { 200: consoleSession.invitation.answer },
      },
    },
    async (request) => ok(await operators.openInvitation(request.body.token)),
  );

  app.post(
    consoleSession.activate.path,
    {
      schema: {
        tags,
        security: [],
        summary: "First sign-in: set the password and prove the authenticator; spends the link",
        description:
          "4240 link invalid; 4000 `passwordFormat` (members' rules) or `totpInvalid`; 4207 password too common. Sets the session cookie.",
        body: consoleSession.activate.body,
        response: { 200: consoleSession.activate.answer },
      },
    },
    async (request, reply) =>
      signedIn(
        request,
        reply,
        await operators.activate(
          request.body.token,
          request.body.password,
          request.body.totp_code,
          request.ip,
        ),
      ),
  );

  app.post(
    consoleSession.signIn.path,
    {
      schema: {
        tags,
        security: [],
        summary: "Sign in with email, password and authenticator code",
        description:
          "4241 (with attempts_remaining) whichever was wrong; 4290 (retry_after_seconds) once the email from that address, the email from every address or the address is locked (OPERATOR_SIGN_IN_MAX_FAILURES, OPERATOR_SIGN_IN_EMAIL_MAX_FAILURES, OPERATOR_SIGN_IN_CLIENT_MAX_FAILURES); 4242 a disabled operator. A code works once. Sets the session cookie.",
        body: consoleSession.signIn.body,
        response: { 200: consoleSession.signIn.answer },
      },
    },
    async (request, reply) =>
      signedIn(
        request,
        reply,
        await operators.signIn(request.body.email, request.body.password, request.body.totp_code, request.ip),
      ),
  );

  app.post(
    consoleSession.signOut.path,
    {
      schema: {
        tags,
        security,
        summary: "Sign out: the session is revoked and the cookie cleared",
        response: { 200: consoleSession.signOut.answer },
      },
      preHandler: session,
    },
    async (request, reply) => {
      const { operator, tokenHash } = sessionOf(request);
      await operators.signOut(operator, tokenHash, request.ip);
      clearSessionCookie(request, reply);
      return ok({});
    },
  );
};
