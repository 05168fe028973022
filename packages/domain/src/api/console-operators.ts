import { z } from "zod";
import { type ConsoleOperation, OPERATOR_ROLES, operatorSchema } from "./console.ts";
import { okAnswer } from "./envelope.ts";

const operatorParams = z.object({ id: z.coerce.number().int().min(1) });
const CSRF_AUDITED =
  "Needs the X-CSRF-Token header (4031). Writes one audit entry with the before and after.";

/** A live console session of an operator, as an administrator sees it. */
export const operatorSessionSchema = z.object({
  /** Names the session for ending it; not its token. */
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  address: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** The session making this call. */
  current: z.boolean(),
});
export type OperatorSessionView = z.output<typeof operatorSessionSchema>;

/** One operator's page: the account, whether failed sign-ins lock it, and its live sessions. */
export const operatorDetailSchema = z.object({
  operator: operatorSchema.extend({
    active: z.boolean(),
    activated: z.boolean(),
    last_sign_in_at: z.string().nullable(),
    created_at: z.string(),
  }),
  sign_in: z.object({
    /** Some address is locked out of the email, or the email everywhere. */
    locked: z.boolean(),
    /** Failed sign-ins counted against the email now (every address). */
    failures: z.number().int(),
    retry_after_seconds: z.number().int().nullable(),
  }),
  sessions: z.array(operatorSessionSchema),
});
export type OperatorDetail = z.output<typeof operatorDetailSchema>;

const detailAnswer = okAnswer(operatorDetailSchema);
const detailWithLink = okAnswer(operatorDetailSchema.extend({ sign_in_link: z.string() }));
const role = z.enum(OPERATOR_ROLES, { error: "invalid" });
const manage = { permission: "operators.manage" } as const;

/**
 * Administrators' changes to an existing operator (Keycloak's admin console is the model), beside
 * console.ts's list and add; one audit entry each. The actions answer the operator's page after them.
 */
export const consoleOperatorChanges = {
  /** A new one-time sign-in link (shown once); the old link stops working. */
  reinvite: {
    method: "POST",
    path: "/operators/:id/invite",
    access: manage,
    summary: "A new one-time sign-in link for the operator (the old one stops working)",
    description: `${CSRF_AUDITED} 4279 a disabled operator (re-enable them instead).`,
    params: operatorParams,
    answer: okAnswer(z.object({ operator: operatorSchema, sign_in_link: z.string() })),
  },
  /** Disables the operator and ends their sessions. */
  disable: {
    method: "POST",
    path: "/operators/:id/disable",
    access: manage,
    summary: "Disable the operator and end their sessions",
    description: `${CSRF_AUDITED} 4250 the operator's own account; 4251 the last active administrator who can sign in.`,
    params: operatorParams,
    answer: okAnswer(z.object({ operator: operatorSchema })),
  },
  detail: {
    method: "GET",
    path: "/operators/:id",
    access: manage,
    summary: "One operator: the account, its sign-in lock and its live sessions",
    params: operatorParams,
    answer: detailAnswer,
  },
  /**
   * Brings a disabled operator back, in the role given (their last one when none) and with a new
   * one-time link: their old password and authenticator stay void, as at a first invitation.
   */
  enable: {
    method: "POST",
    path: "/operators/:id/enable",
    access: manage,
    summary: "Re-enable a disabled operator; answers a new one-time sign-in link (shown once)",
    description: `${CSRF_AUDITED} The old password and authenticator stay void: the operator sets both again through the link. Adding an operator with a disabled operator's email answers 4277 with \`operator_id\`: re-enable them instead. 4278 the operator is not disabled.`,
    params: operatorParams,
    body: z.object({ role: role.optional() }),
    answer: detailWithLink,
  },
  changeRole: {
    method: "POST",
    path: "/operators/:id/role",
    access: manage,
    summary: "Change the operator's role (their sessions take the new permissions at the next call)",
    description: `${CSRF_AUDITED} 4275 the operator's own account; 4276 the last active administrator who can sign in.`,
    params: operatorParams,
    body: z.object({ role }),
    answer: detailAnswer,
  },
  /** Clears every count of failed sign-ins held against the operator's email, from every address. */
  unlock: {
    method: "POST",
    path: "/operators/:id/unlock",
    access: manage,
    summary: "Unlock the operator's sign-in (every address's failures for the email cleared)",
    description: CSRF_AUDITED,
    params: operatorParams,
    answer: detailAnswer,
  },
  /** The old authenticator stops working at once, every session ends, and a new link sets up both factors. */
  resetAuthenticator: {
    method: "POST",
    path: "/operators/:id/reset-authenticator",
    access: manage,
    summary:
      "Reset the operator's authenticator: the old one void, their sessions ended, a new one-time sign-in link (shown once)",
    description: `${CSRF_AUDITED} 4275 the operator's own account; 4279 a disabled operator.`,
    params: operatorParams,
    answer: detailWithLink,
  },
  endSession: {
    method: "POST",
    path: "/operators/:id/sessions/:session/end",
    access: manage,
    summary: "End one of the operator's sessions",
    description: `${CSRF_AUDITED} 4040 when the operator has no such live session.`,
    params: operatorParams.extend({ session: z.string().regex(/^[0-9a-f]{16}$/, "invalid") }),
    answer: detailAnswer,
  },
  endSessions: {
    method: "POST",
    path: "/operators/:id/end-sessions",
    access: manage,
    summary: "End every session of the operator",
    description: CSRF_AUDITED,
    params: operatorParams,
    answer: detailAnswer,
  },
} as const satisfies Record<string, ConsoleOperation>;
