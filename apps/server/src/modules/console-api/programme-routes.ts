import type { SchemeReward } from "@hcoins/coin-scheme/contract";
import {
  type ConsoleReward,
  consoleExpiry,
  consoleRewards,
  consoleStores,
  consoleTiers,
} from "@hcoins/domain/api/console-programme";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { rewardInputOfBody } from "../programme/reward-input.ts";
import { rewardFields } from "../programme/service.ts";
import { actorOf } from "./console-auth.ts";
import { consoleRoute } from "./console-route.ts";

/** The console's reward: its id and the fields an operator writes. */
const rewardView = (reward: SchemeReward): ConsoleReward => ({ id: reward.id, ...rewardFields(reward) });

/** The programme manager: rewards (create, edit, stock, state), the expiry policy, tiers and store partner flags (the birthday month and bonus days are campaigns). */
export const consoleProgrammeRoutes: FastifyPluginAsync<{ services: Services }> = async (
  plugin,
  { services },
) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { programme } = services;

  consoleRoute(app, consoleRewards.list, async () =>
    ok({ rewards: (await programme.rewards()).map(rewardView) }),
  );

  consoleRoute(app, consoleRewards.show, async (request) =>
    ok({ reward: rewardView(await programme.oneReward(request.params.id)) }),
  );

  consoleRoute(app, consoleRewards.create, async (request) =>
    ok({
      reward: rewardView(await programme.createReward(rewardInputOfBody(request.body), actorOf(request))),
    }),
  );

  consoleRoute(app, consoleRewards.edit, async (request) =>
    ok({
      reward: rewardView(
        await programme.editReward(request.params.id, rewardInputOfBody(request.body), actorOf(request)),
      ),
    }),
  );

  consoleRoute(app, consoleRewards.changeStock, async (request) =>
    ok({
      reward: rewardView(
        await programme.changeStock(request.params.id, request.body.change, actorOf(request)),
      ),
    }),
  );

  consoleRoute(app, consoleRewards.setActive, async (request) =>
    ok({
      reward: rewardView(
        await programme.setRewardActive(request.params.id, request.body.active, actorOf(request)),
      ),
    }),
  );

  consoleRoute(app, consoleExpiry.show, async () => ok(await programme.expiry()));

  consoleRoute(app, consoleExpiry.preview, async (request) =>
    ok(await programme.expiryPreview(request.query.date)),
  );

  consoleRoute(app, consoleExpiry.set, async (request) =>
    ok(await programme.setExpiryPolicy(request.body.policy, actorOf(request))),
  );

  consoleRoute(app, consoleTiers.show, async () => ok(await programme.tierLadder()));

  consoleRoute(app, consoleTiers.set, async (request) =>
    ok(await programme.setTierLadder(request.body, actorOf(request))),
  );

  consoleRoute(app, consoleStores.list, async () => ok({ stores: await programme.storeFlags() }));

  consoleRoute(app, consoleStores.setPartner, async (request) =>
    ok({ store: await programme.setStorePartner(request.body.code, request.body.partner, actorOf(request)) }),
  );
};
