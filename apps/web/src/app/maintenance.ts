import type { MaintenanceWindow } from "../lib/config.ts";

/** True while `now` is inside a configured window (start included, end excluded). */
export function inMaintenance(windows: readonly MaintenanceWindow[], now: number): boolean {
  return windows.some((window) => Date.parse(window.start) <= now && now < Date.parse(window.end));
}
