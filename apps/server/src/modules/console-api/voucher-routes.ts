import { consoleMemberActions } from "@hcoins/domain/api/console-member-actions";
import { consoleVouchers } from "@hcoins/domain/api/console-vouchers";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { controlledOperator } from "../coin-controls/approvals.ts";
import type { VoucherOperator } from "../vouchers/voucher-support.ts";
import { actorOf, sessionOf } from "./console-auth.ts";
import { consoleRoute } from "./console-route.ts";

/** Operators' voucher actions: cancel, reveal a code, goodwill vouchers (vouchers/voucher-support.ts). */
export const consoleVoucherRoutes: FastifyPluginAsync<{ services: Services }> = async (
  plugin,
  { services },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const vouchers = services.voucherSupport;
  const operatorOf = (request: Parameters<typeof actorOf>[0]): VoucherOperator => ({
    ...actorOf(request),
    operator: sessionOf(request).operator.email,
  });

  consoleRoute(app, consoleMemberActions.cancelVoucher, async (request) => {
    const { id, voucherId } = request.params;
    const { reason, idempotency_key } = request.body;
    await vouchers.cancel(id, voucherId, reason, idempotency_key, operatorOf(request));
    return ok(await services.memberSupport.detail(id));
  });

  consoleRoute(app, consoleVouchers.reveal, async (request) =>
    ok(
      await vouchers.reveal(
        request.params.id,
        request.params.voucherId,
        request.body.reason,
        actorOf(request),
      ),
    ),
  );

  consoleRoute(app, consoleVouchers.goodwillRewards, async () =>
    ok({ rewards: await vouchers.goodwillRewards() }),
  );

  consoleRoute(app, consoleVouchers.goodwill, async (request) => {
    const { reward_id, note, idempotency_key } = request.body;
    return ok(
      await services.goodwillVouchers.give(
        request.params.id,
        reward_id,
        note,
        idempotency_key,
        controlledOperator(sessionOf(request).operator),
        operatorOf(request),
      ),
    );
  });
};
