import { consoleAdjustmentCeilings, consoleMemberActions } from "@hcoins/domain/api/console-member-actions";
import { ErrorCode } from "@hcoins/domain/codes";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, ok, validationError } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { SchemeDidNotErase } from "../data-protection/service.ts";
import { actorOf, requirePermission, requireSession, security, sessionOf, tags } from "./console-auth.ts";

const ACTION_NOTE = "Needs the X-CSRF-Token header (4031); writes one audit entry.";

/** Customer service's block, voucher cancel and data-protection actions, and the adjustment ceilings. */
export const consoleMemberActionRoutes: FastifyPluginAsync<{ services: Services }> = async (
  plugin,
  { services },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const support = services.memberSupport;
  const session = requireSession(services.operators.sessions);
  const guard = (permission: Parameters<typeof requirePermission>[0]) => [
    session,
    requirePermission(permission),
  ];

  for (const [route, blocked] of [
    [consoleMemberActions.blockNumber, true],
    [consoleMemberActions.unblockNumber, false],
  ] as const) {
    app.post(
      route.path,
      {
        schema: {
          tags,
          security,
          summary: blocked
            ? "Block the member's number from registering, with a reason"
            : "Lift the block of the member's number",
          description: `${ACTION_NOTE} Answers the member's page; no entry when nothing changed.`,
          params: route.params,
          body: route.body,
          response: { 200: route.answer },
        },
        preHandler: guard("members.act"),
      },
      async (request) => {
        const member = await support.member(request.params.id);
        const { mobile_phone_prefix: prefix, mobile_phone: phone } = member;
        if (blocked) await support.blockNumber(prefix, phone, request.body.reason, actorOf(request));
        else await support.unblockNumber(prefix, phone, request.body.reason, actorOf(request));
        return ok(await support.detail(member.id));
      },
    );
  }

  app.post(
    consoleMemberActions.cancelVoucher.path,
    {
      schema: {
        tags,
        security,
        summary: "Cancel one of the member's vouchers (its coins go back), with a reason",
        description: `${ACTION_NOTE} 4040 for a code that is not the member's; 4000 \`voucherNotCancellable\` when used, expired or cancelled.`,
        params: consoleMemberActions.cancelVoucher.params,
        body: consoleMemberActions.cancelVoucher.body,
        response: { 200: consoleMemberActions.cancelVoucher.answer },
      },
      preHandler: guard("vouchers.cancel"),
    },
    async (request) => {
      const { id, code } = request.params;
      await support.cancelVoucher(
        id,
        code,
        request.body.reason,
        sessionOf(request).operator.email,
        actorOf(request),
      );
      return ok(await support.detail(id));
    },
  );

  app.post(
    consoleMemberActions.exportData.path,
    {
      schema: {
        tags,
        security,
        summary: "Everything held about the member, as one JSON document (a download; no envelope)",
        description: `${ACTION_NOTE} 5030 when the coin scheme cannot answer (an export without the ledger would be incomplete).`,
        params: consoleMemberActions.exportData.params,
        response: {
          200: z.string().meta({
            format: "binary",
            description: "application/json: the member export document (format hcoins-member-export/1)",
          }),
        },
      },
      preHandler: guard("members.dataProtection"),
    },
    async (request, reply) => {
      const member = await support.member(request.params.id);
      let document: Awaited<ReturnType<typeof services.dataProtection.exportDocument>>;
      try {
        document = await services.dataProtection.exportDocument(member, actorOf(request));
      } catch (error) {
        request.log.warn({ err: error }, "member export failed");
        throw new AppError(ErrorCode.serviceUnavailable);
      }
      return reply
        .header("content-type", "application/json; charset=utf-8")
        .header("content-disposition", `attachment; filename="member-${member.id}.json"`)
        .header("cache-control", "no-store")
        .send(JSON.stringify(document, null, 2));
    },
  );

  app.post(
    consoleMemberActions.erase.path,
    {
      schema: {
        tags,
        security,
        summary: "Erase the member; confirm_mobile_phone must be their mobile number exactly",
        description: `${ACTION_NOTE} 4000 \`confirmationMismatch\` when the typed number differs; 5030 when the coin scheme did not erase (nothing was erased).`,
        params: consoleMemberActions.erase.params,
        body: consoleMemberActions.erase.body,
        response: { 200: consoleMemberActions.erase.answer },
      },
      preHandler: guard("members.dataProtection"),
    },
    async (request) => {
      const member = await support.member(request.params.id);
      if (request.body.confirm_mobile_phone !== member.mobile_phone)
        throw validationError([{ field: "confirm_mobile_phone", rule: "confirmationMismatch" }]);
      try {
        await services.dataProtection.erase(member, actorOf(request));
      } catch (error) {
        if (error instanceof SchemeDidNotErase) throw new AppError(ErrorCode.serviceUnavailable);
        throw error;
      }
      return ok({});
    },
  );

  app.get(
    consoleAdjustmentCeilings.get.path,
    {
      schema: {
        tags,
        security,
        summary: "Per role, the most coins one adjustment may move (null: no limit)",
        response: { 200: consoleAdjustmentCeilings.get.answer },
      },
      preHandler: guard("coins.adjust"),
    },
    async () => ok(await services.adjustmentCeilings.all()),
  );

  app.post(
    consoleAdjustmentCeilings.set.path,
    {
      schema: {
        tags,
        security,
        summary: "Set the adjustment ceilings of every role",
        description: ACTION_NOTE,
        body: consoleAdjustmentCeilings.set.body,
        response: { 200: consoleAdjustmentCeilings.set.answer },
      },
      preHandler: guard("operators.manage"),
    },
    async (request) => ok(await services.adjustmentCeilings.set(request.body, actorOf(request))),
  );
};
