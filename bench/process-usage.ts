import { readFileSync } from "node:fs";

/**
 * Peak memory (MiB) and CPU seconds (user + system) a process has used so far, from Linux's
 * /proc; NaN elsewhere. The benchmarks read it for the server processes they start.
 */
export function processUsage(pid: number | undefined): { peakMiB: number; cpuSeconds: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return {
      peakMiB: Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]) / 1024,
      cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100,
    };
  } catch {
    return { peakMiB: Number.NaN, cpuSeconds: Number.NaN };
  }
}
