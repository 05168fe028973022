import { z } from "zod";
import { subscriptionPreferencesSchema, UNSUBSCRIBE_TOKEN_MAX_LENGTH } from "../payloads.ts";
import { okAnswer } from "./envelope.ts";
import { crm } from "./routes.ts";

const tags = ["subscriptions"];

/**
 * Marketing preferences: 1 = opted out of the channel; reasons (ids 1-6) only while all three are,
 * and the member's words for "Other" (id 6) only beside that reason ("" when none).
 */
export const preferencesSchema = z.object({
  email_subscription: z.number().int(),
  sms_subscription: z.number().int(),
  do_not_call: z.number().int(),
  unsubscribe_reasons: z.array(z.number().int()),
  unsubscribe_reason_other: z.string(),
});
export type Preferences = z.output<typeof preferencesSchema>;

export const subscriptionPreferences = {
  ...crm("GET", "/user/subscription-preferences", "memberOrLinkToken"),
  tags,
  summary: "Current marketing preferences (1 = opted out)",
  description:
    "With a member token, or as guest with `token` from an unsubscribe link (`npm run admin -- unsubscribe-link`).",
  query: z.object({ token: z.string().max(UNSUBSCRIBE_TOKEN_MAX_LENGTH, "tooLong").optional() }),
  answer: okAnswer(preferencesSchema),
};

export const saveSubscriptionPreferences = {
  ...crm("POST", "/user/subscription-preferences", "memberOrLinkToken"),
  tags,
  summary: "Change marketing preferences",
  description:
    "Fields not sent keep their value. `unsubscribe_reasons` (ids 1-6) are kept only while every channel is opted out.",
  body: subscriptionPreferencesSchema,
  answer: okAnswer(preferencesSchema),
};
