import { type ConsoleMemberDetail, consoleMembers, type Permission } from "@hcoins/domain/api/console";
import type { MemberAction, MemberActionInput } from "../../api/members.ts";

export interface ActionSpec {
  action: MemberAction;
  permission: Permission;
  /** Whether the operator must say why (the contract requires it), may, or is not asked. */
  reason: "required" | "optional";
  /** Shown as a dangerous button, its confirmation says what it does to the member. */
  dangerous: boolean;
  /** Whether the action applies to the member as they are. */
  applies: (detail: ConsoleMemberDetail) => boolean;
}

export const MEMBER_ACTIONS: readonly ActionSpec[] = [
  {
    action: "unlock",
    permission: "members.act",
    reason: "optional",
    dangerous: false,
    applies: (d) => d.login.locked || d.login.failures > 0,
  },
  {
    action: "resetSmsAllowance",
    permission: "members.act",
    reason: "optional",
    dangerous: false,
    applies: () => true,
  },
  {
    action: "revokeSessions",
    permission: "members.act",
    reason: "optional",
    dangerous: false,
    applies: (d) => d.sessions.some((s) => s.revoked_at === null),
  },
  {
    action: "disable",
    permission: "members.act",
    reason: "required",
    dangerous: true,
    applies: (d) => d.member.status !== "disabled",
  },
  {
    action: "enable",
    permission: "members.act",
    reason: "required",
    dangerous: false,
    applies: (d) => d.member.status === "disabled",
  },
];

export interface ActionFields {
  reason: string;
}

/** The form's fields as the contract's body, or the rule each failed field broke. */
export function actionInput(
  { action, reason: reasonAsked }: ActionSpec,
  fields: ActionFields,
): { input: MemberActionInput } | { errors: Partial<Record<keyof ActionFields, string>> } {
  const reason = fields.reason.trim();
  const body = reason !== "" || reasonAsked === "required" ? { reason } : {};
  const parsed = consoleMembers[action].body.safeParse(body);
  if (!parsed.success) {
    const errors: Partial<Record<keyof ActionFields, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === "reason") errors[field] = issue.message;
    }
    return { errors };
  }
  return { input: { action, ...parsed.data } };
}
