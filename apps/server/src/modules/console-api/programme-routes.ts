import type { SchemeReward } from "@hcoins/coin-scheme/api-schemas";
import {
  type ConsoleReward,
  consoleBonusDays,
  consoleExpiry,
  consoleRewards,
  consoleStores,
} from "@hcoins/domain/api/console-programme";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { rewardInputOfBody } from "../programme/reward-input.ts";
import { rewardFields } from "../programme/service.ts";
import { actorOf, requirePermission, requireSession, security, tags } from "./console-auth.ts";

/** What every programme change asks and writes (till keys too). */
export const CHANGE_NOTE = "Needs programme.edit and the X-CSRF-Token header (4031); writes one audit entry.";
const READ_NOTE = "Needs programme.edit or audit.read (the auditor reads).";

/** The console's reward: its id and the fields an operator writes. */
const rewardView = (reward: SchemeReward): ConsoleReward => ({ id: reward.id, ...rewardFields(reward) });

const REWARD_RULES =
  "4000 names each field's rule as the coin scheme does (coinsInvalid, valueRequired, valueForProduct, required (title.en/tc/sc), imageUrlInvalid, endsBeforeStart, limitInvalid, validDaysInvalid, sortOrderInvalid, stockInvalid); storeUnknown when a store code is not one of the scheme's stores.";

/** The programme manager: rewards (create, edit, stock, state), bonus days and the birthday multiplier. */
export const consoleProgrammeRoutes: FastifyPluginAsync<{ services: Services }> = async (
  plugin,
  { services },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { programme } = services;
  const session = requireSession(services.operators.sessions);
  const read = [session, requirePermission(["programme.edit", "audit.read"])];
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

  app.get(
    consoleRewards.show.path,
    {
      schema: {
        tags,
        security,
        summary: "One reward with every field, for the edit form",
        description: `${READ_NOTE} 4040 no such reward.`,
        params: consoleRewards.show.params,
        response: { 200: consoleRewards.show.answer },
      },
      preHandler: read,
    },
    async (request) => ok({ reward: rewardView(await programme.oneReward(request.params.id)) }),
  );

  app.post(
    consoleRewards.create.path,
    {
      schema: {
        tags,
        security,
        summary: "Add a reward to the catalogue with its first stock",
        description: `${CHANGE_NOTE} ${REWARD_RULES}`,
        body: consoleRewards.create.body,
        response: { 200: consoleRewards.create.answer },
      },
      preHandler: edit,
    },
    async (request) =>
      ok({
        reward: rewardView(await programme.createReward(rewardInputOfBody(request.body), actorOf(request))),
      }),
  );

  app.post(
    consoleRewards.edit.path,
    {
      schema: {
        tags,
        security,
        summary: "Change a reward's fields (not its stock: see /rewards/{id}/stock)",
        description: `${CHANGE_NOTE} Vouchers issued keep the value and stores they were issued with. ${REWARD_RULES} 4040 no such reward.`,
        params: consoleRewards.edit.params,
        body: consoleRewards.edit.body,
        response: { 200: consoleRewards.edit.answer },
      },
      preHandler: edit,
    },
    async (request) =>
      ok({
        reward: rewardView(
          await programme.editReward(request.params.id, rewardInputOfBody(request.body), actorOf(request)),
        ),
      }),
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
        summary:
          "The bonus days (operators' and configured) and the birthday multiplier (an operator's, or the configuration's until one is set)",
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
    consoleBonusDays.setBirthday.path,
    {
      schema: {
        tags,
        security,
        summary:
          "Set the birthday-month multiplier in hundredths (200 = ×2; 100 switches the birthday bonus off; at most 1000)",
        description: `${CHANGE_NOTE} It replaces COIN_BIRTHDAY_MULTIPLIER for purchases from now on; 4000 birthdayRange outside 100-1000.`,
        body: consoleBonusDays.setBirthday.body,
        response: { 200: consoleBonusDays.setBirthday.answer },
      },
      preHandler: edit,
    },
    async (request) => ok(await programme.setBirthdayMultiplier(request.body.multiplier, actorOf(request))),
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
