/**
 * Per-call tallies of the load run: how many, how many failed and why, and the
 * latency distribution (every sample kept: a few hundred thousand numbers at most).
 */
export class CallStats {
  private readonly calls = new Map<
    string,
    { latencies: number[]; errors: number; reasons: Map<string, number> }
  >();
  private readonly perOrigin = new Map<string, number>();

  /** Requests sent to one process (its origin), to share out its CPU time. */
  servedBy(origin: string): number {
    return this.perOrigin.get(origin) ?? 0;
  }

  record(call: string, origin: string, ms: number, problem: string | null) {
    this.perOrigin.set(origin, this.servedBy(origin) + 1);
    let entry = this.calls.get(call);
    if (!entry) {
      entry = { latencies: [], errors: 0, reasons: new Map() };
      this.calls.set(call, entry);
    }
    entry.latencies.push(ms);
    if (problem) {
      entry.errors += 1;
      entry.reasons.set(problem, (entry.reasons.get(problem) ?? 0) + 1);
    }
  }

  get total() {
    let requests = 0;
    let errors = 0;
    for (const entry of this.calls.values()) {
      requests += entry.latencies.length;
      errors += entry.errors;
    }
    return { requests, errors };
  }

  /** A Markdown table: one row per call, then the whole run. */
  table(seconds: number): string {
    const rows = [
      "| call | requests | errors | error rate | p50 ms | p99 ms | max ms |",
      "| ---- | -------: | -----: | ---------: | -----: | -----: | -----: |",
    ];
    const all: number[] = [];
    for (const [call, entry] of this.calls) {
      all.push(...entry.latencies);
      rows.push(row(call, entry.latencies, entry.errors));
    }
    const { requests, errors } = this.total;
    rows.push(row("**all**", all, errors));
    return `${rows.join("\n")}\n\n${requests} requests in ${seconds.toFixed(0)} s: ${(requests / seconds).toFixed(1)} requests/s, ${errors} errors.`;
  }

  /** What went wrong, per call and reason, for the log. */
  problems(): string[] {
    return [...this.calls].flatMap(([call, entry]) =>
      [...entry.reasons].map(([reason, count]) => `${call}: ${count} × ${reason}`),
    );
  }
}

function row(call: string, latencies: number[], errors: number): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  const rate = sorted.length === 0 ? 0 : (errors / sorted.length) * 100;
  return `| ${call} | ${sorted.length} | ${errors} | ${rate.toFixed(2)} % | ${ms(percentile(sorted, 50))} | ${ms(percentile(sorted, 99))} | ${ms(sorted.at(-1))} |`;
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number | undefined {
  if (sorted.length === 0) return undefined;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const ms = (value: number | undefined) => (value === undefined ? "–" : value.toFixed(1));
