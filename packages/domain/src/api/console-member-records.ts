import { z } from "zod";
import { requiredChoice, requiredText } from "../form-fields.ts";
import { FIRST_LAST_NAME_MAX_LENGTH, profileEmailSchema } from "../payloads.ts";
import { phoneFields, withPhoneCheck } from "../phone.ts";
import { BIRTH_MONTHS } from "../profile-options.ts";
import { smsCodeSchema } from "../sms-code.ts";
import { type ConsoleOperation, memberDetailSchema } from "./console.ts";
import { okAnswer } from "./envelope.ts";

/*
 * Customer service's records of a member: the SMS limits in force on their number, edits of the
 * member record with a reason (name, email, birth month correction, mobile number change), case
 * notes and the member's action history. Each state-changing call sends the X-CSRF-Token header
 * and writes one audit entry with what it changed and why.
 */

const reason = z
  .string({ error: (issue) => (issue.input === undefined ? "required" : "invalid") })
  .trim()
  .min(1, "required")
  .max(500, "tooLong");
const memberParams = z.object({ id: z.coerce.number().int().min(1) });
const NOTE = "Needs the X-CSRF-Token header (4031); writes one audit entry with the reason.";
export const CASE_NOTE_MAX_LENGTH = 2000;

export const SMS_LIMITS = [
  "resend",
  "number",
  "redeem",
  "numberAddress",
  "device",
  "address",
  "network",
  "budget",
] as const;
export type SmsLimitName = (typeof SMS_LIMITS)[number];

/** One limit a code for the member's number is counted against, with its use this hour. */
export const smsLimitSchema = z.object({
  limit: z.enum(SMS_LIMITS),
  /** The resend wait's purpose; null for the others. */
  purpose: z.enum(["register", "reset", "redeem"]).nullable(),
  /** The address, network block or device (a short label) the count is kept for; null for the number's own. */
  source: z.string().nullable(),
  used: z.number().int(),
  allowed: z.number().int(),
  /** When the count starts afresh; null when nothing is counted. */
  resets_at: z.string().nullable(),
  /** Whether this limit refuses a code now. */
  blocking: z.boolean(),
  /** Whether "Reset SMS allowance" clears it (an address's, a network's and the budget are shared with every number). */
  cleared_by_reset: z.boolean(),
});
export type SmsLimit = z.output<typeof smsLimitSchema>;

export const memberEditSchema = z
  .object(
    {
      first_name: requiredText("firstNameNull", FIRST_LAST_NAME_MAX_LENGTH).optional(),
      last_name: requiredText("lastNameNull", FIRST_LAST_NAME_MAX_LENGTH).optional(),
      email: profileEmailSchema.optional(),
      reason,
    },
    { error: "invalid" },
  )
  .refine(
    (body) => body.first_name !== undefined || body.last_name !== undefined || body.email !== undefined,
    {
      message: "nothingToChange",
      path: ["first_name"],
    },
  );
export type MemberEdit = z.output<typeof memberEditSchema>;

export const birthMonthCorrectionSchema = z.object({
  birthday_month: requiredChoice(BIRTH_MONTHS, "birthNull", "birthInvalid"),
  reason,
});

export const newNumberSchema = withPhoneCheck(z.object({ ...phoneFields }, { error: "invalid" }));
export const numberChangeSchema = withPhoneCheck(
  z.object({ ...phoneFields, code: smsCodeSchema, reason }, { error: "invalid" }),
);

export const phoneHistorySchema = z.object({
  mobile_phone_prefix: z.string(),
  mobile_phone: z.string(),
  replaced_at: z.string(),
  replaced_by: z.string(),
  reason: z.string(),
});

export const caseNoteSchema = z.object({
  id: z.number().int(),
  note: z.string(),
  author: z.string(),
  created_at: z.string(),
});
export type CaseNote = z.output<typeof caseNoteSchema>;

export const historyEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  /** The reason the operator gave, when the entry holds one. */
  reason: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type HistoryEntry = z.output<typeof historyEntrySchema>;

/** Lists of case notes and history entries come in pages of this many, newest first. */
export const RECORDS_PAGE_SIZE = 20;
const page = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

export const consoleMemberRecords = {
  smsLimits: {
    method: "GET",
    path: "/members/:id/sms-limits",
    access: { permission: "members.read" },
    summary: "The SMS limits in force on the member's number: each one's use, allowance and reset time",
    params: memberParams,
    answer: okAnswer(z.object({ limits: z.array(smsLimitSchema) })),
  },
  edit: {
    method: "POST",
    path: "/members/:id/edit",
    access: { permission: "members.act" },
    summary: "Change the member's first or last name or email, with a reason",
    description: `${NOTE} Only the fields sent change; the email rules are the profile's (40010 when another member holds it). Answers the member's page.`,
    params: memberParams,
    body: memberEditSchema,
    answer: okAnswer(memberDetailSchema),
  },
  correctBirthMonth: {
    method: "POST",
    path: "/members/:id/birth-month",
    access: { permission: "members.act" },
    summary:
      "Ask for a correction of the member's birth month (the scheme's birthday bonus follows it), with a reason",
    description: `${NOTE} The correction waits for a second operator (coins.approve) on the Approvals screen: answers the request's \`approval_id\`; 4000 \`nothingToChange\` when the month is already this one. On approval the month changes here and at the coin scheme (a scheme that cannot record it fails the approval with 5030 and changes nothing).`,
    params: memberParams,
    body: birthMonthCorrectionSchema,
    answer: okAnswer(z.object({ approval_id: z.number().int() })),
  },
  sendNumberCode: {
    method: "POST",
    path: "/members/:id/mobile-number/code",
    access: { permission: "members.act" },
    summary: "Send an SMS code to the member's new mobile number (the first step of a number change)",
    description:
      "Needs the X-CSRF-Token header (4031). The number's rules are registration's; 4267 another member holds it, 4268 it is blocked; the SMS limits apply (4203, 4204, 4208).",
    params: memberParams,
    body: newNumberSchema,
    answer: okAnswer(
      z.object({ resend_after_seconds: z.number().int(), expires_in_seconds: z.number().int() }),
    ),
  },
  changeNumber: {
    method: "POST",
    path: "/members/:id/mobile-number",
    access: { permission: "members.act" },
    summary: "Change the member's mobile number with the code the member read out, with a reason",
    description: `${NOTE} 4201 a wrong or expired code; 4267, 4268 as for the code; 4269 the member's H Coins account cannot follow (nothing changes). The old number goes to the history and every session of the member ends. Answers the member's page.`,
    params: memberParams,
    body: numberChangeSchema,
    answer: okAnswer(memberDetailSchema),
  },
  phoneHistory: {
    method: "GET",
    path: "/members/:id/phone-history",
    access: { permission: "members.read" },
    summary: "The member's earlier mobile numbers, newest first",
    params: memberParams,
    answer: okAnswer(z.object({ numbers: z.array(phoneHistorySchema) })),
  },
  caseNotes: {
    method: "GET",
    path: "/members/:id/case-notes",
    access: { permission: "members.read" },
    summary: "Operators' notes on the member, newest first",
    params: memberParams,
    query: page,
    answer: okAnswer(z.object({ notes: z.array(caseNoteSchema), total: z.number().int() })),
  },
  addCaseNote: {
    method: "POST",
    path: "/members/:id/case-notes",
    access: { permission: "members.act" },
    summary: "Add a note to the member (operators only; the member never sees it)",
    description: "Needs the X-CSRF-Token header (4031); writes one audit entry.",
    params: memberParams,
    body: z.object({ note: z.string().trim().min(1, "required").max(CASE_NOTE_MAX_LENGTH, "tooLong") }),
    answer: okAnswer(caseNoteSchema),
  },
  history: {
    method: "GET",
    path: "/members/:id/history",
    access: { permission: "members.read" },
    summary: "What operators did to the member (the audit entries naming them), newest first",
    params: memberParams,
    query: page,
    answer: okAnswer(z.object({ entries: z.array(historyEntrySchema), total: z.number().int() })),
  },
} as const satisfies Record<string, ConsoleOperation>;
