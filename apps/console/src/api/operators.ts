import { consoleOperators, type OperatorRole } from "@hcoins/domain/api/console";
import { consoleOperatorChanges } from "@hcoins/domain/api/console-operators";
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
      mutationFn: (body: { email: string; role: OperatorRole }) => call(consoleOperators.add, { body }),
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
