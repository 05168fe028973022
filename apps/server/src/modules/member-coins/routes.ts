import {
  coinBalance,
  coinHistory,
  coinMissions,
  coinTier,
  redeemReward,
  redeemSmsCode,
  reward,
  rewards,
  vouchers,
} from "@hcoins/domain/api/member-coins";
import type { FastifyPluginAsync } from "fastify";
import { ok } from "../../errors.ts";
import { requireMember } from "../../plugins/auth-header.ts";
import { acceptEmptyJson } from "../../plugins/empty-json-body.ts";
import { route } from "../../plugins/member-route.ts";
import type { Services } from "../../services.ts";

/** The custom API's calls for a member's own H Coins: balance, history, catalogue, redeeming, vouchers. */
export const memberCoinsRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  const { memberCoins } = services;
  acceptEmptyJson(app);

  route(app, coinBalance, async (request) => ok(await memberCoins.balance(requireMember(request))));

  route(app, coinTier, async (request) => ok(await memberCoins.tier(requireMember(request))));

  route(app, coinMissions, async (request) => ok(await memberCoins.missions(requireMember(request))));

  route(app, coinHistory, async (request) => {
    const { page, page_size } = request.body;
    const { entries, total } = await memberCoins.history(requireMember(request), page, page_size);
    return ok({ entries, page, page_size, total });
  });

  route(app, rewards, async (request) => ok({ rewards: await memberCoins.rewards(request.member) }));

  route(app, reward, async (request) =>
    ok({ reward: await memberCoins.reward(request.body.reward_id, request.member) }),
  );

  route(app, redeemSmsCode, async (request) => {
    await memberCoins.sendRedeemCode(requireMember(request), request.lang, request.ip);
    return ok({});
  });

  route(app, redeemReward, async (request) => {
    const { reward_id, idempotency_key, password, sms_token } = request.body;
    const proof = password !== undefined ? { password } : { smsCode: sms_token as string };
    return ok(
      await memberCoins.redeem(requireMember(request), {
        rewardId: reward_id,
        key: idempotency_key,
        proof,
      }),
    );
  });

  route(app, vouchers, async (request) =>
    ok({ vouchers: await memberCoins.vouchers(requireMember(request)) }),
  );
};
