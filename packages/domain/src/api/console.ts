import { z } from "zod";
import { smsCodeSchema } from "../sms-code.ts";
import { emptyPayload, okAnswer } from "./envelope.ts";
import { presentPassword } from "./profile.ts";

/*
 * The operators' console API, under /console/api on the member server; the console bundle
 * (apps/console) is its client. Same envelope as the members' API: `{code: 200, payload}`, and
 * failures `{code, error_code, error_message, payload}`. A session is an httpOnly, Secure,
 * SameSite=Strict cookie; every state-changing call also sends the session's CSRF token in the
 * `X-CSRF-Token` header (4031 without it). Times are ISO 8601 text.
 */

export const CONSOLE_API = "/console/api";

/** What each role may do; the server checks every call against it (4030 otherwise). */
export const OPERATOR_ROLES = [
  "customerService",
  "contentEditor",
  "programmeManager",
  "administrator",
  "auditor",
] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const PERMISSIONS = [
  "members.read",
  "members.act",
  "coins.adjust",
  "vouchers.cancel",
  "members.dataProtection",
  "content.edit",
  "programme.edit",
  "operators.manage",
  "audit.read",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * The role → permissions matrix, the one place both the server (which enforces it) and the
 * console (which shows only what a role may use) read. The auditor reads everything and changes
 * nothing: its only permissions are reads.
 */
export const ROLE_PERMISSIONS: Record<OperatorRole, readonly Permission[]> = {
  customerService: ["members.read", "members.act", "coins.adjust", "vouchers.cancel"],
  contentEditor: ["content.edit"],
  programmeManager: ["members.read", "coins.adjust", "vouchers.cancel", "programme.edit"],
  administrator: PERMISSIONS,
  auditor: ["members.read", "audit.read"],
};

/** Console error codes beside the shared ones (4000, 4010, 4030, 4040, 4290, 5030). */
export const ConsoleErrorCode = {
  /** The sign-in link is unknown, used or expired. */
  invitationInvalid: 4240,
  /** Email, password or authenticator code wrong (one answer for all three), with attempts_remaining. */
  signInFailed: 4241,
  /** A state-changing call without the session's CSRF token. */
  csrfInvalid: 4031,
  /** The operator is disabled. */
  operatorDisabled: 4242,
  /** An administrator tried to disable their own account. */
  operatorSelfDisable: 4250,
  /** The last active administrator (who can sign in) cannot be disabled. */
  lastAdministrator: 4251,
} as const;

export const operatorSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(OPERATOR_ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type ConsoleOperator = z.output<typeof operatorSchema>;

const sessionAnswer = okAnswer(z.object({ operator: operatorSchema, csrf_token: z.string() }));
const totpCode = smsCodeSchema.meta({ description: "The authenticator app's 6-digit code" });
const email = z.string().trim().toLowerCase().email("emailFormat").max(254, "tooLong");

export const consoleSession = {
  /** The current session (401 without one): who is signed in, and the CSRF token to send. */
  current: { method: "GET", path: "/session", answer: sessionAnswer },
  /** Opening a one-time sign-in link: the account it sets up and the TOTP secret to enrol (otpauth URI). */
  invitation: {
    method: "POST",
    path: "/session/invitation",
    body: z.object({ token: z.string().min(1, "required").max(200, "tooLong") }),
    answer: okAnswer(z.object({ email: z.string(), role: z.enum(OPERATOR_ROLES), otpauth_uri: z.string() })),
  },
  /** The first sign-in: sets the password (members' rules) and proves the authenticator with a code. */
  activate: {
    method: "POST",
    path: "/session/activate",
    body: z.object({
      token: z.string().min(1, "required").max(200, "tooLong"),
      password: z.string().min(1, "passwordNull").max(128, "tooLong"),
      totp_code: totpCode,
    }),
    answer: sessionAnswer,
  },
  signIn: {
    method: "POST",
    path: "/session/sign-in",
    body: z.object({ email, password: presentPassword, totp_code: totpCode }),
    answer: sessionAnswer,
  },
  signOut: { method: "POST", path: "/session/sign-out", answer: okAnswer(emptyPayload) },
} as const;

// ---- customer service -------------------------------------------------------------

export const memberStatus = z.enum(["registered", "appMemberToComplete", "disabled"]);

export const memberSummarySchema = z.object({
  id: z.number().int(),
  member_no: z.string().nullable(),
  mobile_phone_prefix: z.string(),
  mobile_phone: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  hcoins_memberno: z.string().nullable(),
  status: memberStatus,
});
export type ConsoleMemberSummary = z.output<typeof memberSummarySchema>;

export const memberDetailSchema = z.object({
  member: memberSummarySchema.extend({
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    birthday_month: z.number().int().nullable(),
    region: z.string().nullable(),
    district: z.string().nullable(),
    created_at: z.string(),
    has_password: z.boolean(),
  }),
  login: z.object({
    locked: z.boolean(),
    /** Failures counted against the number now (all addresses). */
    failures: z.number().int(),
    retry_after_seconds: z.number().int().nullable(),
  }),
  /** Whether the number is blocked from registering, and why. */
  blocked: z.object({ blocked: z.boolean(), reason: z.string().nullable() }),
  /** SMS sent to the number lately, newest first; never the code. */
  sms: z.array(z.object({ sent_at: z.string(), purpose: z.string(), delivered: z.boolean() })),
  sessions: z.array(
    z.object({ created_at: z.string(), expires_at: z.string(), revoked_at: z.string().nullable() }),
  ),
  consents: z.array(
    z.object({ channel: z.string(), opted_in: z.boolean(), source: z.string(), created_at: z.string() }),
  ),
  /** The H Coins account, when the scheme has one linked to the member; null when none or unreachable. */
  coins: z
    .object({
      hcoins_memberno: z.string(),
      balance: z.number().int(),
      ledger: z.array(
        z.object({
          id: z.number().int(),
          kind: z.string(),
          coins: z.number().int(),
          reason: z.string(),
          actor: z.string(),
          created_at: z.string(),
        }),
      ),
      vouchers: z.array(
        z.object({ code: z.string(), title_en: z.string(), status: z.string(), valid_until: z.string() }),
      ),
    })
    .nullable(),
});
export type ConsoleMemberDetail = z.output<typeof memberDetailSchema>;

const reason = z.string().trim().min(1, "required").max(500, "tooLong");
const memberParams = z.object({ id: z.coerce.number().int().min(1) });

export const consoleMembers = {
  /** One box: a mobile number (with or without +852), a member number, an email or an H Coins number. */
  search: {
    method: "GET",
    path: "/members",
    query: z.object({ q: z.string().trim().min(1, "required").max(254, "tooLong") }),
    answer: okAnswer(z.object({ members: z.array(memberSummarySchema) })),
  },
  detail: { method: "GET", path: "/members/:id", params: memberParams, answer: okAnswer(memberDetailSchema) },
  /** Each action answers the member's page as it is after it; each writes one audit entry. */
  unlock: {
    method: "POST",
    path: "/members/:id/unlock",
    params: memberParams,
    body: z.object({ reason: reason.optional() }),
    answer: okAnswer(memberDetailSchema),
  },
  resetSmsAllowance: {
    method: "POST",
    path: "/members/:id/reset-sms-allowance",
    params: memberParams,
    body: z.object({ reason: reason.optional() }),
    answer: okAnswer(memberDetailSchema),
  },
  disable: {
    method: "POST",
    path: "/members/:id/disable",
    params: memberParams,
    body: z.object({ reason }),
    answer: okAnswer(memberDetailSchema),
  },
  enable: {
    method: "POST",
    path: "/members/:id/enable",
    params: memberParams,
    body: z.object({ reason }),
    answer: okAnswer(memberDetailSchema),
  },
  revokeSessions: {
    method: "POST",
    path: "/members/:id/revoke-sessions",
    params: memberParams,
    body: z.object({ reason: reason.optional() }),
    answer: okAnswer(memberDetailSchema),
  },
  adjustCoins: {
    method: "POST",
    path: "/members/:id/adjust-coins",
    params: memberParams,
    body: z.object({
      coins: z
        .number()
        .int()
        .refine((value) => value !== 0, "coinsInvalid"),
      reason,
    }),
    answer: okAnswer(memberDetailSchema),
  },
} as const;

// ---- audit log -----------------------------------------------------------------------

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** `operator:<email>`, `member:<id>` or `system`. */
  actor: z.string(),
  /** e.g. `member.unlock`, `operator.signIn`, `member.locked`, `coins.adjust`. */
  action: z.string(),
  /** e.g. `member:42`, `operator:3`, `voucher:7K2M-…`; null when none. */
  target: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  address: z.string().nullable(),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;

const auditQuery = z.object({
  actor: z.string().max(254).optional(),
  action: z.string().max(64).optional(),
  target: z.string().max(128).optional(),
  from: z.string().datetime({ offset: true }).optional(),
  to: z.string().datetime({ offset: true }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  page_size: z.coerce.number().int().min(1).max(200).optional().default(50),
});

export const consoleAudit = {
  search: {
    method: "GET",
    path: "/audit",
    query: auditQuery,
    answer: okAnswer(z.object({ entries: z.array(auditEntrySchema), total: z.number().int() })),
  },
  /** The same filters, every matching entry as CSV (text/csv; no envelope). */
  exportCsv: { method: "GET", path: "/audit.csv", query: auditQuery.omit({ page: true, page_size: true }) },
} as const;

// ---- operators (administrators) ------------------------------------------------------------

export const consoleOperators = {
  list: {
    method: "GET",
    path: "/operators",
    answer: okAnswer(
      z.object({
        operators: z.array(
          operatorSchema.extend({
            active: z.boolean(),
            activated: z.boolean(),
            last_sign_in_at: z.string().nullable(),
          }),
        ),
      }),
    ),
  },
  /** Creates an operator and answers their one-time sign-in link (shown once). */
  add: {
    method: "POST",
    path: "/operators",
    body: z.object({ email, role: z.enum(OPERATOR_ROLES) }),
    answer: okAnswer(z.object({ operator: operatorSchema, sign_in_link: z.string() })),
  },
} as const;
