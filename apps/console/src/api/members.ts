import { type ConsoleMemberDetail, consoleMembers } from "@hcoins/domain/api/console";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";

export const memberSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ["members", "search", q],
    queryFn: () => call(consoleMembers.search, { query: { q } }),
    enabled: q.trim() !== "",
  });

export const memberQuery = (id: number) =>
  queryOptions({
    queryKey: ["members", id],
    queryFn: () => call(consoleMembers.detail, { params: { id } }),
  });

/** The member page's actions; each answers the member's page as it is after it. */
export type MemberAction = "unlock" | "resetSmsAllowance" | "disable" | "enable" | "revokeSessions";

export interface MemberActionInput {
  action: MemberAction;
  reason?: string;
}

export function useMemberAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: MemberActionInput): Promise<ConsoleMemberDetail> =>
      call(consoleMembers[action], { params: { id }, body: reason ? { reason } : {} }),
    onSuccess: (detail) => {
      client.setQueryData(memberQuery(id).queryKey, detail);
      // The search's rows show the status: the next search asks again.
      client.removeQueries({ queryKey: ["members", "search"] });
    },
  });
}
