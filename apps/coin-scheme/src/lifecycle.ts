/*
 * The lifecycle campaigns and missions share: draft → active (a second operator) → paused ↔
 * active → ended for ever; a definition changes only while draft or paused. Each step answers the
 * columns it writes, nothing (`null`: activating an active one again), or why it is refused; the
 * caller turns a refusal into its own error code.
 */

export type LifecycleStatus = "draft" | "active" | "paused" | "ended";

export type LifecycleStep =
  | { kind: "update"; operator: string }
  | { kind: "activate"; operator: string; approver: string }
  | { kind: "pause"; operator: string }
  | { kind: "end"; operator: string };

/** The columns a step writes beside the definition (an update's). */
export interface LifecycleColumns {
  status?: LifecycleStatus;
  activated_by?: string;
  approved_by?: string;
  activated_at?: number;
  updated_by: string;
  updated_at: number;
}

export type LifecycleRefusal = "status" | "approverNotSecond";

export function lifecycleStep(
  row: { status: LifecycleStatus; created_by: string },
  step: LifecycleStep,
  at: number,
): LifecycleColumns | LifecycleRefusal | null {
  const updated = { updated_by: step.operator, updated_at: at };
  switch (step.kind) {
    case "update":
      return row.status === "draft" || row.status === "paused" ? updated : "status";
    case "activate":
      if (row.status === "active") return null;
      if (row.status === "ended") return "status";
      // Neither the one who asked nor the author decides: `operator` asked, `approver` decided.
      if (step.approver === step.operator || step.approver === row.created_by) return "approverNotSecond";
      return {
        status: "active",
        activated_by: step.operator,
        approved_by: step.approver,
        activated_at: at,
        updated_by: step.approver,
        updated_at: at,
      };
    case "pause":
      return row.status === "active" ? { status: "paused", ...updated } : "status";
    case "end":
      return row.status === "ended" ? "status" : { status: "ended", ...updated };
  }
}
