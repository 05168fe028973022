import { randomBytes } from "node:crypto";
import {
  copyOfTemplate,
  dropCopy,
  dropIsolatedDatabase,
  isolatedDatabase,
} from "@hcoins/server-kit/testing/isolated-database";
import type { FastifyInstance } from "fastify";
import type { DestinationStream } from "pino";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";

/**
 * Builds the real app for a test on a database of its own: in-memory SQLite, or a
 * fresh schema of the PostgreSQL in DATABASE_URL (CI sets it), with counters in
 * Redis under a fresh prefix when REDIS_URL is set. Two apps built with `shareWith`
 * use one database and one set of counters, like two server instances.
 */
export interface TestAppOptions {
  env?: Record<string, string>;
  logStream?: DestinationStream;
  shareWith?: TestApp;
}

export interface TestApp {
  app: FastifyInstance;
  clock: { now: () => number; advance(ms: number): void };
  env: Record<string, string>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read envelope fields freely
  call(method: "GET" | "POST", url: string, options?: CallOptions): Promise<{ status: number; body: any }>;
  /** Codes the console sender "sent" to a number, newest first. */
  smsCodes(prefix: string, phone: string): Promise<string[]>;
  close(): Promise<void>;
}

export interface CallOptions {
  body?: Record<string, unknown>;
  /** Send the body form-encoded instead of JSON. */
  form?: boolean;
  /** Access token; "guest" by default. null sends no Authorization header. */
  token?: string | null;
  lang?: string;
  headers?: Record<string, string>;
  /** The caller's address as the socket shows it (127.0.0.1 by default): another client to the server. */
  remoteAddress?: string;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const env = options.shareWith
    ? { ...options.shareWith.env, ...options.env }
    : { ...(options.env?.DATABASE_URL ? {} : await migratedStorage()), ...options.env };
  const config = testConfig(env);
  // Instances sharing storage share the clock too, as servers kept on time do: the counts' windows
  // in Redis and the codes' expiry in the database are read on it.
  const clock = options.shareWith?.clock ?? testClock();
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config,
      now: () => clock.now(),
      checkAnswers: true,
      ...(options.logStream ? { logStream: options.logStream } : {}),
    });
  } catch (error) {
    // A failed build must not leave its PostgreSQL schema behind for the next run to trip on.
    if (!options.shareWith) await dropIsolatedStorage(env);
    throw error;
  }
  await app.ready();

  const call: TestApp["call"] = async (method, url, callOptions = {}) => {
    const headers: Record<string, string> = { ...callOptions.headers };
    if (callOptions.token !== null) headers.authorization = `Bearer web:${callOptions.token ?? "guest"}`;
    if (callOptions.lang) headers["accept-language"] = callOptions.lang;
    let payload: string | undefined;
    if (callOptions.body !== undefined) {
      if (callOptions.form) {
        headers["content-type"] = "application/x-www-form-urlencoded";
        payload = new URLSearchParams(
          Object.entries(callOptions.body).flatMap(([key, value]) =>
            Array.isArray(value)
              ? value.map((item): [string, string] => [key, String(item)])
              : [[key, String(value ?? "")] as [string, string]],
          ),
        ).toString();
      } else {
        headers["content-type"] = "application/json";
        payload = JSON.stringify(callOptions.body);
      }
    }
    const response = await app.inject({
      method,
      url,
      headers,
      ...(payload !== undefined ? { payload } : {}),
      ...(callOptions.remoteAddress ? { remoteAddress: callOptions.remoteAddress } : {}),
    });
    let body: unknown = response.body;
    try {
      body = JSON.parse(response.body);
    } catch {}
    return { status: response.statusCode, body };
  };

  return {
    app,
    clock,
    env,
    call,
    async smsCodes(prefix, phone) {
      const res = await call("GET", `/dev/sms-outbox?mobile_phone_prefix=${prefix}&mobile_phone=${phone}`, {
        token: null,
      });
      return (res.body.payload as { code: string }[]).map((entry) => entry.code);
    },
    async close() {
      await app.close();
      if (!options.shareWith) await dropIsolatedStorage(env);
    },
  };
}

/** The wall clock and an offset that `advance` adds to: tests move it instead of sleeping. */
function testClock(): TestApp["clock"] {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance: (ms: number) => {
      offset += ms;
    },
  };
}

/** The configuration a test app runs with, over `env`. */
export function testConfig(env: Record<string, string>) {
  // A member-server key for the tests that point COIN_SCHEME_URL at a scheme (no development default exists).
  return loadConfig({
    LOG_LEVEL: "silent",
    NODE_ENV: "test",
    COIN_SCHEME_API_KEY: "test-member-server-key",
    ...env,
  });
}

/**
 * Storage for a test app: a copy of the migrated template database when the server-postgres
 * suites made one (postgres-template.ts sets TEST_PG_TEMPLATE), a fresh one otherwise.
 */
async function migratedStorage(): Promise<Record<string, string>> {
  const template = process.env.TEST_PG_TEMPLATE;
  // The variable reaches every project's workers; the SQLite ones run with DATABASE_URL empty.
  if (!template || !process.env.DATABASE_URL?.startsWith("postgres")) return isolatedStorage();
  const copy = await copyOfTemplate(template);
  return { ...redisStorage(), DATABASE_URL: copy.url, TEST_PG_DATABASE: copy.database };
}

function redisStorage(): Record<string, string> {
  if (!process.env.REDIS_URL) return {};
  return { REDIS_URL: process.env.REDIS_URL, REDIS_KEY_PREFIX: `test:${randomBytes(6).toString("hex")}` };
}

/** A fresh PostgreSQL schema (when DATABASE_URL is PostgreSQL; in-memory SQLite otherwise) and Redis prefix, as env. */
export async function isolatedStorage(): Promise<Record<string, string>> {
  const database = await isolatedDatabase();
  const env: Record<string, string> = { DATABASE_URL: database.url, ...redisStorage() };
  if (database.schema) env.TEST_PG_SCHEMA = database.schema;
  return env;
}

/** Drops the schema or database isolatedStorage() or a test app's storage created. */
export async function dropIsolatedStorage(env: Record<string, string>) {
  await dropIsolatedDatabase(env.TEST_PG_SCHEMA);
  await dropCopy(env.TEST_PG_DATABASE);
}
