import { z } from "zod";
import { ADJUSTMENT_REASONS } from "../adjustment-reasons.ts";
import { smsCodeSchema } from "../sms-code.ts";
import { emptyPayload, okAnswer } from "./envelope.ts";
import { pageParam, pageSizeParam, sortDirection } from "./list-paging.ts";
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
  "coins.approve",
  /** Ask for a bulk adjustment (a list of members); it always waits for a second operator's approval. */
  "coins.bulkAdjust",
  "vouchers.cancel",
  "vouchers.reveal",
  "vouchers.goodwill",
  "members.dataProtection",
  "content.edit",
  "programme.edit",
  "operators.manage",
  "audit.read",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * Who may make a console call: `open` (no session: signing in), `session` (any signed-in operator),
 * or `{permission}`: one permission, or a list of which any one suffices. Every call states it; the
 * server reads it on each route (console-api/console-route.ts) and refuses a route without one.
 * Every call but `open` needs the session cookie (4010), and every one but a GET its CSRF token in
 * X-CSRF-Token (4031), before its permission (4030) and before its input is read.
 */
export type ConsoleAccess = "open" | "session" | { readonly permission: Permission | readonly Permission[] };

/** A console call: its route, who may make it, its OpenAPI prose, and its schemas. */
export interface ConsoleOperation {
  readonly method: "GET" | "POST";
  /** Under CONSOLE_API. */
  readonly path: string;
  readonly access: ConsoleAccess;
  readonly summary: string;
  readonly description?: string;
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly params?: z.ZodType;
  /** The HTTP 200 answer: the envelope, or a file's bytes for a download. */
  readonly answer?: z.ZodType;
}

/**
 * The body a console call takes, as the console sends it (its schema's input): the console's api
 * layer types each request by its contract entry with this, as the web app does with contract.ts's BodyOf.
 */
export type ConsoleBodyOf<Op extends ConsoleOperation> = Op extends { readonly body: z.ZodType }
  ? z.input<Op["body"]>
  : never;

/**
 * The role → permissions matrix, the one place both the server (which enforces it) and the
 * console (which shows only what a role may use) read. The auditor reads everything and changes
 * nothing: its only permissions are reads.
 */
export const ROLE_PERMISSIONS: Record<OperatorRole, readonly Permission[]> = {
  customerService: [
    "members.read",
    "members.act",
    "coins.adjust",
    "vouchers.cancel",
    "vouchers.reveal",
    "vouchers.goodwill",
  ],
  contentEditor: ["content.edit"],
  programmeManager: [
    "members.read",
    "coins.adjust",
    "coins.approve",
    "coins.bulkAdjust",
    "vouchers.cancel",
    "vouchers.goodwill",
    "programme.edit",
  ],
  administrator: PERMISSIONS,
  auditor: ["members.read", "audit.read"],
};

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
  current: {
    method: "GET",
    path: "/session",
    access: "session",
    summary: "The current console session and its CSRF token (4010 without one)",
    answer: sessionAnswer,
  },
  /** Opening a one-time sign-in link: the account it sets up and the TOTP secret to enrol (otpauth URI). */
  invitation: {
    method: "POST",
    path: "/session/invitation",
    access: "open",
    summary: "Open a one-time sign-in link: the account and the authenticator secret to enrol",
    description: "4240 when the link is unknown, used or expired. The link stays valid until activation.",
    body: z.object({ token: z.string().min(1, "required").max(200, "tooLong") }),
    answer: okAnswer(z.object({ email: z.string(), role: z.enum(OPERATOR_ROLES), otpauth_uri: z.string() })),
  },
  /** The first sign-in: sets the password (members' rules) and proves the authenticator with a code. */
  activate: {
    method: "POST",
    path: "/session/activate",
    access: "open",
    summary: "First sign-in: set the password and prove the authenticator; spends the link",
    description:
      "4240 link invalid; 4000 `passwordFormat` (members' rules) or `totpInvalid`; 4207 password too common. Sets the session cookie.",
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
    access: "open",
    summary: "Sign in with email, password and authenticator code",
    description:
      "4241 (with attempts_remaining) whichever was wrong; 4290 (retry_after_seconds) once the email from that address, the email from every address or the address is locked (OPERATOR_SIGN_IN_MAX_FAILURES, OPERATOR_SIGN_IN_EMAIL_MAX_FAILURES, OPERATOR_SIGN_IN_CLIENT_MAX_FAILURES); 4242 a disabled operator. A code works once. Sets the session cookie.",
    body: z.object({ email, password: presentPassword, totp_code: totpCode }),
    answer: sessionAnswer,
  },
  signOut: {
    method: "POST",
    path: "/session/sign-out",
    access: "session",
    summary: "Sign out: the session is revoked and the cookie cleared",
    answer: okAnswer(emptyPayload),
  },
} as const satisfies Record<string, ConsoleOperation>;

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
  /**
   * The H Coins account, when the scheme has one linked to the member; null when none or
   * unreachable. Its ledger is a call of its own, a page at a time (console-ledger.ts).
   */
  coins: z
    .object({
      hcoins_memberno: z.string(),
      balance: z.number().int(),
      /**
       * Never a full code (a code is spendable at a till): the last four characters, and the
       * scheme's id of the voucher to act on it by (cancel, reveal).
       */
      vouchers: z.array(
        z.object({
          id: z.number().int(),
          code_last_four: z.string(),
          title_en: z.string(),
          status: z.string(),
          valid_until: z.string(),
          goodwill: z.boolean(),
        }),
      ),
    })
    .nullable(),
});
export type ConsoleMemberDetail = z.output<typeof memberDetailSchema>;

/** Why a member is in the search's results: the exact key that named them, or `text` (contains). */
export const MEMBER_SEARCH_MATCHES = [
  "phone",
  "email",
  "memberNo",
  "hcoinsNo",
  "voucher",
  "receipt",
  "text",
] as const;
export const MEMBER_SEARCH_SORTS = ["name", "member_no", "email"] as const;
/** A search lists at most this many members a page (so it cannot be used to list them all quickly). */
export const MEMBER_SEARCH_PAGE_MAX = 50;

const reason = z.string().trim().min(1, "required").max(500, "tooLong");
const memberParams = z.object({ id: z.coerce.number().int().min(1) });
const MEMBER_ACTION_NOTE =
  "Needs the X-CSRF-Token header (4031). Answers the member's page after the action and writes one audit entry.";
const membersRead = { permission: "members.read" } as const;
const membersAct = { permission: "members.act" } as const;

export const consoleMembers = {
  /**
   * One box: a mobile number (with or without +852), a member number, an email, an H Coins
   * number, a voucher code or a receipt number, matched exactly and listed first; then the members
   * whose name, email or numbers contain the text, a page at a time.
   */
  search: {
    method: "GET",
    path: "/members",
    access: membersRead,
    summary:
      "Find members: exact mobile number, member number, email, H Coins number, voucher code or receipt number first, then part of a name, email or number",
    description:
      "`q` at least 3 characters (4000 `searchTooShort`). The exact matches (`matched` says which key) come first on the first page; the members whose name, email, member, mobile or H Coins number contain `q` (any case) follow, sorted by `sort` and `dir`. `total` counts both. A voucher code or receipt number is looked up at the coin scheme; when it cannot answer, the rest still shows.",
    query: z.object({
      q: z.string().trim().min(1, "required").min(3, "searchTooShort").max(254, "tooLong"),
      page: pageParam.default(1),
      page_size: pageSizeParam(MEMBER_SEARCH_PAGE_MAX, 20),
      sort: z.enum(MEMBER_SEARCH_SORTS, "invalid").default("name"),
      dir: sortDirection.default("asc"),
    }),
    answer: okAnswer(
      z.object({
        members: z.array(memberSummarySchema.extend({ matched: z.enum(MEMBER_SEARCH_MATCHES) })),
        total: z.number().int(),
      }),
    ),
  },
  detail: {
    method: "GET",
    path: "/members/:id",
    access: membersRead,
    summary: "A member's page: profile, status, login lock, recent SMS, sessions, consents, H Coins",
    params: memberParams,
    answer: okAnswer(memberDetailSchema),
  },
  /** Each action answers the member's page as it is after it; each writes one audit entry. */
  unlock: {
    method: "POST",
    path: "/members/:id/unlock",
    access: membersAct,
    summary: "Unlock the member's login (every address's failures cleared)",
    description: MEMBER_ACTION_NOTE,
    params: memberParams,
    body: z.object({ reason: reason.optional() }),
    answer: okAnswer(memberDetailSchema),
  },
  resetSmsAllowance: {
    method: "POST",
    path: "/members/:id/reset-sms-allowance",
    access: membersAct,
    summary: "Reset the number's SMS allowance",
    description: MEMBER_ACTION_NOTE,
    params: memberParams,
    body: z.object({ reason: reason.optional() }),
    answer: okAnswer(memberDetailSchema),
  },
  disable: {
    method: "POST",
    path: "/members/:id/disable",
    access: membersAct,
    summary: "Disable the account (its sessions revoked), with a reason",
    description: MEMBER_ACTION_NOTE,
    params: memberParams,
    body: z.object({ reason }),
    answer: okAnswer(memberDetailSchema),
  },
  enable: {
    method: "POST",
    path: "/members/:id/enable",
    access: membersAct,
    summary: "Enable the account again",
    description: MEMBER_ACTION_NOTE,
    params: memberParams,
    body: z.object({ reason }),
    answer: okAnswer(memberDetailSchema),
  },
  revokeSessions: {
    method: "POST",
    path: "/members/:id/revoke-sessions",
    access: membersAct,
    summary: "Log the member out everywhere",
    description: MEMBER_ACTION_NOTE,
    params: memberParams,
    body: z.object({ reason: reason.optional() }),
    answer: okAnswer(memberDetailSchema),
  },
  adjustCoins: {
    method: "POST",
    path: "/members/:id/adjust-coins",
    access: { permission: "coins.adjust" },
    summary:
      "Credit (coins > 0) or debit the member's H Coins: a member-facing reason code and an internal note; once per idempotency key",
    description: `${MEMBER_ACTION_NOTE} Only \`reason_code\` reaches the ledger (the member reads its text in their language); \`note\` stays with operators. The same \`idempotency_key\` from the same operator applies once and answers the first outcome (4256 when it named another adjustment). Above the role's approval threshold nothing moves: the answer's \`adjustment.status\` is \`pending\` with the approval request's id. 4235 when the member has no H Coins account; 4000 \`balanceTooLow\` for a debit over the balance; 4000 \`coinsAboveCeiling\` (with \`ceiling\`) above the role's ceiling; 4252 / 4253 past the operator's / the role's daily total (with \`remaining\` and \`daily_total\`).`,
    params: memberParams,
    body: z.object({
      coins: z
        .number()
        .int()
        .min(-100_000_000, "coinsInvalid")
        .max(100_000_000, "coinsInvalid")
        .refine((value) => value !== 0, "coinsInvalid"),
      reason_code: z.enum(ADJUSTMENT_REASONS, "required"),
      /** Operators only: never sent to the coin scheme nor shown to the member. */
      note: z.string("required").trim().min(1, "required").max(500, "tooLong"),
      /** One per opened dialog, reused on retry (1-100 characters). */
      idempotency_key: z.string("required").trim().min(1, "required").max(100, "tooLong"),
    }),
    answer: okAnswer(
      memberDetailSchema.extend({
        adjustment: z.object({
          status: z.enum(["applied", "pending"]),
          /** The approval request waiting (pending), or the one it was applied by; null for a direct one. */
          approval_id: z.number().int().nullable(),
        }),
      }),
    ),
  },
} as const satisfies Record<string, ConsoleOperation>;

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
  actor: z.string().trim().max(254, "tooLong").optional(),
  action: z.string().trim().max(64, "tooLong").optional(),
  target: z.string().trim().max(128, "tooLong").optional(),
  from: z.string().datetime({ offset: true }).optional(),
  to: z.string().datetime({ offset: true }).optional(),
  /** By time: newest first (desc, the default) or oldest first. */
  dir: sortDirection.default("desc"),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  page_size: z.coerce.number().int().min(1).max(200).optional().default(50),
});

export const consoleAudit = {
  search: {
    method: "GET",
    path: "/audit",
    access: { permission: "audit.read" },
    summary:
      "Search the audit log, newest first or oldest (`dir`): actor, action and target match any part, any case; from / to inclusive",
    query: auditQuery,
    answer: okAnswer(z.object({ entries: z.array(auditEntrySchema), total: z.number().int() })),
  },
  /** The same filters, every matching entry as CSV (text/csv; no envelope). */
  exportCsv: {
    method: "GET",
    path: "/audit.csv",
    access: { permission: "audit.read" },
    summary:
      "Every matching audit entry as CSV (text/csv, UTF-8 with a byte-order mark so Excel reads Chinese)",
    query: auditQuery.omit({ page: true, page_size: true }),
    answer: z.string().meta({
      format: "binary",
      description: "text/csv: id,at,actor,action,target,before,after,address",
    }),
  },
} as const satisfies Record<string, ConsoleOperation>;

// ---- operators (administrators) ------------------------------------------------------------

export const consoleOperators = {
  list: {
    method: "GET",
    path: "/operators",
    access: { permission: "operators.manage" },
    summary: "The operators",
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
    access: { permission: "operators.manage" },
    summary: "Add an operator; answers their one-time sign-in link (valid 72 hours)",
    description:
      "Needs the X-CSRF-Token header (4031). 40010 when the email names an operator already; 4277 (with `operator_id`) when it names a disabled operator: re-enable them instead.",
    body: z.object({ email, role: z.enum(OPERATOR_ROLES) }),
    answer: okAnswer(z.object({ operator: operatorSchema, sign_in_link: z.string() })),
  },
} as const satisfies Record<string, ConsoleOperation>;
