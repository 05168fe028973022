import type { ConsoleBodyOf } from "@hcoins/domain/api/console";
import { consoleVouchers } from "@hcoins/domain/api/console-vouchers";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";
import { memberQuery } from "./members.ts";

export const goodwillRewardsQuery = () =>
  queryOptions({ queryKey: ["goodwill-rewards"], queryFn: () => call(consoleVouchers.goodwillRewards) });

/** The full code of one of the member's vouchers (audited); never cached. */
export function useRevealCode(memberId: number) {
  return useMutation({
    mutationFn: ({ voucherId, reason }: { voucherId: number; reason: string }) =>
      call(consoleVouchers.reveal, {
        params: { id: memberId, voucherId },
        body: { reason } satisfies ConsoleBodyOf<typeof consoleVouchers.reveal>,
      }),
  });
}

/** A goodwill voucher; the member's page and the rewards' stock are read again after it. */
export function useGoodwillVoucher(memberId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsoleBodyOf<typeof consoleVouchers.goodwill>) =>
      call(consoleVouchers.goodwill, { params: { id: memberId }, body }),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: memberQuery(memberId).queryKey });
      client.invalidateQueries({ queryKey: ["goodwill-rewards"] });
    },
  });
}
