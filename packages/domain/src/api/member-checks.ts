import { z } from "zod";
import { MemberCheckCode } from "../codes.ts";
import { emailSchema } from "../payloads.ts";
import { phoneFields, withPhoneCheck } from "../phone.ts";
import { smsCodeSchema } from "../sms-code.ts";
import { memberCheckAnswer } from "./envelope.ts";
import { custom } from "./routes.ts";

const tags = ["member checks"];

/** What the API reference says of each call that counts against the lookup budgets (the server's lookup-budget.ts). */
export const LOOKUP_BUDGET_NOTE =
  "A membership lookup: counts against the client address's budgets per minute and per day (LOOKUP_CLIENT_MINUTE_LIMIT, LOOKUP_CLIENT_DAILY_LIMIT; CheckPhone, CheckEmail, VerifyMemberId, hcoin-check-is-duplicate-reg and hcoin-check-linked together): 429 / 4299 with `retry_after_seconds` once one is spent.";

const { mayNotRegister, notRegistered, appMemberIncomplete, registered, emailTaken, emailFree } =
  MemberCheckCode;

export const checkPhone = {
  ...custom("/api/Member/CheckPhone", "guest"),
  tags,
  summary: "What the number is to the programme",
  description: `40002 the number may not register (blocked); 40003 not registered; 40005 an app member who has not finished web registration (no complete profile or no password) — with a register code verified in the last 30 minutes, \`payload.access_token\` is a session for that member (the code is not used up); 40006 registered. ${LOOKUP_BUDGET_NOTE}`,
  body: withPhoneCheck(z.object({ ...phoneFields, sms_token: smsCodeSchema.optional() })),
  answer: memberCheckAnswer(
    [mayNotRegister, notRegistered, appMemberIncomplete, registered],
    z.object({
      access_token: z
        .string()
        .optional()
        .meta({ description: "40005 with a register code verified in the last 30 minutes" }),
    }),
  ),
};

export const checkEmail = {
  ...custom("/api/Member/CheckEmail", "guest"),
  tags,
  summary: "Whether an email address is free (200) or taken (40010)",
  description: LOOKUP_BUDGET_NOTE,
  body: z.object({ email: emailSchema }),
  answer: memberCheckAnswer([emailFree, emailTaken], z.object({})),
};

/** A member number; a numeric one may arrive as a JSON number, like every code of the contract. */
const memberNumber = z.preprocess(
  (value) => (typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? String(value) : value),
  z
    .string({ error: (issue) => (issue.input == null ? "required" : "invalid") })
    .trim()
    .min(1, "required")
    .max(32, "tooLong"),
);

export const verifyMemberId = {
  ...custom("/api/Member/VerifyMemberId", "guest"),
  tags,
  summary: "Whether a member number exists (for the companion app)",
  description: LOOKUP_BUDGET_NOTE,
  body: z.object({ data: memberNumber }),
  answer: memberCheckAnswer([200], z.object({ exists: z.boolean() })),
};
