import { consoleOperators } from "@hcoins/domain/api/console";
import { consoleOperatorChanges } from "@hcoins/domain/api/console-operators";
import { ErrorCode } from "@hcoins/domain/codes";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError, ok } from "../../errors.ts";
import type { Services } from "../../services.ts";
import {
  LastAdministrator,
  OperatorDisabledEmail,
  OperatorExists,
  OperatorIsDisabled,
  OperatorSelfDisable,
  operatorView,
} from "../operators/service.ts";
import { actorOf } from "./console-auth.ts";
import { consoleRoute } from "./console-route.ts";

/** Administrators list and add operators, give a new link, disable (the rest: operator-lifecycle-routes.ts). */
export const consoleOperatorRoutes: FastifyPluginAsync<{ services: Services }> = async (
  plugin,
  { services },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { operators } = services;

  consoleRoute(app, consoleOperators.list, async () =>
    ok({
      operators: (await operators.list()).map((operator) => ({
        ...operatorView(operator),
        active: operator.active === 1,
        activated: operator.activated_at !== null,
        last_sign_in_at:
          operator.last_sign_in_at === null ? null : new Date(Number(operator.last_sign_in_at)).toISOString(),
      })),
    }),
  );

  consoleRoute(app, consoleOperators.add, async (request) => {
    try {
      const { operator, link } = await operators.add(request.body.email, request.body.role, actorOf(request));
      return ok({ operator: operatorView(operator), sign_in_link: link });
    } catch (error) {
      if (error instanceof OperatorExists) throw new AppError(ErrorCode.emailTaken);
      // The console offers to re-enable the operator this names.
      if (error instanceof OperatorDisabledEmail) {
        throw new AppError(ErrorCode.operatorDisabledEmail, { operator_id: error.operatorId });
      }
      throw error;
    }
  });

  const existing = async (id: number) => {
    const operator = await operators.byId(id);
    if (!operator) throw new AppError(ErrorCode.notFound);
    return operator;
  };

  consoleRoute(app, consoleOperatorChanges.reinvite, async (request) => {
    const target = await existing(request.params.id);
    try {
      const { operator, link } = await operators.invite(target.email, actorOf(request));
      return ok({ operator: operatorView(operator), sign_in_link: link });
    } catch (error) {
      if (error instanceof OperatorIsDisabled) throw new AppError(ErrorCode.operatorIsDisabled);
      throw error;
    }
  });

  consoleRoute(app, consoleOperatorChanges.disable, async (request) => {
    const target = await existing(request.params.id);
    try {
      return ok({ operator: operatorView(await operators.disable(target.email, actorOf(request))) });
    } catch (error) {
      if (error instanceof OperatorSelfDisable) throw new AppError(ErrorCode.operatorSelfDisable);
      if (error instanceof LastAdministrator) throw new AppError(ErrorCode.lastAdministrator);
      throw error;
    }
  });
};
