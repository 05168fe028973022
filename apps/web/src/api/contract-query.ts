import type { AnswerOf, RouteName } from "@hcoins/domain/api/contract";
import { queryOptions } from "@tanstack/react-query";
import { currentLanguage } from "../lib/i18n.ts";
import { session } from "../lib/session.ts";
import { type CallInput, call } from "./client.ts";

/** What a call answers inside its envelope at HTTP 200. */
export type PayloadOf<Name extends RouteName> =
  AnswerOf<Name> extends { payload: infer Payload } ? Payload : never;

/**
 * A plain read of the contract as query options: `useQuery(contractQuery("store", { params: { id } }))`.
 * Its key carries everything its answer depends on: the call, its input, the language the server
 * answers in, and the member's token (a member who logs in after another in the same tab never
 * sees the other's answer). A read whose input the app shapes (paging, filters, wire names), whose
 * answer it reshapes, or whose keys a mutation refreshes together keeps a named function in its
 * area's file (api/member-coins.ts, api/stores.ts).
 */
export const contractQuery = <Name extends RouteName>(name: Name, input?: CallInput<Name>) =>
  queryOptions({
    queryKey: ["contract", name, input ?? {}, currentLanguage(), session.getToken() ?? "guest"] as const,
    queryFn: async (): Promise<PayloadOf<Name>> =>
      ((await call(name, input)) as { payload: PayloadOf<Name> }).payload,
  });
