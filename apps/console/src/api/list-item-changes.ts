import type { ConsoleBodyOf, ConsoleOperation } from "@hcoins/domain/api/console";
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ConsoleCall, call, type PayloadOf } from "./client.ts";

type Entry = ConsoleOperation & ConsoleCall;

/**
 * Adding (id null), updating and removing one item of a list the console edits (banners, pages,
 * brands); the list is asked again after each. The form's one body is checked against both the
 * add's and the update's contract entries.
 */
export function useListItemChanges<Add extends Entry, Update extends Entry>(
  listKey: QueryKey,
  { add, update, remove }: { add: Add; update: Update; remove: Entry },
) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: listKey });
  return {
    save: useMutation({
      mutationFn: ({
        id,
        body,
      }: {
        id: number | null;
        body: ConsoleBodyOf<Add> & ConsoleBodyOf<Update> & object;
      }): Promise<PayloadOf<Add> | PayloadOf<Update>> =>
        id === null ? call(add, { body }) : call(update, { params: { id }, body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call(remove, { params: { id } }),
      onSuccess: refresh,
    }),
  };
}
