import { consoleMemberRecords } from "@hcoins/domain/api/console-member-records";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { controlledOperator } from "../coin-controls/approvals.ts";
import { actorOf, sessionOf } from "./console-auth.ts";
import { consoleRoute } from "./console-route.ts";

/** The member's records: SMS limits in force, edits with a reason, the number change, case notes, history. */
export const consoleMemberRecordRoutes: FastifyPluginAsync<{ services: Services }> = async (
  plugin,
  { services },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const records = services.memberRecords;
  const support = services.memberSupport;

  consoleRoute(app, consoleMemberRecords.smsLimits, async (request) => {
    const member = await support.member(request.params.id);
    return ok({
      limits: await services.sms.limitsInForce(member.mobile_phone_prefix, member.mobile_phone),
    });
  });

  consoleRoute(app, consoleMemberRecords.edit, async (request) => {
    const { reason, ...edit } = request.body;
    await records.edit(request.params.id, edit, reason, actorOf(request));
    return ok(await support.detail(request.params.id));
  });

  consoleRoute(app, consoleMemberRecords.correctBirthMonth, async (request) => {
    const { birthday_month, reason } = request.body;
    const approvalId = await services.birthMonthCorrections.request(
      request.params.id,
      birthday_month,
      reason,
      controlledOperator(sessionOf(request).operator),
      actorOf(request),
    );
    return ok({ approval_id: approvalId });
  });

  consoleRoute(app, consoleMemberRecords.sendNumberCode, async (request) => {
    const { mobile_phone_prefix: prefix, mobile_phone: phone } = request.body;
    return ok(
      await records.sendNumberCode(request.params.id, { prefix, phone }, request.lang, actorOf(request)),
    );
  });

  consoleRoute(app, consoleMemberRecords.changeNumber, async (request) => {
    const { mobile_phone_prefix: prefix, mobile_phone: phone, code, reason } = request.body;
    await records.changeNumber(request.params.id, { prefix, phone }, code, reason, actorOf(request));
    return ok(await support.detail(request.params.id));
  });

  consoleRoute(app, consoleMemberRecords.phoneHistory, async (request) =>
    ok({ numbers: await records.phoneHistory(request.params.id) }),
  );

  consoleRoute(app, consoleMemberRecords.caseNotes, async (request) =>
    ok(await records.caseNotes(request.params.id, request.query.page)),
  );

  consoleRoute(app, consoleMemberRecords.addCaseNote, async (request) =>
    ok(await records.addCaseNote(request.params.id, request.body.note, actorOf(request))),
  );

  consoleRoute(app, consoleMemberRecords.history, async (request) =>
    ok(await records.history(request.params.id, request.query.page)),
  );
};
