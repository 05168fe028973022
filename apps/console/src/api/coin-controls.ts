import type { ConsoleBodyOf } from "@hcoins/domain/api/console";
import { consoleMembers } from "@hcoins/domain/api/console";
import {
  type ApprovalStatus,
  consoleApprovals,
  consoleCoinControls,
} from "@hcoins/domain/api/console-coin-controls";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call, type PayloadOf } from "./client.ts";
import { memberQuery } from "./members.ts";

export const coinControlsQuery = () =>
  queryOptions({ queryKey: ["coin-controls"], queryFn: () => call(consoleCoinControls.get) });

/** What the signed-in operator and their role moved today, and what is left. */
export const coinControlsTodayQuery = () =>
  queryOptions({ queryKey: ["coin-controls", "today"], queryFn: () => call(consoleCoinControls.mine) });

export const approvalsQuery = (status: ApprovalStatus | undefined, page: number) =>
  queryOptions({
    queryKey: ["approvals", status ?? "all", page],
    queryFn: () => call(consoleApprovals.list, { query: { status, page, page_size: 50 } }),
  });

export function useSetCoinControls() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsoleBodyOf<typeof consoleCoinControls.set>) =>
      call(consoleCoinControls.set, { body }),
    onSuccess: (saved) => client.setQueryData(coinControlsQuery().queryKey, saved),
  });
}

export type AdjustmentInput = ConsoleBodyOf<typeof consoleMembers.adjustCoins>;

export type AdjustmentAnswer = PayloadOf<typeof consoleMembers.adjustCoins>;

/** Answers the member's page after it and whether the adjustment was applied or waits for approval. */
export function useAdjustCoins(memberId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdjustmentInput): Promise<AdjustmentAnswer> =>
      call(consoleMembers.adjustCoins, { params: { id: memberId }, body }),
    onSuccess: ({ adjustment: _adjustment, ...detail }) => {
      client.setQueryData(memberQuery(memberId).queryKey, detail);
      client.invalidateQueries({ queryKey: ["coin-controls", "today"] });
      client.invalidateQueries({ queryKey: ["approvals"] });
    },
  });
}

export function useDecideApproval() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: number; decision: "approve" | "reject"; note: string }) =>
      call(consoleApprovals[decision], {
        params: { id },
        body: { note } satisfies ConsoleBodyOf<typeof consoleApprovals.approve>,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["approvals"] }),
  });
}
