import type { ConsoleBodyOf } from "@hcoins/domain/api/console";
import { consoleOperators, type OperatorRole } from "@hcoins/domain/api/console";
import { consoleOperatorChanges, type OperatorDetail } from "@hcoins/domain/api/console-operators";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";

export const operatorsQuery = () =>
  queryOptions({ queryKey: ["operators"], queryFn: () => call(consoleOperators.list) });

/** Adding, re-inviting or disabling an operator; the list is asked again after each. */
export function useOperatorChange() {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: ["operators"] });
  return {
    add: useMutation({
      mutationFn: (body: ConsoleBodyOf<typeof consoleOperators.add>) => call(consoleOperators.add, { body }),
      onSuccess: done,
    }),
    reinvite: useMutation({
      mutationFn: (id: number) => call(consoleOperatorChanges.reinvite, { params: { id } }),
      onSuccess: done,
    }),
    disable: useMutation({
      mutationFn: (id: number) => call(consoleOperatorChanges.disable, { params: { id } }),
      onSuccess: done,
    }),
  };
}

export const operatorQuery = (id: number) =>
  queryOptions({
    queryKey: ["operators", id],
    queryFn: () => call(consoleOperatorChanges.detail, { params: { id } }),
  });

/** An administrator's actions on one operator; each answers the operator's page, and the list is asked again. */
export function useOperatorLifecycle() {
  const client = useQueryClient();
  const done = (answer: OperatorDetail) => {
    client.setQueryData(["operators", answer.operator.id], answer);
    return client.invalidateQueries({ queryKey: ["operators"], exact: true });
  };
  return {
    enable: useMutation({
      mutationFn: ({ id, role }: { id: number; role?: OperatorRole }) =>
        call(consoleOperatorChanges.enable, {
          params: { id },
          body: (role ? { role } : {}) satisfies ConsoleBodyOf<typeof consoleOperatorChanges.enable>,
        }),
      onSuccess: done,
    }),
    changeRole: useMutation({
      mutationFn: ({ id, role }: { id: number; role: OperatorRole }) =>
        call(consoleOperatorChanges.changeRole, {
          params: { id },
          body: { role } satisfies ConsoleBodyOf<typeof consoleOperatorChanges.changeRole>,
        }),
      onSuccess: done,
    }),
    unlock: useMutation({
      mutationFn: (id: number) => call(consoleOperatorChanges.unlock, { params: { id } }),
      onSuccess: done,
    }),
    resetAuthenticator: useMutation({
      mutationFn: (id: number) => call(consoleOperatorChanges.resetAuthenticator, { params: { id } }),
      onSuccess: done,
    }),
    endSession: useMutation({
      mutationFn: ({ id, session }: { id: number; session: string }) =>
        call(consoleOperatorChanges.endSession, { params: { id, session } }),
      onSuccess: done,
    }),
    endSessions: useMutation({
      mutationFn: (id: number) => call(consoleOperatorChanges.endSessions, { params: { id } }),
      onSuccess: done,
    }),
  };
}
