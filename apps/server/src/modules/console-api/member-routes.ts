import { consoleMembers } from "@hcoins/domain/api/console";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { actorOf, requirePermission, requireSession, security, sessionOf, tags } from "./console-auth.ts";

const ACTION_NOTE =
  "Needs the X-CSRF-Token header (4031). Answers the member's page after the action and writes one audit entry.";

/** Customer service: find a member, read their page, act on their account. */
export const consoleMemberRoutes: FastifyPluginAsync<{ services: Services }> = async (
  plugin,
  { services },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const support = services.memberSupport;
  const session = requireSession(services.operators.sessions);
  const read = [session, requirePermission("members.read")];
  const act = [session, requirePermission("members.act")];

  app.get(
    consoleMembers.search.path,
    {
      schema: {
        tags,
        security,
        summary:
          "Find a member by mobile number (with or without 852 / +852), member number, email or H Coins number",
        querystring: consoleMembers.search.query,
        response: { 200: consoleMembers.search.answer },
      },
      preHandler: read,
    },
    async (request) => ok({ members: await support.search(request.query.q) }),
  );

  app.get(
    consoleMembers.detail.path,
    {
      schema: {
        tags,
        security,
        summary: "A member's page: profile, status, login lock, recent SMS, sessions, consents, H Coins",
        params: consoleMembers.detail.params,
        response: { 200: consoleMembers.detail.answer },
      },
      preHandler: read,
    },
    async (request) => ok(await support.detail(request.params.id)),
  );

  const action = (
    route:
      | typeof consoleMembers.unlock
      | typeof consoleMembers.resetSmsAllowance
      | typeof consoleMembers.revokeSessions,
    summary: string,
    run: (id: number, reason: string | null, by: ReturnType<typeof actorOf>) => Promise<unknown>,
  ) =>
    app.post(
      route.path,
      {
        schema: {
          tags,
          security,
          summary,
          description: ACTION_NOTE,
          params: route.params,
          body: route.body,
          response: { 200: route.answer },
        },
        preHandler: act,
      },
      async (request) => {
        await run(request.params.id, request.body.reason ?? null, actorOf(request));
        return ok(await support.detail(request.params.id));
      },
    );

  action(
    consoleMembers.unlock,
    "Unlock the member's login (every address's failures cleared)",
    (id, reason, by) => support.unlock(id, reason, by),
  );
  action(consoleMembers.resetSmsAllowance, "Reset the number's SMS allowance", (id, reason, by) =>
    support.resetSmsAllowance(id, reason, by),
  );
  action(consoleMembers.revokeSessions, "Log the member out everywhere", (id, reason, by) =>
    support.revokeSessions(id, reason, by),
  );

  for (const [route, disabled] of [
    [consoleMembers.disable, true],
    [consoleMembers.enable, false],
  ] as const) {
    app.post(
      route.path,
      {
        schema: {
          tags,
          security,
          summary: disabled
            ? "Disable the account (its sessions revoked), with a reason"
            : "Enable the account again",
          description: ACTION_NOTE,
          params: route.params,
          body: route.body,
          response: { 200: route.answer },
        },
        preHandler: act,
      },
      async (request) => {
        await support.setDisabled(request.params.id, disabled, request.body.reason, actorOf(request));
        return ok(await support.detail(request.params.id));
      },
    );
  }

  app.post(
    consoleMembers.adjustCoins.path,
    {
      schema: {
        tags,
        security,
        summary: "Credit (coins > 0) or debit the member's H Coins, with a reason",
        description: `${ACTION_NOTE} 4235 when the member has no H Coins account; 4000 \`balanceTooLow\` for a debit over the balance; 4000 \`coinsAboveCeiling\` (with \`ceiling\` in the payload) above the role's ceiling.`,
        params: consoleMembers.adjustCoins.params,
        body: consoleMembers.adjustCoins.body,
        response: { 200: consoleMembers.adjustCoins.answer },
      },
      preHandler: [session, requirePermission("coins.adjust")],
    },
    async (request) => {
      const { id } = request.params;
      const { operator } = sessionOf(request);
      await support.adjustCoins(
        id,
        request.body.coins,
        request.body.reason,
        operator.email,
        operator.role,
        actorOf(request),
      );
      return ok(await support.detail(id));
    },
  );
};
