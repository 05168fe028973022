import { ErrorCode } from "@hcoins/domain/codes";
import { afterEach, describe, expect, it } from "vitest";
import { nextPhone, registerMember } from "../testing/flows.ts";
import { PNG_1X1 } from "../testing/images.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { expectFailure, useRedis } from "./support.ts";

/**
 * GET /metrics (plugins/metrics-endpoint.ts, metrics.ts): served only for METRICS_TOKEN, never
 * rate-limited, and what an operator watches for an attack or an outage moves with it. The
 * registry is the process's, shared by every app this file builds, so each check reads the
 * difference a call made.
 */

const TOKEN = "metrics-token-for-tests-0123";

const apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
});

async function start(env: Record<string, string> = {}) {
  const t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, ...env } });
  apps.push(t);
  return t;
}

const scrape = (t: TestApp, authorization: string | null = `Bearer ${TOKEN}`) =>
  t.app.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });

/** The sum of a metric's samples whose labels include `labels`, from the exposition text. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split("\n")) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = Object.fromEntries(
      [...(match[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]),
    );
    if (Object.entries(labels).every(([key, value]) => present[key] === value)) sum += Number(match[3]);
  }
  return sum;
}

/** How much `read` grows across `act`. */
async function growth(t: TestApp, read: (text: string) => number, act: () => Promise<unknown>) {
  const before = read((await scrape(t)).body);
  await act();
  return read((await scrape(t)).body) - before;
}

const number = (phone: string) => ({ mobile_phone_prefix: "852", mobile_phone: phone });

describe("GET /metrics", () => {
  it("is not served without METRICS_TOKEN: no page, no metrics", async () => {
    const t = await createTestApp();
    apps.push(t);
    const res = await t.call("GET", "/metrics", { token: null });
    expectFailure(res, 404, ErrorCode.notFound);
  });

  it("answers the bearer token only, in Prometheus' text format, and is never rate-limited", async () => {
    const t = await start({ RATE_LIMIT_PER_MINUTE: "2" });
    for (const authorization of [null, "Bearer wrong-token-of-some-length", TOKEN, `Bearer ${TOKEN}x`]) {
      const res = await scrape(t, authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json().error_code).toBe(ErrorCode.unauthenticated);
    }
    for (let i = 0; i < 6; i++) {
      const res = await scrape(t);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
    }
    const text = (await scrape(t)).body;
    for (const name of [
      "hcoins_http_request_duration_seconds",
      "hcoins_rate_limit_refusals_total",
      "hcoins_login_locks_total",
      "hcoins_sms_sent_total",
      "hcoins_sms_failed_total",
      "hcoins_coin_scheme_call_duration_seconds",
      "hcoins_dependency_up",
      "process_cpu_seconds_total",
      "nodejs_eventloop_lag_p99_seconds",
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
    expect(sample(text, "hcoins_dependency_up", { dependency: "database" })).toBe(1);
    expect(sample(text, "hcoins_dependency_up", { dependency: "redis" })).toBe(useRedis ? 1 : 0);
  });

  it("counts requests by route pattern and status class, never by raw url", async () => {
    const t = await start();
    const image = await t.app.services.media.add(PNG_1X1, "dot.png");
    const count = (route: string, status_class: string) => (text: string) =>
      sample(text, "hcoins_http_request_duration_seconds_count", { method: "GET", route, status_class });
    expect(
      await growth(t, count("/crm/user/profile", "4xx"), () =>
        t.call("GET", "/crm/user/profile", { token: "not-a-live-token" }),
      ),
    ).toBe(1);
    expect(
      await growth(t, count("static", "2xx"), () => t.call("GET", `/crm/media/${image.token}?app_id=web`)),
    ).toBe(1);
    const text = (await scrape(t)).body;
    expect(text).not.toContain(image.token);
    expect(text).not.toContain("not-a-live-token");
    expect(
      sample(text, "hcoins_http_request_duration_seconds_bucket", { route: "/crm/user/profile" }),
    ).toBeGreaterThan(0);
  });

  it("counts SMS sent, limit refusals (SMS, HTTP, a locked number) and login locks", async () => {
    const t = await start({ LOGIN_MAX_FAILURES: "2", RATE_LIMIT_PER_MINUTE: "40" });
    const refusals = (limit: string) => (text: string) =>
      sample(text, "hcoins_rate_limit_refusals_total", { limit });
    const phone = nextPhone();
    const ask = () => t.call("POST", "/crm/registration/request-sms-token", { body: number(phone) });
    expect(
      await growth(t, (text) => sample(text, "hcoins_sms_sent_total", { purpose: "register" }), ask),
    ).toBe(1);
    expect(await growth(t, refusals("sms-resend"), ask)).toBe(1);

    const member = await registerMember(t);
    const login = () =>
      t.call("POST", "/crm/auth/login-with-mobile-password", {
        body: { ...number(member.phone), password: "Wrong123x" },
      });
    expect(
      await growth(
        t,
        (text) => sample(text, "hcoins_login_locks_total"),
        async () => {
          await login();
          expectFailure(await login(), 429, ErrorCode.loginLocked);
        },
      ),
    ).toBe(1);
    expect(await growth(t, refusals("login-failures"), login)).toBe(1);

    expect(
      await growth(t, refusals("http"), async () => {
        for (;;) if ((await t.call("GET", "/crm/cms/banner?location=welcome")).status === 429) return;
      }),
    ).toBe(1);
  });

  it("counts a send the SMS gateway failed", async () => {
    // Nothing listens on port 9 of loopback: the gateway refuses the connection.
    const t = await start({ SMS_PROVIDER: "http", SMS_HTTP_URL: "http://127.0.0.1:9/send" });
    const failed = (text: string) => sample(text, "hcoins_sms_failed_total", { purpose: "register" });
    expect(
      await growth(t, failed, async () => {
        const res = await t.call("POST", "/crm/registration/request-sms-token", {
          body: number(nextPhone()),
        });
        expectFailure(res, 503, ErrorCode.serviceUnavailable);
      }),
    ).toBe(1);
  });

  it("times the coin scheme's calls, embedded and over HTTP, by operation and outcome", async () => {
    const calls = (client: string, outcome: string) => (text: string) =>
      sample(text, "hcoins_coin_scheme_call_duration_seconds_count", {
        client,
        operation: "findAccountByPhone",
        outcome,
      });
    const check = (t: TestApp) =>
      t.call("POST", "/custom-api/custom/cuapp/customer/hcoin-check-linked", { body: number(nextPhone()) });

    const embedded = await start();
    expect(await growth(embedded, calls("embedded", "ok"), () => check(embedded))).toBe(1);

    const external = await start({ COIN_SCHEME_URL: "http://127.0.0.1:9", COIN_SCHEME_TIMEOUT_MS: "500" });
    expect(await growth(external, calls("http", "unavailable"), () => check(external))).toBe(1);
  });
});
