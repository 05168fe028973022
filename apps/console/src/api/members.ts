import { type ConsoleBodyOf, type ConsoleMemberDetail, consoleMembers } from "@hcoins/domain/api/console";
import { consoleMemberActions } from "@hcoins/domain/api/console-member-actions";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call, download } from "./client.ts";

export const MEMBER_SEARCH_PAGE_SIZE = 20;

/** A page of the search's results in the order asked; the page shown stays while the next loads. */
export const memberSearchQuery = (q: string, page: number, sort: string, dir: string) =>
  queryOptions({
    queryKey: ["members", "search", q, page, sort, dir],
    queryFn: () =>
      call(consoleMembers.search, { query: { q, page, page_size: MEMBER_SEARCH_PAGE_SIZE, sort, dir } }),
    enabled: q.trim() !== "",
    placeholderData: keepPreviousData,
  });

export const memberQuery = (id: number) =>
  queryOptions({
    queryKey: ["members", id],
    queryFn: () => call(consoleMembers.detail, { params: { id } }),
  });

/**
 * Every action on a member the member page offers, each by its contract entry: the account's
 * (console.ts) and the number's, the vouchers' and data protection's (console-member-actions.ts).
 */
const MEMBER_ACTION_CALLS = {
  unlock: consoleMembers.unlock,
  resetSmsAllowance: consoleMembers.resetSmsAllowance,
  revokeSessions: consoleMembers.revokeSessions,
  disable: consoleMembers.disable,
  enable: consoleMembers.enable,
  blockNumber: consoleMemberActions.blockNumber,
  unblockNumber: consoleMemberActions.unblockNumber,
  cancelVoucher: consoleMemberActions.cancelVoucher,
  exportData: consoleMemberActions.exportData,
  erase: consoleMemberActions.erase,
} as const;

export type MemberAction = keyof typeof MEMBER_ACTION_CALLS;

/** The body an action's contract entry takes; its schema checks the form before it is sent. */
export type MemberActionBody<A extends MemberAction> = ConsoleBodyOf<(typeof MEMBER_ACTION_CALLS)[A]>;
export const memberActionBodySchema = (action: MemberAction) => MEMBER_ACTION_CALLS[action].body;

export type MemberActionInput = {
  [A in MemberAction]: { action: A; body: MemberActionBody<A> } & (A extends "cancelVoucher"
    ? { voucherId: number }
    : unknown);
}[MemberAction];

/** Saves a member's data export as the browser's download. */
async function downloadExport(id: number, body: MemberActionBody<"exportData">) {
  const file = await download(consoleMemberActions.exportData, { params: { id }, body });
  const url = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = `member-${id}.json`;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Runs one of the member's actions. Each answers the member's page as it is after it, except the
 * export (a file) and the erasure (no member is left): those answer null.
 */
export function useMemberAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: MemberActionInput): Promise<ConsoleMemberDetail | null> => {
      switch (input.action) {
        case "exportData":
          await downloadExport(id, input.body);
          return null;
        case "erase":
          await call(consoleMemberActions.erase, { params: { id }, body: input.body });
          return null;
        case "cancelVoucher":
          return call(consoleMemberActions.cancelVoucher, {
            params: { id, voucherId: input.voucherId },
            body: input.body,
          });
        default:
          return call(MEMBER_ACTION_CALLS[input.action], { params: { id }, body: input.body });
      }
    },
    onSuccess: (detail, { action }) => {
      if (action === "erase") {
        client.removeQueries({ queryKey: ["members"] });
        return;
      }
      if (detail === null) return;
      client.setQueryData(memberQuery(id).queryKey, detail);
      // The search's rows show the status: the next search asks again.
      client.removeQueries({ queryKey: ["members", "search"] });
    },
  });
}
