import type { ConsoleBodyOf } from "@hcoins/domain/api/console";
import { type ConsoleOperator, consoleSession } from "@hcoins/domain/api/console";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { holds, type PermissionNeed } from "../lib/permissions.ts";
import { ApiError, call, setCsrfToken } from "./client.ts";

/** The signed-in operator, null when nobody is (the server answered 401). */
export const sessionQuery = queryOptions({
  queryKey: ["session"],
  queryFn: async (): Promise<ConsoleOperator | null> => {
    try {
      const { operator, csrf_token } = await call(consoleSession.current);
      setCsrfToken(csrf_token);
      return operator;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: Number.POSITIVE_INFINITY,
});

type SessionAnswer = { operator: ConsoleOperator; csrf_token: string };

/** After a session answer: the token for the next POSTs, the operator for every screen. */
function useSignedIn() {
  const client = useQueryClient();
  return ({ operator, csrf_token }: SessionAnswer) => {
    setCsrfToken(csrf_token);
    client.setQueryData(sessionQuery.queryKey, operator);
  };
}

export type SignInInput = ConsoleBodyOf<typeof consoleSession.signIn>;

export function useSignIn() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: SignInInput) => call(consoleSession.signIn, { body }),
    onSuccess: signedIn,
  });
}

/** What a one-time link sets up: asked once per link (it is a POST, so the token stays out of addresses). */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ["invitation", token],
    queryFn: () =>
      call(consoleSession.invitation, {
        body: { token } satisfies ConsoleBodyOf<typeof consoleSession.invitation>,
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export type ActivateInput = ConsoleBodyOf<typeof consoleSession.activate>;

export function useActivate() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: ActivateInput) => call(consoleSession.activate, { body }),
    onSuccess: signedIn,
  });
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(consoleSession.signOut),
    onSettled: () => {
      setCsrfToken(null);
      client.clear();
      client.setQueryData(sessionQuery.queryKey, null);
    },
  });
}

/** Whether the signed-in operator's role holds the need (false while the session loads). */
export function useHolds(need: PermissionNeed): boolean {
  const { data: operator } = useQuery(sessionQuery);
  return operator ? holds(operator.permissions, need) : false;
}
