import type { UserInfo } from "@hcoins/domain/api/profile";
import type { Reply } from "@hcoins/web-kit/testing/mock-api";
import type { RouteObject } from "react-router";
import { userQuery } from "../../api/profile.ts";
import { session } from "../../lib/session.ts";
import { renderApp } from "../../lib/test-app.tsx";

export { fail as failure, mockApi, ok, type Reply } from "@hcoins/web-kit/testing/mock-api";

/**
 * Test scaffolding of the profile feature (the shared parts are in lib/test-app.tsx):
 * a signed-in member, the screen rendered with that member in the app's query client
 * (other paths render a marker with their path and query), and Member/* answers.
 */
export const member = (overrides: Partial<UserInfo> = {}): UserInfo => ({
  id: 42,
  member_no: "M000000042",
  title: 3,
  name: null,
  first_name: "Mei",
  last_name: "Chan",
  email: "mei@example.com",
  mobile_phone: "91234567",
  mobile_phone_prefix: "852",
  gender: null,
  birthday_month: null,
  custom_fields: { age_range: "26 - 35", residential_country_region: "3005", residential_district: "5046" },
  referral_code: null,
  sms_subscription: 1,
  email_subscription: 0,
  do_not_call: 1,
  register_store_code: null,
  external_customer_id: null,
  has_password: false,
  profile_completed: false,
  ...overrides,
});

export function renderScreen(routes: RouteObject[], initialEntry: string, user: UserInfo | null) {
  return renderApp(routes, initialEntry, {
    strict: false,
    probeTestId: "landed",
    seed: (client) => {
      if (!user) return;
      session.setToken("member-token");
      client.setQueryData(userQuery.queryKey, user);
    },
  });
}

/** Member/* answers: HTTP 200 with a domain code. */
export const memberCode = (code: number, payload: unknown = {}, message = ""): Reply => ({
  body: { code, message, payload },
});
