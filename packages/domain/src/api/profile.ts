import { z } from "zod";
import { passwordFormatSchema, withPasswordChanged } from "../password.ts";
import { profileSavePayloadSchema } from "../payloads.ts";
import { emptyPayload, okAnswer } from "./envelope.ts";
import { crm } from "./routes.ts";

const tags = ["profile"];

const text = z.string().nullable();

/**
 * User info (api-contract.md): product-spec.md section 3 plus `has_password` and
 * `profile_completed`. Title, gender and birth month travel as numbers, region and
 * district codes as strings; the opt-out flags are 1 for opted out.
 */
export const userInfoSchema = z.object({
  id: z.number().int(),
  member_no: text,
  title: z.number().int().nullable(),
  name: text,
  first_name: text,
  last_name: text,
  email: text,
  mobile_phone: z.string(),
  mobile_phone_prefix: z.string(),
  gender: z.number().int().nullable(),
  birthday_month: z.number().int().nullable(),
  custom_fields: z.object({
    age_range: text,
    residential_country_region: text,
    residential_district: text,
  }),
  referral_code: text,
  sms_subscription: z.number().int(),
  email_subscription: z.number().int(),
  do_not_call: z.number().int(),
  register_store_code: text,
  external_customer_id: text.meta({ description: "The linked H Coins member number" }),
  has_password: z.boolean(),
  profile_completed: z.boolean(),
});
export type UserInfo = z.output<typeof userInfoSchema>;

/** A password as typed at login or as the old one: present, not held to today's format rule. */
export const presentPassword = z
  .string({ error: (issue) => (issue.input == null ? "passwordNull" : "invalid") })
  .min(1, "passwordNull")
  .max(128, "tooLong");

export const profile = {
  ...crm("GET", "/user/profile", "member"),
  tags,
  summary: "The caller's user info (custom fields always included)",
  query: z.object({ include_custom_field: z.string().optional() }),
  answer: okAnswer(userInfoSchema),
};

export const saveProfile = {
  ...crm("POST", "/user/profile", "member"),
  tags,
  summary: "Save the caller's profile",
  description:
    "Only the fields sent change. A birth month once set cannot change (4000, rule birthLocked); the district must belong to the region; 40010 when the email belongs to another member.",
  body: profileSavePayloadSchema,
  answer: okAnswer(userInfoSchema),
};

export const changePassword = {
  ...crm("POST", "/user/change-password", "member"),
  tags,
  summary: "Change the password (revokes the member's other sessions)",
  description:
    "4205 with `attempts_remaining` for a wrong old password; the CHANGE_PASSWORD_MAX_FAILURES-th locks the member's change for LOGIN_LOCK_SECONDS (4290, `retry_after_seconds`) until then or a password reset. 4000 with rule `passwordUnchanged` on new_password when it repeats the old one.",
  body: withPasswordChanged(z.object({ old_password: presentPassword, new_password: passwordFormatSchema })),
  answer: okAnswer(emptyPayload),
};

export const setPassword = {
  ...crm("POST", "/user/set-password", "member"),
  tags,
  summary: "Set the first password of an imported app member (4206 when one exists)",
  body: z.object({ new_password: passwordFormatSchema }),
  answer: okAnswer(emptyPayload),
};
