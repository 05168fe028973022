import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/**
 * The member server's Prometheus metrics, served at GET /metrics (plugins/metrics-endpoint.ts;
 * every name is listed in docs/operations.md, "Metrics"). One registry per process, as
 * prom-client's own default is: a process serves one app, and the modules that count (SMS sends,
 * login locks) record with one call here rather than carrying a registry through their
 * constructors. Tests that build several apps in one process read differences.
 */
const registry = new Registry();
// Node's own: CPU, memory, event-loop delay, GC, handles. An overloaded instance shows there first.
collectDefaultMetrics({ register: registry });

const requests = new Histogram({
  name: "hcoins_http_request_duration_seconds",
  help: "Answered HTTP requests and their time, by method, route pattern (static for files) and status class",
  labelNames: ["method", "route", "status_class"] as const,
  registers: [registry],
});

const limitRefusals = new Counter({
  name: "hcoins_rate_limit_refusals_total",
  help: "Requests refused by a limit: http (RATE_LIMIT_PER_MINUTE), sms-resend, sms-number, sms-client, login-failures (a locked number)",
  labelNames: ["limit"] as const,
  registers: [registry],
});

const loginLocks = new Counter({
  name: "hcoins_login_locks_total",
  help: "Numbers locked after LOGIN_MAX_FAILURES failed logins in a row",
  registers: [registry],
});

const smsSent = new Counter({
  name: "hcoins_sms_sent_total",
  help: "SMS codes handed to the SMS sender, by purpose (register, reset, redeem)",
  labelNames: ["purpose"] as const,
  registers: [registry],
});

const smsFailed = new Counter({
  name: "hcoins_sms_failed_total",
  help: "SMS codes the sender failed to send (gateway error or timeout), by purpose",
  labelNames: ["purpose"] as const,
  registers: [registry],
});

const redemptions = new Counter({
  name: "hcoins_redemptions_total",
  help: "Members' H Coins redemptions, by outcome: redeemed, duplicate (a retry answered with the first), refused (the scheme said no: coins, stock, window, limit), unavailable (the scheme did not answer)",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

const coinSchemeCalls = new Histogram({
  name: "hcoins_coin_scheme_call_duration_seconds",
  help: "Calls to the H Coins scheme and their time, by client (embedded, http), operation and outcome (ok, refused, unavailable)",
  labelNames: ["client", "operation", "outcome"] as const,
  registers: [registry],
});

const nearDailyTotal = new Counter({
  name: "hcoins_operator_near_daily_total_total",
  help: "Console adjustments that took an operator past 80% of their daily total of coins, by role",
  labelNames: ["role"] as const,
  registers: [registry],
});

const coinAdjustments = new Counter({
  name: "hcoins_coin_adjustments_total",
  help: "Operators' coin adjustments, by outcome: applied, pending (waiting for approval), refused (a control or the scheme said no)",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

const rewardLowStock = new Counter({
  name: "hcoins_reward_low_stock_total",
  help: "Rewards whose stock went to or below their low-stock threshold, once per crossing (re-armed by a restock above it), by cause: redemption, goodwill, referral, mission, stock_change. Counted by the embedded coin scheme; a standalone scheme logs the crossing only",
  labelNames: ["cause"] as const,
  registers: [registry],
});

const rewardsByStockLevel = new Gauge({
  name: "hcoins_rewards_by_stock_level",
  help: "Rewards members may redeem now that are low on stock (at or below their threshold) or sold out, by level; read from the coin scheme at each scrape, absent while it does not answer",
  labelNames: ["level"] as const,
  registers: [registry],
});

const dependencyUp = new Gauge({
  name: "hcoins_dependency_up",
  help: "1 while the dependency answers (database; redis with REDIS_URL), else 0; checked at each scrape",
  labelNames: ["dependency"] as const,
  registers: [registry],
});

export type CoinSchemeCallOutcome = "ok" | "refused" | "unavailable";
export type RedemptionOutcome = "redeemed" | "duplicate" | "refused" | "unavailable";

export const metrics = {
  request(method: string, route: string, statusCode: number, seconds: number) {
    requests.observe({ method, route, status_class: `${Math.floor(statusCode / 100)}xx` }, seconds);
  },
  /** `limit` names the counter that refused (counters.ts names them), or `http` for the per-minute limit. */
  limitRefused(limit: string) {
    limitRefusals.inc({ limit });
  },
  loginLocked() {
    loginLocks.inc();
  },
  smsSent(purpose: string) {
    smsSent.inc({ purpose });
  },
  smsFailed(purpose: string) {
    smsFailed.inc({ purpose });
  },
  redemption(outcome: RedemptionOutcome) {
    redemptions.inc({ outcome });
  },
  coinSchemeCall(client: string, operation: string, outcome: CoinSchemeCallOutcome, seconds: number) {
    coinSchemeCalls.observe({ client, operation, outcome }, seconds);
  },
  operatorNearDailyTotal(role: string) {
    nearDailyTotal.inc({ role });
  },
  coinAdjustment(outcome: "applied" | "pending" | "refused") {
    coinAdjustments.inc({ outcome });
  },
  rewardLowStock(cause: string) {
    rewardLowStock.inc({ cause });
  },
  /** null: the scheme did not answer, so no figure rather than a stale one. */
  rewardStockLevels(levels: { low: number; sold_out: number } | null) {
    rewardsByStockLevel.reset();
    if (!levels) return;
    rewardsByStockLevel.set({ level: "low" }, levels.low);
    rewardsByStockLevel.set({ level: "sold_out" }, levels.sold_out);
  },
  dependency(name: string, up: boolean) {
    dependencyUp.set({ dependency: name }, up ? 1 : 0);
  },
  /** The exposition text and its content type. */
  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: registry.contentType, body: await registry.metrics() };
  },
};
