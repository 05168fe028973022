import { consoleOperatorChanges, type OperatorDetail } from "@hcoins/domain/api/console-operators";
import { ErrorCode } from "@hcoins/domain/codes";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError, ok } from "../../errors.ts";
import type { Services } from "../../services.ts";
import {
  LastAdministratorRole,
  OperatorNotDisabled,
  OperatorSelfChange,
  SessionUnknown,
} from "../operators/lifecycle.ts";
import { OperatorIsDisabled, type OperatorRow, operatorView } from "../operators/service.ts";
import { actorOf, sessionOf } from "./console-auth.ts";
import { consoleRoute } from "./console-route.ts";

const iso = (at: number | null) => (at === null ? null : new Date(Number(at)).toISOString());

/** The service's refusals as the contract's codes. */
const REFUSALS: [new (...args: never[]) => Error, () => AppError][] = [
  [OperatorSelfChange, () => new AppError(ErrorCode.operatorSelfChange)],
  [LastAdministratorRole, () => new AppError(ErrorCode.lastAdministratorRole)],
  [OperatorNotDisabled, () => new AppError(ErrorCode.operatorNotDisabled)],
  [OperatorIsDisabled, () => new AppError(ErrorCode.operatorIsDisabled)],
  [SessionUnknown, () => new AppError(ErrorCode.notFound)],
];

async function refusing<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    const refusal = REFUSALS.find(([kind]) => error instanceof kind);
    throw refusal ? refusal[1]() : error;
  }
}

/** An operator's page, their lifecycle actions (re-enable, role, unlock, authenticator, sessions). */
export const consoleOperatorLifecycleRoutes: FastifyPluginAsync<{ services: Services }> = async (
  plugin,
  { services },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { operators, operatorLifecycle: lifecycle } = services;

  const existing = async (id: number) => {
    const operator = await operators.byId(id);
    if (!operator) throw new AppError(ErrorCode.notFound);
    return operator;
  };

  /** The operator's page as it is now, the caller's own session marked. */
  const detail = async (request: FastifyRequest, id: number): Promise<OperatorDetail> => {
    const operator = await existing(id);
    const own = sessionOf(request).tokenHash;
    return {
      operator: {
        ...operatorView(operator),
        active: operator.active === 1,
        activated: operator.activated_at !== null,
        last_sign_in_at: iso(operator.last_sign_in_at),
        created_at: iso(operator.created_at) as string,
      },
      sign_in: await operators.signInState(operator.email),
      sessions: (await operators.sessions.liveOf(operator.id)).map((session) => ({
        id: session.id,
        created_at: iso(session.createdAt) as string,
        last_seen_at: iso(session.lastSeenAt) as string,
        expires_at: iso(session.expiresAt) as string,
        address: session.address,
        user_agent: session.userAgent,
        current: session.tokenHash === own,
      })),
    };
  };

  /** Runs an action on the operator the path names and answers their page after it. */
  const acting = async (
    request: FastifyRequest,
    id: number,
    action: (operator: OperatorRow) => Promise<unknown>,
  ) => {
    await refusing(async () => action(await existing(id)));
    return ok(await detail(request, id));
  };

  consoleRoute(app, consoleOperatorChanges.detail, async (request) =>
    ok(await detail(request, request.params.id)),
  );

  consoleRoute(app, consoleOperatorChanges.enable, async (request) => {
    const target = await existing(request.params.id);
    const { link } = await refusing(() => lifecycle.enable(target, request.body.role, actorOf(request)));
    return ok({ ...(await detail(request, target.id)), sign_in_link: link });
  });

  consoleRoute(app, consoleOperatorChanges.changeRole, (request) =>
    acting(request, request.params.id, (operator) =>
      lifecycle.changeRole(operator, request.body.role, actorOf(request)),
    ),
  );

  consoleRoute(app, consoleOperatorChanges.unlock, (request) =>
    acting(request, request.params.id, (operator) => operators.unlock(operator, actorOf(request))),
  );

  consoleRoute(app, consoleOperatorChanges.resetAuthenticator, async (request) => {
    const target = await existing(request.params.id);
    const { link } = await refusing(() => lifecycle.resetAuthenticator(target, actorOf(request)));
    return ok({ ...(await detail(request, target.id)), sign_in_link: link });
  });

  consoleRoute(app, consoleOperatorChanges.endSession, (request) =>
    acting(request, request.params.id, (operator) =>
      lifecycle.endSession(operator, request.params.session, actorOf(request)),
    ),
  );

  consoleRoute(app, consoleOperatorChanges.endSessions, (request) =>
    acting(request, request.params.id, (operator) => lifecycle.endAllSessions(operator, actorOf(request))),
  );
};
