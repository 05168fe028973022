import { consoleMembers } from "@hcoins/domain/api/console";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { controlledOperator } from "../coin-controls/approvals.ts";
import { actorOf, sessionOf } from "./console-auth.ts";
import { consoleRoute } from "./console-route.ts";

/** Customer service: find a member, read their page, act on their account. */
export const consoleMemberRoutes: FastifyPluginAsync<{ services: Services }> = async (
  plugin,
  { services },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const support = services.memberSupport;

  consoleRoute(app, consoleMembers.search, async (request) => {
    const { q, page, page_size, sort, dir } = request.query;
    return ok(await services.memberFinder.search(q, { page, pageSize: page_size, sort, dir }));
  });

  consoleRoute(app, consoleMembers.detail, async (request) => ok(await support.detail(request.params.id)));

  const action = (
    entry:
      | typeof consoleMembers.unlock
      | typeof consoleMembers.resetSmsAllowance
      | typeof consoleMembers.revokeSessions,
    run: (id: number, reason: string | null, by: ReturnType<typeof actorOf>) => Promise<unknown>,
  ) =>
    consoleRoute(app, entry, async (request) => {
      await run(request.params.id, request.body.reason ?? null, actorOf(request));
      return ok(await support.detail(request.params.id));
    });

  action(consoleMembers.unlock, (id, reason, by) => support.unlock(id, reason, by));
  action(consoleMembers.resetSmsAllowance, (id, reason, by) => support.resetSmsAllowance(id, reason, by));
  action(consoleMembers.revokeSessions, (id, reason, by) => support.revokeSessions(id, reason, by));

  for (const [entry, disabled] of [
    [consoleMembers.disable, true],
    [consoleMembers.enable, false],
  ] as const) {
    consoleRoute(app, entry, async (request) => {
      await support.setDisabled(request.params.id, disabled, request.body.reason, actorOf(request));
      return ok(await support.detail(request.params.id));
    });
  }

  consoleRoute(app, consoleMembers.adjustCoins, async (request) => {
    const { id } = request.params;
    const { operator } = sessionOf(request);
    const { coins, reason_code, note, idempotency_key } = request.body;
    const adjustment = await services.coinAdjustments.adjust(
      { memberId: id, coins, reasonCode: reason_code, note, key: idempotency_key },
      controlledOperator(operator),
      actorOf(request),
    );
    return ok({
      ...(await support.detail(id)),
      adjustment: { status: adjustment.status, approval_id: adjustment.approvalId },
    });
  });
};
