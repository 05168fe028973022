import { consoleBulkAdjustments } from "@hcoins/domain/api/console-bulk-adjustments";
import { consoleApprovals, consoleCoinControls } from "@hcoins/domain/api/console-coin-controls";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { controlledOperator } from "../coin-controls/approvals.ts";
import { actorOf, sessionOf } from "./console-auth.ts";
import { consoleRoute } from "./console-route.ts";

/** The coin controls an administrator sets, the operator's use of them today, bulk adjustments, and the approvals queue. */
export const consoleCoinControlRoutes: FastifyPluginAsync<{ services: Services }> = async (
  plugin,
  { services },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { coinControls, dailyTotals, approvals, bulkAdjustments } = services;

  consoleRoute(app, consoleCoinControls.get, async () => ok(await coinControls.all()));

  consoleRoute(app, consoleCoinControls.mine, async (request) => {
    const operator = controlledOperator(sessionOf(request).operator);
    return ok(await dailyTotals.today(operator, (await coinControls.all())[operator.role]));
  });

  consoleRoute(app, consoleCoinControls.set, async (request) =>
    ok(await coinControls.set(request.body, actorOf(request))),
  );

  consoleRoute(app, consoleBulkAdjustments.request, async (request) => {
    const { csv, reason_code, note, idempotency_key } = request.body;
    return ok(
      await bulkAdjustments.request(
        { csv, reasonCode: reason_code, note, key: idempotency_key },
        controlledOperator(sessionOf(request).operator),
        actorOf(request),
      ),
    );
  });

  consoleRoute(app, consoleApprovals.list, async (request) => {
    const { status, page, page_size } = request.query;
    return ok(await approvals.list(status, page, page_size));
  });

  for (const [entry, decide] of [
    [consoleApprovals.approve, approvals.approve.bind(approvals)],
    [consoleApprovals.reject, approvals.reject.bind(approvals)],
  ] as const) {
    consoleRoute(app, entry, async (request) =>
      ok(
        await decide(
          request.params.id,
          request.body.note,
          controlledOperator(sessionOf(request).operator),
          actorOf(request),
        ),
      ),
    );
  }
};
