import type { Permission } from "@hcoins/domain/api/console";

/** A screen's or a control's need: one permission, or any one of several (the auditor reads what a manager changes). */
export type PermissionNeed = Permission | readonly Permission[];

export const holds = (permissions: readonly Permission[], need: PermissionNeed) =>
  typeof need === "string" ? permissions.includes(need) : need.some((one) => permissions.includes(one));
