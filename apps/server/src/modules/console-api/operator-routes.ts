import { consoleOperators } from "@hcoins/domain/api/console";
import { consoleOperatorChanges } from "@hcoins/domain/api/console-operators";
import { ErrorCode } from "@hcoins/domain/codes";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError, ok } from "../../errors.ts";
import type { Services } from "../../services.ts";
import {
  LastAdministrator,
  OperatorExists,
  OperatorSelfDisable,
  operatorView,
} from "../operators/service.ts";
import { actorOf, requirePermission, requireSession, security, tags } from "./console-auth.ts";

/** Administrators list and add operators. */
export const consoleOperatorRoutes: FastifyPluginAsync<{ services: Services }> = async (
  plugin,
  { services },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { operators } = services;
  const guard = [requireSession(operators.sessions), requirePermission("operators.manage")];

  app.get(
    consoleOperators.list.path,
    {
      schema: { tags, security, summary: "The operators", response: { 200: consoleOperators.list.answer } },
      preHandler: guard,
    },
    async () =>
      ok({
        operators: (await operators.list()).map((operator) => ({
          ...operatorView(operator),
          active: operator.active === 1,
          activated: operator.activated_at !== null,
          last_sign_in_at:
            operator.last_sign_in_at === null
              ? null
              : new Date(Number(operator.last_sign_in_at)).toISOString(),
        })),
      }),
  );

  app.post(
    consoleOperators.add.path,
    {
      schema: {
        tags,
        security,
        summary: "Add an operator; answers their one-time sign-in link (valid 72 hours)",
        description: "Needs the X-CSRF-Token header (4031). 40010 when the email names an operator already.",
        body: consoleOperators.add.body,
        response: { 200: consoleOperators.add.answer },
      },
      preHandler: guard,
    },
    async (request) => {
      try {
        const { operator, link } = await operators.add(
          request.body.email,
          request.body.role,
          actorOf(request),
        );
        return ok({ operator: operatorView(operator), sign_in_link: link });
      } catch (error) {
        if (error instanceof OperatorExists) throw new AppError(ErrorCode.emailTaken);
        throw error;
      }
    },
  );

  const existing = async (id: number) => {
    const operator = await operators.byId(id);
    if (!operator) throw new AppError(ErrorCode.notFound);
    return operator;
  };

  app.post(
    consoleOperatorChanges.reinvite.path,
    {
      schema: {
        tags,
        security,
        summary: "A new one-time sign-in link for the operator (the old one stops working)",
        description: "Needs the X-CSRF-Token header (4031). Writes one audit entry.",
        params: consoleOperatorChanges.reinvite.params,
        response: { 200: consoleOperatorChanges.reinvite.answer },
      },
      preHandler: guard,
    },
    async (request) => {
      const target = await existing(request.params.id);
      const { operator, link } = await operators.invite(target.email, actorOf(request));
      return ok({ operator: operatorView(operator), sign_in_link: link });
    },
  );

  app.post(
    consoleOperatorChanges.disable.path,
    {
      schema: {
        tags,
        security,
        summary: "Disable the operator and end their sessions",
        description:
          "Needs the X-CSRF-Token header (4031). Writes one audit entry. 4250 the operator's own account; 4251 the last active administrator who can sign in.",
        params: consoleOperatorChanges.disable.params,
        response: { 200: consoleOperatorChanges.disable.answer },
      },
      preHandler: guard,
    },
    async (request) => {
      const target = await existing(request.params.id);
      try {
        return ok({ operator: operatorView(await operators.disable(target.email, actorOf(request))) });
      } catch (error) {
        if (error instanceof OperatorSelfDisable) throw new AppError(ErrorCode.operatorSelfDisable);
        if (error instanceof LastAdministrator) throw new AppError(ErrorCode.lastAdministrator);
        throw error;
      }
    },
  );
};
