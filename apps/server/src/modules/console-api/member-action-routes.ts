import { consoleMemberActions } from "@hcoins/domain/api/console-member-actions";
import { ErrorCode } from "@hcoins/domain/codes";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError, ok, validationError } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { SchemeDidNotErase } from "../data-protection/service.ts";
import { actorOf } from "./console-auth.ts";
import { consoleRoute } from "./console-route.ts";

/** Customer service's block and data-protection actions (voucher cancel: voucher-routes.ts). */
export const consoleMemberActionRoutes: FastifyPluginAsync<{ services: Services }> = async (
  plugin,
  { services },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const support = services.memberSupport;

  for (const [entry, blocked] of [
    [consoleMemberActions.blockNumber, true],
    [consoleMemberActions.unblockNumber, false],
  ] as const) {
    consoleRoute(app, entry, async (request) => {
      const member = await support.member(request.params.id);
      const { mobile_phone_prefix: prefix, mobile_phone: phone } = member;
      if (blocked) await support.blockNumber(prefix, phone, request.body.reason, actorOf(request));
      else await support.unblockNumber(prefix, phone, request.body.reason, actorOf(request));
      return ok(await support.detail(member.id));
    });
  }

  consoleRoute(app, consoleMemberActions.exportData, async (request, reply) => {
    const member = await support.member(request.params.id);
    let document: Awaited<ReturnType<typeof services.dataProtection.exportDocument>>;
    try {
      document = await services.dataProtection.exportDocument(member, actorOf(request), request.body.reason);
    } catch (error) {
      request.log.warn({ err: error }, "member export failed");
      throw new AppError(ErrorCode.serviceUnavailable);
    }
    return reply
      .header("content-type", "application/json; charset=utf-8")
      .header("content-disposition", `attachment; filename="member-${member.id}.json"`)
      .header("cache-control", "no-store")
      .send(JSON.stringify(document, null, 2));
  });

  consoleRoute(app, consoleMemberActions.erase, async (request) => {
    const member = await support.member(request.params.id);
    if (request.body.confirm_mobile_phone !== member.mobile_phone)
      throw validationError([{ field: "confirm_mobile_phone", rule: "confirmationMismatch" }]);
    try {
      await services.dataProtection.erase(member, actorOf(request), request.body.reason);
    } catch (error) {
      if (error instanceof SchemeDidNotErase) throw new AppError(ErrorCode.serviceUnavailable);
      throw error;
    }
    return ok({});
  });
};
