import type { ConsoleBodyOf, ConsoleMemberDetail } from "@hcoins/domain/api/console";
import { consoleMemberRecords } from "@hcoins/domain/api/console-member-records";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";
import { memberQuery } from "./members.ts";

/** Everything of the member's records is under the member's own key, so a change there refreshes it. */
const recordsKey = (id: number) => ["members", id, "records"] as const;

export const smsLimitsQuery = (id: number) =>
  queryOptions({
    queryKey: [...recordsKey(id), "sms-limits"],
    queryFn: () => call(consoleMemberRecords.smsLimits, { params: { id } }),
  });

export const phoneHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: [...recordsKey(id), "phone-history"],
    queryFn: () => call(consoleMemberRecords.phoneHistory, { params: { id } }),
  });

export const caseNotesQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: [...recordsKey(id), "case-notes", page],
    queryFn: () => call(consoleMemberRecords.caseNotes, { params: { id }, query: { page } }),
    placeholderData: keepPreviousData,
  });

export const memberHistoryQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: [...recordsKey(id), "history", page],
    queryFn: () => call(consoleMemberRecords.history, { params: { id }, query: { page } }),
    placeholderData: keepPreviousData,
  });

/** After a change: the member's page as answered, and their records asked again. */
function useRefresh(id: number) {
  const client = useQueryClient();
  return (detail?: ConsoleMemberDetail) => {
    if (detail) client.setQueryData(memberQuery(id).queryKey, detail);
    void client.invalidateQueries({ queryKey: recordsKey(id) });
    client.removeQueries({ queryKey: ["members", "search"] });
  };
}

export interface MemberEditInput {
  changes: { first_name?: string; last_name?: string; email?: string };
  birthdayMonth?: number;
  reason: string;
}

/** Name and email in one call; a birth month correction is a request for approval of its own (each audited with the reason). */
export function useEditMember(id: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: async ({ changes, birthdayMonth, reason }: MemberEditInput) => {
      let detail: ConsoleMemberDetail | undefined;
      let approvalId: number | undefined;
      if (Object.keys(changes).length > 0)
        detail = await call(consoleMemberRecords.edit, {
          params: { id },
          body: { ...changes, reason } satisfies ConsoleBodyOf<typeof consoleMemberRecords.edit>,
        });
      if (birthdayMonth !== undefined)
        ({ approval_id: approvalId } = await call(consoleMemberRecords.correctBirthMonth, {
          params: { id },
          body: { birthday_month: birthdayMonth, reason } satisfies ConsoleBodyOf<
            typeof consoleMemberRecords.correctBirthMonth
          >,
        }));
      return { detail, approvalId };
    },
    onSettled: (edited) => refresh(edited?.detail),
  });
}

/** The new number as the form holds it (the contract's body reads it, input of any shape). */
export interface NewNumberInput {
  mobile_phone_prefix: string;
  mobile_phone: string;
}

export function useSendNumberCode(id: number) {
  return useMutation({
    mutationFn: (body: ConsoleBodyOf<typeof consoleMemberRecords.sendNumberCode>) =>
      call(consoleMemberRecords.sendNumberCode, { params: { id }, body }),
  });
}

export function useChangeNumber(id: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (body: ConsoleBodyOf<typeof consoleMemberRecords.changeNumber>) =>
      call(consoleMemberRecords.changeNumber, { params: { id }, body }),
    onSuccess: (detail) => refresh(detail),
  });
}

export function useAddCaseNote(id: number) {
  const refresh = useRefresh(id);
  return useMutation({
    mutationFn: (note: string) =>
      call(consoleMemberRecords.addCaseNote, {
        params: { id },
        body: { note } satisfies ConsoleBodyOf<typeof consoleMemberRecords.addCaseNote>,
      }),
    onSuccess: () => refresh(),
  });
}
