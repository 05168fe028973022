import type { ConsoleMemberDetail } from "@hcoins/domain/api/console";
import { consoleMemberActions } from "@hcoins/domain/api/console-member-actions";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call, download } from "./client.ts";
import { memberQuery } from "./members.ts";

export type CaseAction = "blockNumber" | "unblockNumber" | "cancelVoucher" | "exportData" | "erase";

export interface CaseInput {
  action: CaseAction;
  reason?: string;
  /** The voucher's id (cancelVoucher). */
  voucherId?: number;
  /** Made once per opened dialog: a retry or double click of it cancels once. */
  key?: string;
  confirm?: string;
}

/** The member page's further actions; block and voucher cancel answer the member's page. */
export function useCaseAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, reason, voucherId, key, confirm }: CaseInput): Promise<unknown> => {
      if (action === "exportData") {
        const file = await download(consoleMemberActions.exportData, { params: { id }, body: { reason } });
        const url = URL.createObjectURL(file);
        const link = document.createElement("a");
        link.href = url;
        link.download = `member-${id}.json`;
        link.click();
        URL.revokeObjectURL(url);
        return null;
      }
      if (action === "erase")
        return call(consoleMemberActions.erase, {
          params: { id },
          body: { confirm_mobile_phone: confirm, reason },
        });
      if (action === "cancelVoucher")
        return call(consoleMemberActions.cancelVoucher, {
          params: { id, voucherId: voucherId ?? 0 },
          body: { reason, idempotency_key: key },
        });
      return call(consoleMemberActions[action], { params: { id }, body: { reason } });
    },
    onSuccess: (answer, { action }) => {
      if (action === "erase") client.removeQueries({ queryKey: ["members"] });
      else if (action !== "exportData")
        client.setQueryData(memberQuery(id).queryKey, answer as ConsoleMemberDetail);
    },
  });
}
