import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { logCollector, usePostgres, useRedis } from "./support.ts";

/**
 * Attacks from outside: the real app listening on 127.0.0.1, called over HTTP from a chosen
 * loopback source address (127.0.0.1, 127.0.0.2, … are different clients to the server, with
 * no header to trust), on one instance and, with PostgreSQL and Redis, on two instances sharing
 * both. Every instance's warn and error lines are collected, for the lines operators alert on.
 */
export interface LoopbackInstance {
  t: TestApp;
  url: string;
}

export interface LoopbackDeployment {
  name: string;
  start(env: Record<string, string>): Promise<{ instances: LoopbackInstance[]; logLines: string[] }>;
}

export function loopbackDeployments(): LoopbackDeployment[] {
  const open: TestApp[] = [];
  afterEach(async () => {
    // Shared instances first: the first one drops the storage they share.
    for (const t of open.splice(0).reverse()) await t.close();
  });
  const start = async (count: number, env: Record<string, string>) => {
    const { lines, stream } = logCollector();
    const first = await createTestApp({ env: { LOG_LEVEL: "warn", ...env }, logStream: stream });
    open.push(first);
    const apps = [first];
    for (let i = 1; i < count; i++) {
      const next = await createTestApp({ shareWith: first, logStream: stream });
      open.push(next);
      apps.push(next);
    }
    const instances: LoopbackInstance[] = [];
    for (const t of apps) {
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      instances.push({ t, url: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` });
    }
    return { instances, logLines: lines };
  };
  const one = { name: "one instance", start: (env: Record<string, string>) => start(1, env) };
  const two = {
    name: "two instances on one PostgreSQL and one Redis",
    start: (env: Record<string, string>) => start(2, env),
  };
  return usePostgres && useRedis ? [one, two] : [one];
}

export interface LoopbackCall {
  body?: Record<string, unknown>;
  /** Access token; "guest" by default. */
  token?: string;
  lang?: string;
}

/** One JSON call from the loopback address `client` (its socket's source address). */
export function callFrom(
  client: string,
  instance: LoopbackInstance,
  method: "GET" | "POST",
  path: string,
  { body, token = "guest", lang }: LoopbackCall = {},
  // biome-ignore lint/suspicious/noExplicitAny: envelopes are read freely
): Promise<{ status: number; body: any }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { authorization: `Bearer web:${token}` };
  if (payload !== undefined) headers["content-type"] = "application/json";
  if (lang) headers["accept-language"] = lang;
  return new Promise((resolve, reject) => {
    const req = request(`${instance.url}${path}`, { method, headers, localAddress: client }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        text += chunk;
      });
      res.on("end", () => {
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {}
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
    });
    req.on("error", reject);
    req.end(payload);
  });
}

/** The collected log lines whose `msg` is `message`, parsed. */
// biome-ignore lint/suspicious/noExplicitAny: log lines are read freely
export function linesSaying(lines: string[], message: string): any[] {
  return lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === message);
}
