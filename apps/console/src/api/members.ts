import { type ConsoleMemberDetail, consoleMembers } from "@hcoins/domain/api/console";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";

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
