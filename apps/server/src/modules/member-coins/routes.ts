import {
  coinBalance,
  coinHistory,
  redeemReward,
  redeemSmsCode,
  reward,
  rewards,
  vouchers,
} from "@hcoins/domain/api/member-coins";
import { serverPath } from "@hcoins/domain/api/routes";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../errors.ts";
import { requireMember } from "../../plugins/auth-header.ts";
import { acceptEmptyJson } from "../../plugins/empty-json-body.ts";
import type { Services } from "../../services.ts";

const tags = ["H Coins"];

const MEMBER_ONLY = "Member token required (401 / 4010 for a guest).";
const SCHEME_DOWN =
  "5030 when the H Coins scheme does not answer (COIN_SCHEME_TIMEOUT_MS) or fails, with the reason in `msg_en`, `msg_tc`, `msg_sc`.";
const OWN_ACCOUNT =
  "The account is always the one the scheme links to the calling member (their number's); the body names none.";

/** The custom API's calls for a member's own H Coins: balance, history, catalogue, redeeming, vouchers. */
export const memberCoinsRoutes: FastifyPluginAsync<{ services: Services }> = async (plugin, { services }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { memberCoins } = services;
  acceptEmptyJson(plugin);

  app.post(
    serverPath(coinBalance),
    {
      schema: {
        tags,
        summary: "The member's H Coins balance and the coins expiring soonest",
        description: `${MEMBER_ONLY} ${OWN_ACCOUNT} \`linked: false\` (balance null, nothing expiring) when no account is linked to the member yet. \`as_of\` is when the scheme answered. ${SCHEME_DOWN} The web app then keeps showing its last copy with its \`as_of\`.`,
        body: coinBalance.body,
        response: { 200: coinBalance.answer },
      },
    },
    async (request) => ok(await memberCoins.balance(requireMember(request))),
  );

  app.post(
    serverPath(coinHistory),
    {
      schema: {
        tags,
        summary: "The member's H Coins history, newest first, one page",
        description: `${MEMBER_ONLY} ${OWN_ACCOUNT} \`page\` from 1, \`page_size\` 1-50 (20 by default); \`total\` counts every entry. Stores are named in the three languages (null for a code the programme does not know); \`bonus_coins\` is the birthday and holiday bonus inside \`coins\`; \`reason\` is given for an operator's adjustment only; a redemption or cancellation names its reward and voucher. Empty for a member without an account. 4000 for a bad page. ${SCHEME_DOWN}`,
        body: coinHistory.body,
        response: { 200: coinHistory.answer },
      },
    },
    async (request) => {
      const { page, page_size } = request.body;
      const { entries, total } = await memberCoins.history(requireMember(request), page, page_size);
      return ok({ entries, page, page_size, total });
    },
  );

  app.post(
    serverPath(rewards),
    {
      schema: {
        tags,
        summary: "The rewards catalogue: active rewards in the catalogue's order (guest or member)",
        description: `The rewards open for redemption now (active and inside their window), in the catalogue's order. A visitor may look (\`redeemed\` null, \`state\` never limitReached); for a member \`redeemed\` is how many of each they hold (cancelled vouchers not counted). \`state\`: available, soldOut (no stock left), limitReached (the member holds \`per_member_limit\`); hcoin-reward also answers notStarted and ended. Inactive rewards are never shown. ${SCHEME_DOWN}`,
        body: rewards.body,
        response: { 200: rewards.answer },
      },
    },
    async (request) => ok({ rewards: await memberCoins.rewards(request.member) }),
  );

  app.post(
    serverPath(reward),
    {
      schema: {
        tags,
        summary: "One active reward (guest or member)",
        description: `As in hcoin-rewards, and also outside its redemption window (\`state\` notStarted or ended). 4040 when there is no such reward or it is inactive; 4000 for a \`reward_id\` that is not a positive whole number. ${SCHEME_DOWN}`,
        body: reward.body,
        response: { 200: reward.answer },
      },
    },
    async (request) => ok({ reward: await memberCoins.reward(request.body.reward_id, request.member) }),
  );

  app.post(
    serverPath(redeemSmsCode),
    {
      schema: {
        tags,
        summary: "Send a code to the member's own number to confirm a redemption (step-up)",
        description: `${MEMBER_ONLY} The body is ignored and may be empty. The SMS (in the request's language) says the code is for redeeming H Coins, so a member who did not ask is warned. Its code proves a redemption only (a registration or reset code does not, and this one proves nothing else), lasts SMS_CODE_TTL_SECONDS and is used up by hcoin-redeem. The limits of every SMS send apply: 4203 (wait SMS_RESEND_SECONDS before another), 4204 (too many for the number or address this hour), 4208 (the deployment's SMS budget spent), each with \`retry_after_seconds\`; 5030 when the SMS gateway fails (the send is not counted).`,
        body: redeemSmsCode.body,
        response: { 200: redeemSmsCode.answer },
      },
    },
    async (request) => {
      await memberCoins.sendRedeemCode(requireMember(request), request.lang, request.ip);
      return ok({});
    },
  );

  app.post(
    serverPath(redeemReward),
    {
      schema: {
        tags,
        summary: "Redeem a reward for a voucher, confirmed by the password or an SMS code (step-up)",
        description: `${MEMBER_ONLY} ${OWN_ACCOUNT} Exactly one proof: \`password\` (the member's password) or \`sms_token\` (the code hcoin-redeem-sms sent); neither or both is 4000 with rule \`stepUpRequired\`. The proof is checked before anything is spent: a wrong password is 4230 with \`attempts_remaining\`, the REDEEM_PASSWORD_MAX_FAILURES-th locks redeeming by password for LOGIN_LOCK_SECONDS (4290 with \`retry_after_seconds\`; a password reset lifts it); a wrong, expired, used or void code is 4201 (SMS_CODE_MAX_ATTEMPTS wrong tries void it). Then the scheme spends the reward's coins and one unit of stock and issues the voucher, in one transaction: 4231 not enough coins, 4236 the balance is below zero after a refund (the coins earned next repay it first), 4232 out of stock, 4233 inactive or outside its redemption window, 4234 the member holds as many as allowed, 4040 no such reward, 4235 no H Coins account linked to the member, 4000 (field \`idempotency_key\`, rule invalid) when the key already redeemed another reward. ${SCHEME_DOWN} 5030 with \`reason: "busy"\` and Retry-After when too many redeem at once. Nothing is spent on any of these, and an SMS code stays usable for the retry. \`idempotency_key\`: one per confirmation; a request sent again with it (after a timeout whose redemption the scheme may have made) answers the first redemption with \`duplicate: true\` and spends nothing twice, so a client that got no answer retries with the same key.`,
        body: redeemReward.body,
        response: { 200: redeemReward.answer },
      },
    },
    async (request) => {
      const { reward_id, idempotency_key, password, sms_token } = request.body;
      const proof = password !== undefined ? { password } : { smsCode: sms_token as string };
      return ok(
        await memberCoins.redeem(requireMember(request), {
          rewardId: reward_id,
          key: idempotency_key,
          proof,
        }),
      );
    },
  );

  app.post(
    serverPath(vouchers),
    {
      schema: {
        tags,
        summary: "The member's vouchers, newest first",
        description: `${MEMBER_ONLY} ${OWN_ACCOUNT} Each with its stores named (empty = every store), its status (issued, used, expired, cancelled) and, once used, where (\`used_store_name\`). Empty for a member without an account. ${SCHEME_DOWN}`,
        body: vouchers.body,
        response: { 200: vouchers.answer },
      },
    },
    async (request) => ok({ vouchers: await memberCoins.vouchers(requireMember(request)) }),
  );
};
