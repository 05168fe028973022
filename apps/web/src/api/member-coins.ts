import type { AnswerOf } from "@hcoins/domain/api/contract";
import type {
  CoinBalance,
  CoinMissions,
  CoinTier,
  HistoryEntry,
  MemberReward,
  MemberVoucher,
  StatementLine,
} from "@hcoins/domain/api/member-coins";
import { queryOptions, useMutation } from "@tanstack/react-query";
import { queryClient } from "../lib/query-client.ts";
import { session } from "../lib/session.ts";
import { call, type MutationOptions } from "./client.ts";

/**
 * A member's own H Coins (packages/domain/src/api/member-coins.ts): balance, history, the
 * rewards catalogue, redeeming with a step-up proof, and the vouchers. The coin calls POST JSON.
 * Keys carry the session's token: a member who logs in after another in the same tab never
 * sees the other's coins, whatever the cache still holds.
 */

export type { CoinBalance, CoinMissions, CoinTier, HistoryEntry, MemberReward, MemberVoucher, StatementLine };

const memberKey = () => ["member-coins", session.getToken() ?? "guest"] as const;

export const coinBalanceQuery = () =>
  queryOptions({
    queryKey: [...memberKey(), "balance"],
    queryFn: async () => (await call("coinBalance", { body: {}, json: true })).payload,
    // The balance changes with every purchase at a till: the screens ask again when they open.
    staleTime: 0,
  });

/** The member's tier and the spend to the next; a purchase can move it, so the screens ask when they open. */
export const coinTierQuery = () =>
  queryOptions({
    queryKey: [...memberKey(), "tier"],
    queryFn: async () => (await call("coinTier", { body: {}, json: true })).payload,
    staleTime: 0,
  });

/** The member's live e-stamp missions and their stamps; a purchase stamps them, so the page asks when it opens. */
export const coinMissionsQuery = () =>
  queryOptions({
    queryKey: [...memberKey(), "missions"],
    queryFn: async () => (await call("coinMissions", { body: {}, json: true })).payload,
    staleTime: 0,
  });

/** Twenty lines fill a phone's screen twice: enough to read, little to download. */
export const HISTORY_PAGE_SIZE = 20;

export const coinHistoryQuery = (page: number) =>
  queryOptions({
    queryKey: [...memberKey(), "history", page],
    queryFn: async () =>
      (await call("coinHistory", { body: { page, page_size: HISTORY_PAGE_SIZE }, json: true })).payload,
  });

/** The catalogue; for a member it says which rewards they hold as many of as allowed. */
export const rewardsQuery = () =>
  queryOptions({
    queryKey: [...memberKey(), "rewards"],
    queryFn: async () => (await call("rewards", { body: {}, json: true })).payload.rewards,
  });

export const rewardQuery = (id: number) =>
  queryOptions({
    queryKey: [...memberKey(), "reward", id],
    queryFn: async () => (await call("reward", { body: { reward_id: id }, json: true })).payload.reward,
  });

export const vouchersQuery = () =>
  queryOptions({
    queryKey: [...memberKey(), "vouchers"],
    queryFn: async () => (await call("vouchers", { body: {}, json: true })).payload.vouchers,
  });

/** The step-up proof of a redemption: exactly one of the two. */
export type StepUp = { password: string } | { smsCode: string };

export interface Redemption {
  rewardId: number;
  /** One per confirmation, the same on every retry of it: the server then answers the first redemption. */
  idempotencyKey: string;
  stepUp: StepUp;
}

export type Redeemed = AnswerOf<"redeemReward">["payload"];

export const redeemReward = async ({ rewardId, idempotencyKey, stepUp }: Redemption): Promise<Redeemed> => {
  const proof = "password" in stepUp ? { password: stepUp.password } : { sms_token: stepUp.smsCode };
  const body = { reward_id: rewardId, idempotency_key: idempotencyKey, ...proof };
  return (await call("redeemReward", { body, json: true })).payload;
};

/** A redemption changes the balance, the history, the reward's stock and the member's vouchers. */
export const useRedeemReward = (options?: MutationOptions<Redeemed, Redemption>) =>
  useMutation({
    mutationFn: redeemReward,
    ...options,
    onSuccess: (answer, ...rest) => {
      queryClient.setQueryData(vouchersQuery().queryKey, (list) =>
        list ? [answer.voucher, ...list.filter((item) => item.code !== answer.voucher.code)] : list,
      );
      void queryClient.invalidateQueries({ queryKey: memberKey() });
      return options?.onSuccess?.(answer, ...rest);
    },
  });

/** Sends the step-up code to the member's own number. */
export const useRedeemSmsCode = (options?: MutationOptions<unknown, void>) =>
  useMutation({
    mutationFn: () => call("redeemSmsCode", { body: {}, json: true }),
    ...options,
  });

/** The balance kept on this device, so the till still sees it when the scheme is briefly unreachable. */
interface KeptBalance {
  member: number;
  balance: number;
  asOf: string;
}

const BALANCE_KEY = "coinBalance";

/** The last balance this device saw for `member`, or null. */
export function keptBalance(member: number): KeptBalance | null {
  const kept = session.getMemberData<KeptBalance>(BALANCE_KEY);
  return kept?.member === member ? kept : null;
}

export function keepBalance(member: number, answer: CoinBalance) {
  if (answer.balance === null) return;
  session.setMemberData(BALANCE_KEY, { member, balance: answer.balance, asOf: answer.as_of });
}
