import type { SchemeReward } from "@hcoins/coin-scheme/api-schemas";
import { type Permission, ROLE_PERMISSIONS } from "@hcoins/domain/api/console";
import {
  type ConsoleReward,
  consoleBonusDays,
  consoleExpiry,
  consoleRewards,
  consoleStores,
} from "@hcoins/domain/api/console-programme";
import { ErrorCode } from "@hcoins/domain/codes";
import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError, ok } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { actorOf, requirePermission, requireSession, sessionOf } from "./console-auth.ts";

const tags = ["console"];
const security = [{ consoleSession: [] }];
const CHANGE_NOTE = "Needs programme.edit and the X-CSRF-Token header (4031); writes one audit entry.";
const READ_NOTE = "Needs programme.edit or audit.read (the auditor reads).";

/** After requireSession: the operator's role holds one of the permissions (4030 otherwise). */
export function requireAnyPermission(...permissions: Permission[]): preHandlerAsyncHookHandler {
  return async (request) => {
    const { operator } = sessionOf(request);
    if (!permissions.some((permission) => ROLE_PERMISSIONS[operator.role].includes(permission)))
      throw new AppError(ErrorCode.forbidden);
  };
}

const rewardView = (reward: SchemeReward): ConsoleReward => ({
  id: reward.id,
  kind: reward.kind,
  coins: reward.coins,
  stock: reward.stock,
  value_amount: reward.value_amount,
  title: reward.title,
  image_url: reward.image_url,
  starts_at: reward.starts_at,
  ends_at: reward.ends_at,
  active: reward.active,
  sort_order: reward.sort_order,
});

/** The programme manager: rewards' stock and state, bonus days. */
export const consoleProgrammeRoutes: FastifyPluginAsync<{ services: Services }> = async (
  plugin,
  { services },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { programme } = services;
  const session = requireSession(services.operators.sessions);
  const read = [session, requireAnyPermission("programme.edit", "audit.read")];
  const edit = [session, requirePermission("programme.edit")];

  app.get(
    consoleRewards.list.path,
    {
      schema: {
        tags,
        security,
        summary: "Every reward of the catalogue, active or not, with its stock",
        description: READ_NOTE,
        response: { 200: consoleRewards.list.answer },
      },
      preHandler: read,
    },
    async () => ok({ rewards: (await programme.rewards()).map(rewardView) }),
  );

  app.post(
    consoleRewards.changeStock.path,
    {
      schema: {
        tags,
        security,
        summary:
          "Add (change > 0) or remove units of a reward's stock; never below zero (4000 stockNegative)",
        description: `${CHANGE_NOTE} 4040 no such reward.`,
        params: consoleRewards.changeStock.params,
        body: consoleRewards.changeStock.body,
        response: { 200: consoleRewards.changeStock.answer },
      },
      preHandler: edit,
    },
    async (request) =>
      ok({
        reward: rewardView(
          await programme.changeStock(request.params.id, request.body.change, actorOf(request)),
        ),
      }),
  );

  app.post(
    consoleRewards.setActive.path,
    {
      schema: {
        tags,
        security,
        summary: "Offer a reward to members (active) or withdraw it",
        description: `${CHANGE_NOTE} 4040 no such reward.`,
        params: consoleRewards.setActive.params,
        body: consoleRewards.setActive.body,
        response: { 200: consoleRewards.setActive.answer },
      },
      preHandler: edit,
    },
    async (request) =>
      ok({
        reward: rewardView(
          await programme.setRewardActive(request.params.id, request.body.active, actorOf(request)),
        ),
      }),
  );

  app.get(
    consoleBonusDays.list.path,
    {
      schema: {
        tags,
        security,
        summary: "The bonus days (operators' and configured) and the birthday multiplier (configuration)",
        description: READ_NOTE,
        response: { 200: consoleBonusDays.list.answer },
      },
      preHandler: read,
    },
    async () => ok(await programme.bonusDays()),
  );

  app.post(
    consoleBonusDays.set.path,
    {
      schema: {
        tags,
        security,
        summary: "Make a Hong Kong date a bonus day: multiplier in hundredths (150 = ×1.5, 101 to 1000)",
        description: CHANGE_NOTE,
        body: consoleBonusDays.set.body,
        response: { 200: consoleBonusDays.set.answer },
      },
      preHandler: edit,
    },
    async (request) =>
      ok(await programme.setBonusDay(request.body.date, request.body.multiplier, actorOf(request))),
  );

  app.post(
    consoleBonusDays.remove.path,
    {
      schema: {
        tags,
        security,
        summary: "Remove an operator's bonus day (a configured one stays: configured_multiplier)",
        description: CHANGE_NOTE,
        body: consoleBonusDays.remove.body,
        response: { 200: consoleBonusDays.remove.answer },
      },
      preHandler: edit,
    },
    async (request) => ok(await programme.removeBonusDay(request.body.date, actorOf(request))),
  );

  app.get(
    consoleExpiry.show.path,
    {
      schema: {
        tags,
        security,
        summary: "The coin expiry policy and what the next daily run would expire (dry run)",
        description: READ_NOTE,
        response: { 200: consoleExpiry.show.answer },
      },
      preHandler: read,
    },
    async () => ok(await programme.expiry()),
  );

  app.post(
    consoleExpiry.set.path,
    {
      schema: {
        tags,
        security,
        summary:
          "Change the expiry policy (none, year-end or <N>-months, 1 to 120) for coins credited from now on",
        description: CHANGE_NOTE,
        body: consoleExpiry.set.body,
        response: { 200: consoleExpiry.set.answer },
      },
      preHandler: edit,
    },
    async (request) => ok(await programme.setExpiryPolicy(request.body.policy, actorOf(request))),
  );

  app.get(
    consoleStores.list.path,
    {
      schema: {
        tags,
        security,
        summary: "Every store's partner-property flag, here and in the coin scheme's registry",
        description: READ_NOTE,
        response: { 200: consoleStores.list.answer },
      },
      preHandler: read,
    },
    async () => ok({ stores: await programme.storeFlags() }),
  );

  app.post(
    consoleStores.setPartner.path,
    {
      schema: {
        tags,
        security,
        summary: "Set a store's partner-property flag here and in the coin scheme's registry",
        description: `${CHANGE_NOTE} 4040 no store has the code.`,
        body: consoleStores.setPartner.body,
        response: { 200: consoleStores.setPartner.answer },
      },
      preHandler: edit,
    },
    async (request) =>
      ok({
        store: await programme.setStorePartner(request.body.code, request.body.partner, actorOf(request)),
      }),
  );
};
