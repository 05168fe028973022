import { useQuery } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { codeOf, request } from "./api-client.ts";
import { queryClient } from "./query-client.ts";
import { session } from "./session.ts";

/** User info as GET /crm/user/profile answers it (api-contract.md). */
export interface UserInfo {
  id: number;
  member_no: string | null;
  title: number | null;
  name: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  mobile_phone: string;
  mobile_phone_prefix: string;
  gender: number | null;
  birthday_month: number | null;
  custom_fields: {
    age_range: string | null;
    residential_country_region: string | null;
    residential_district: string | null;
  };
  referral_code: string | null;
  sms_subscription: number;
  email_subscription: number;
  do_not_call: number;
  register_store_code: string | null;
  external_customer_id: string | null;
  has_password: boolean;
  profile_completed: boolean;
}

export const USER_KEY = ["user"] as const;

async function fetchUser(): Promise<UserInfo | null> {
  if (!session.getToken()) return null;
  const result = await request<UserInfo>("GET", "crm", "/user/profile", {
    query: { include_custom_field: 1 },
  });
  return codeOf(result) === 200 ? result.payload : null;
}

/** Fetches user info into the cache (after login, registration, a profile save). */
export const loadUser = () =>
  queryClient.fetchQuery({ queryKey: USER_KEY, queryFn: fetchUser, staleTime: 0 });

export const cachedUser = () => queryClient.getQueryData<UserInfo | null>(USER_KEY) ?? null;

export function clearUser() {
  queryClient.removeQueries({ queryKey: USER_KEY });
}

export function useUser() {
  const token = useToken();
  return useQuery({ queryKey: USER_KEY, queryFn: fetchUser, enabled: token !== null });
}

export function useToken(): string | null {
  return useSyncExternalStore(session.subscribe, session.getToken, () => null);
}
