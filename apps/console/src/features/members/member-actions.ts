import type { ConsoleMemberDetail, Permission } from "@hcoins/domain/api/console";
import { type MemberAction, type MemberActionInput, memberActionBodySchema } from "../../api/members.ts";

/** What each part of the member page that acts on the member is given. */
export interface MemberPartProps {
  detail: ConsoleMemberDetail;
  permissions: readonly Permission[];
  /** Says what was done in the page's status line. */
  onDone: (message: string) => void;
}

export interface ActionSpec {
  action: MemberAction;
  permission: Permission;
  /** The action bar it sits in: the account's, or the number's, vouchers' and data protection's. */
  group: "account" | "case";
  /** Whether the operator must say why (the contract requires it) or may. */
  reason: "required" | "optional";
  /** Shown as a dangerous button, its confirmation says what it does to the member. */
  dangerous: boolean;
  /** Whether the action applies to the member as they are. */
  applies: (detail: ConsoleMemberDetail) => boolean;
}

/** The member's vouchers that can still be cancelled. */
export const issuedVouchers = (detail: ConsoleMemberDetail) =>
  detail.coins?.vouchers.filter((voucher) => voucher.status === "issued") ?? [];

/** Every action on a member, in the order the member page shows them. */
export const MEMBER_ACTIONS: readonly ActionSpec[] = [
  {
    action: "unlock",
    permission: "members.act",
    group: "account",
    reason: "optional",
    dangerous: false,
    applies: (d) => d.login.locked || d.login.failures > 0,
  },
  {
    action: "resetSmsAllowance",
    permission: "members.act",
    group: "account",
    reason: "optional",
    dangerous: false,
    applies: () => true,
  },
  {
    action: "revokeSessions",
    permission: "members.act",
    group: "account",
    reason: "optional",
    dangerous: false,
    applies: (d) => d.sessions.some((s) => s.revoked_at === null),
  },
  {
    action: "disable",
    permission: "members.act",
    group: "account",
    reason: "required",
    dangerous: true,
    applies: (d) => d.member.status !== "disabled",
  },
  {
    action: "enable",
    permission: "members.act",
    group: "account",
    reason: "required",
    dangerous: false,
    applies: (d) => d.member.status === "disabled",
  },
  {
    action: "blockNumber",
    permission: "members.act",
    group: "case",
    reason: "required",
    dangerous: true,
    applies: (d) => !d.blocked.blocked,
  },
  {
    action: "unblockNumber",
    permission: "members.act",
    group: "case",
    reason: "required",
    dangerous: false,
    applies: (d) => d.blocked.blocked,
  },
  {
    action: "cancelVoucher",
    permission: "vouchers.cancel",
    group: "case",
    reason: "required",
    dangerous: true,
    applies: (d) => issuedVouchers(d).length > 0,
  },
  // An export or an erasure is recorded with the operator's reason too.
  {
    action: "exportData",
    permission: "members.dataProtection",
    group: "case",
    reason: "required",
    dangerous: false,
    applies: () => true,
  },
  {
    action: "erase",
    permission: "members.dataProtection",
    group: "case",
    reason: "required",
    dangerous: true,
    applies: () => true,
  },
];

/** The actions an operator with these permissions may take on the member as they are. */
export const actionsFor = (detail: ConsoleMemberDetail, permissions: readonly Permission[]) =>
  MEMBER_ACTIONS.filter((spec) => permissions.includes(spec.permission) && spec.applies(detail));

export interface ActionFields {
  reason: string;
  /** The voucher to cancel (cancelVoucher). */
  voucherId: number;
  /** The member's mobile number as typed (erase). */
  confirm: string;
}

/** The form's fields that can fail, named as the contract's body and the server's errors name them. */
export type ActionErrors = Partial<Record<"reason" | "voucherId" | "confirm_mobile_phone", string>>;

/** The action's contract body for the form's fields. */
function actionRequest(
  { action, reason: reasonAsked }: ActionSpec,
  fields: ActionFields,
  idempotencyKey: string,
): MemberActionInput {
  const reason = fields.reason.trim();
  switch (action) {
    case "cancelVoucher":
      return { action, voucherId: fields.voucherId, body: { reason, idempotency_key: idempotencyKey } };
    case "erase":
      return { action, body: { reason, confirm_mobile_phone: fields.confirm.trim() } };
    case "unlock":
    case "resetSmsAllowance":
    case "revokeSessions":
      return { action, body: reason !== "" || reasonAsked === "required" ? { reason } : {} };
    default:
      return { action, body: { reason } };
  }
}

/**
 * The form's fields as the action's contract body, checked by its schema, or the rule each failed
 * field broke. An erasure also needs the member's number typed exactly (the server checks it again).
 */
export function actionInput(
  spec: ActionSpec,
  fields: ActionFields,
  { idempotencyKey, mobilePhone }: { idempotencyKey: string; mobilePhone: string },
): { input: MemberActionInput } | { errors: ActionErrors } {
  const input = actionRequest(spec, fields, idempotencyKey);
  const errors: ActionErrors = {};
  const parsed = memberActionBodySchema(spec.action).safeParse(input.body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === "reason" || field === "confirm_mobile_phone") errors[field] = issue.message;
    }
  }
  if (spec.action === "erase" && fields.confirm.trim() !== mobilePhone)
    errors.confirm_mobile_phone = "confirmationMismatch";
  return Object.keys(errors).length > 0 ? { errors } : { input };
}
