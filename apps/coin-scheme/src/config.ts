import { isCalendarDate, multiplierHundredths } from "@hcoins/domain/earn-rules";
import { DEFAULT_PRESSURE, type PressureLimits } from "@hcoins/server-kit/create-server";
import { POSTGRES_POOL_SIZE } from "@hcoins/server-kit/database";
import {
  ConfigError,
  databaseUrl,
  type LogLevel,
  logLevel,
  nodeEnv,
  optionalText,
  parseEnv,
  port,
} from "@hcoins/server-kit/env";
import { type TrustProxySetting, trustProxy } from "@hcoins/server-kit/trust-proxy";
import { z } from "zod";
import { type ApiClient, parseApiClients } from "./api-keys.ts";
import type { BulkheadLimits } from "./bulkhead.ts";

/** Where the first start outside production keeps the keys it generated (api-keys-file.ts). */
export const DEFAULT_KEYS_FILE = "./data/coin-scheme-api-keys";

/**
 * Every variable the scheme reads: `COIN_*` only (and NODE_ENV), so that it runs beside the
 * member server, embedded or on its own, without reading the member server's settings.
 * The database, port, host, log level and proxies are the standalone scheme's (`npm run
 * coin-scheme`); embedded, the scheme uses the member server's. Each field's meta is its row of
 * docs/configuration.md (`npm run docs`).
 */
export const envSchema = z.object({
  NODE_ENV: nodeEnv.meta({ description: "`production` requires `COIN_SCHEME_API_KEYS`" }),
  // Not the member server's default file, so that the two never share a database by accident.
  COIN_SCHEME_DATABASE_URL: databaseUrl("sqlite:./data/coin-scheme.db").meta({
    description:
      "on its own only: `sqlite:<path>` or `postgres://user@host:port/db` (embedded, it uses the member server's `DATABASE_URL`)",
  }),
  COIN_SCHEME_PORT: port(4000).meta({
    description: "on its own only: as `PORT`, `HOST`, `LOG_LEVEL`, `TRUST_PROXY`",
  }),
  COIN_SCHEME_HOST: z
    .string()
    .default("0.0.0.0")
    .meta({ description: "on its own only: as `PORT`, `HOST`, `LOG_LEVEL`, `TRUST_PROXY`" }),
  COIN_SCHEME_LOG_LEVEL: logLevel.meta({
    description: "on its own only: as `PORT`, `HOST`, `LOG_LEVEL`, `TRUST_PROXY`",
  }),
  COIN_SCHEME_TRUST_PROXY: trustProxy.meta({
    description: "on its own only: as `PORT`, `HOST`, `LOG_LEVEL`, `TRUST_PROXY`",
  }),
  COIN_SCHEME_API_KEYS: optionalText.meta({
    shownDefault: "unset: generated outside production",
    description: "the scheme's clients ([Keys](coin-scheme.md#keys)); required in production",
  }),
  COIN_SCHEME_KEYS_FILE: z
    .string()
    .default(DEFAULT_KEYS_FILE)
    .meta({ description: "where the first start outside production keeps the keys it generated" }),
  COIN_SCHEME_API_DOCS: z.enum(["on", "off"]).optional().meta({
    shownDefault: "unset: off in production",
    description:
      "on its own only: `on` or `off`, the API reference at `/docs` and `/docs/json` (as `API_DOCS`)",
  }),
  COIN_SCHEME_JOBS_PGBOSS_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, "must be a PostgreSQL schema name (lower-case letters, digits, _)")
    .default("coin_scheme_pgboss")
    .meta({ description: "on its own with PostgreSQL: the schema of pg-boss for its scheduled jobs" }),
  // Load shedding (create-server.ts): 503 past either; 0 switches one off. The heap's default is 90 % of V8's limit.
  COIN_SCHEME_MAX_EVENT_LOOP_DELAY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(DEFAULT_PRESSURE.maxEventLoopDelayMs)
    .meta({
      description:
        "on its own only: load shedding (503 / 5030) once either holds three samples in a row; `0` switches one off",
    }),
  COIN_SCHEME_MAX_HEAP_MB: z.coerce.number().int().min(0).optional().meta({
    shownDefault: "90 % of V8's heap limit",
    description:
      "on its own only: load shedding (503 / 5030) once either holds three samples in a row; `0` switches one off",
  }),
  COIN_LIMIT_MEMBER_DAILY_PURCHASES: z.coerce
    .number()
    .int()
    .min(0)
    .default(20)
    .meta({ description: "velocity limits ([earn rules](coin-scheme.md#earn-rules)); `0` switches one off" }),
  COIN_LIMIT_MEMBER_DAILY_AMOUNT: z.coerce.number().int().min(0).default(50_000).meta({
    shownDefault: "`50000` (HKD)",
    description: "velocity limits ([earn rules](coin-scheme.md#earn-rules)); `0` switches one off",
  }),
  COIN_LIMIT_TILL_PURCHASES_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(0)
    .default(60)
    .meta({ description: "velocity limits ([earn rules](coin-scheme.md#earn-rules)); `0` switches one off" }),
  COIN_LIMIT_TILL_REQUESTS_PER_MINUTE: z.coerce.number().int().min(0).default(120).meta({
    description:
      "per till key and minute: its calls, its lookups of QR codes of no member ([earn rules](coin-scheme.md#earn-rules)); `0` switches one off",
  }),
  COIN_LIMIT_TILL_FAILED_LOOKUPS_PER_MINUTE: z.coerce.number().int().min(0).default(20).meta({
    description:
      "per till key and minute: its calls, its lookups of QR codes of no member ([earn rules](coin-scheme.md#earn-rules)); `0` switches one off",
  }),
  // Redemptions at once per instance: at most half the database pool, so a rush leaves the rest to tills.
  COIN_REDEMPTION_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(Math.floor(POSTGRES_POOL_SIZE / 2))
    .default(4)
    .meta({
      description:
        "each instance's redemptions at once (1 to 5, half the pool of 10 at most), waiting, and how long one waits: 503 / 5030 beyond",
    }),
  COIN_REDEMPTION_QUEUE: z.coerce.number().int().min(0).default(500).meta({
    description:
      "each instance's redemptions at once (1 to 5, half the pool of 10 at most), waiting, and how long one waits: 503 / 5030 beyond",
  }),
  // Below the member server's COIN_SCHEME_TIMEOUT_MS (3 s): "busy" reaches it before it gives up.
  COIN_REDEMPTION_WAIT_MS: z.coerce.number().int().min(1).default(2000).meta({
    description:
      "each instance's redemptions at once (1 to 5, half the pool of 10 at most), waiting, and how long one waits: 503 / 5030 beyond",
  }),
  COIN_BIRTHDAY_MULTIPLIER: z
    .string()
    .default("2")
    .transform((value) => multiplierHundredths(value) ?? Number.NaN)
    .refine((hundredths) => !Number.isNaN(hundredths), {
      message: "must be a number from 1 to 10 (e.g. 2 or 1.5)",
    })
    .meta({
      description:
        "the birthday month's multiplier (1 to 10, two decimals) a new database's birthday rule starts with (migration 0018); after that the rule is a campaign, changed in the console",
    }),
  COIN_HOLIDAYS: z
    .string()
    .default("")
    .transform((value, ctx) => {
      const days = new Map<string, number>();
      for (const entry of value
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean)) {
        const [date = "", multiplier = ""] = entry.split(":");
        const hundredths = multiplierHundredths(multiplier);
        if (!isCalendarDate(date) || hundredths === null) {
          ctx.addIssue({ code: "custom", message: `"${entry}" is not YYYY-MM-DD:multiplier (1 to 10)` });
        } else days.set(date, hundredths);
      }
      return days as ReadonlyMap<string, number>;
    })
    .meta({
      description:
        "holidays as `YYYY-MM-DD:multiplier,…` (Hong Kong dates) a new database starts with, one holiday rule each (migration 0018); after that holidays are campaigns, added in the console",
    }),
});

export interface CoinSchemeConfig {
  databaseUrl: string;
  port: number;
  host: string;
  logLevel: LogLevel;
  trustProxy: TrustProxySetting;
  /**
   * COIN_SCHEME_API_KEYS: who may call the API. Null when the variable is not set outside
   * production: the entry points then use the keys generated on first start (api-keys-file.ts).
   */
  clients: readonly ApiClient[] | null;
  /** COIN_SCHEME_KEYS_FILE: where the first start keeps the keys it generated. */
  keysFile: string;
  /** On its own with PostgreSQL: the schema of pg-boss, which runs its scheduled jobs once across instances. */
  jobsPgBossSchema: string;
  /** COIN_SCHEME_API_DOCS: whether the standalone scheme serves /docs and /docs/json. */
  apiDocs: boolean;
  /** The standalone scheme's load shedding (the member server's own when embedded). */
  pressure: PressureLimits;
  settings: CoinSchemeSettings;
}

/** The earn rules' settings. */
export interface CoinSchemeSettings {
  /**
   * COIN_BIRTHDAY_MULTIPLIER in hundredths (200 = ×2) and COIN_HOLIDAYS (Hong Kong date →
   * hundredths): read by migration 0018 only, which made them campaigns (decision 238).
   */
  birthdayMultiplier: number;
  configuredHolidays: ReadonlyMap<string, number>;
  limits: VelocityLimits;
  /** The redemptions' bulkhead on each instance (bulkhead.ts); 5030 "busy" beyond it. */
  redemptions: BulkheadLimits;
}

/**
 * How much one member and one till may earn in a while (0 = no limit; 6012 beyond), and how much
 * one till key may ask in a minute (4299 beyond).
 */
export interface VelocityLimits {
  memberDailyPurchases: number;
  memberDailyNetCents: number;
  tillPurchasesPerMinute: number;
  tillRequestsPerMinute: number;
  tillFailedLookupsPerMinute: number;
}

/** Parses the environment; a bad value throws a ConfigError naming every bad variable. */
export function loadCoinSchemeConfig(
  env: Record<string, string | undefined> = process.env,
): CoinSchemeConfig {
  const parsed = parseEnv(envSchema, env);
  let clients: ApiClient[] | null = null;
  if (parsed.COIN_SCHEME_API_KEYS !== undefined) {
    const keys = parseApiClients(parsed.COIN_SCHEME_API_KEYS);
    if ("problems" in keys) {
      throw new ConfigError(keys.problems.map((problem) => `COIN_SCHEME_API_KEYS: ${problem}`));
    }
    clients = keys.clients;
  } else if (parsed.NODE_ENV === "production") {
    throw new ConfigError([
      "COIN_SCHEME_API_KEYS: required in production (client:key for the member server, client:key:till:STORE-A|STORE-B for each till)",
    ]);
  } else if (parsed.NODE_ENV === "test") clients = [];
  return {
    databaseUrl: parsed.COIN_SCHEME_DATABASE_URL,
    port: parsed.COIN_SCHEME_PORT,
    host: parsed.COIN_SCHEME_HOST,
    logLevel: parsed.COIN_SCHEME_LOG_LEVEL,
    trustProxy: parsed.COIN_SCHEME_TRUST_PROXY,
    clients,
    keysFile: parsed.COIN_SCHEME_KEYS_FILE,
    jobsPgBossSchema: parsed.COIN_SCHEME_JOBS_PGBOSS_SCHEMA,
    apiDocs: parsed.COIN_SCHEME_API_DOCS
      ? parsed.COIN_SCHEME_API_DOCS === "on"
      : parsed.NODE_ENV !== "production",
    pressure: {
      maxEventLoopDelayMs: parsed.COIN_SCHEME_MAX_EVENT_LOOP_DELAY_MS,
      maxHeapUsedBytes:
        parsed.COIN_SCHEME_MAX_HEAP_MB === undefined
          ? DEFAULT_PRESSURE.maxHeapUsedBytes
          : parsed.COIN_SCHEME_MAX_HEAP_MB * 1024 * 1024,
    },
    settings: {
      birthdayMultiplier: parsed.COIN_BIRTHDAY_MULTIPLIER,
      configuredHolidays: parsed.COIN_HOLIDAYS,
      limits: {
        memberDailyPurchases: parsed.COIN_LIMIT_MEMBER_DAILY_PURCHASES,
        memberDailyNetCents: parsed.COIN_LIMIT_MEMBER_DAILY_AMOUNT * 100,
        tillPurchasesPerMinute: parsed.COIN_LIMIT_TILL_PURCHASES_PER_MINUTE,
        tillRequestsPerMinute: parsed.COIN_LIMIT_TILL_REQUESTS_PER_MINUTE,
        tillFailedLookupsPerMinute: parsed.COIN_LIMIT_TILL_FAILED_LOOKUPS_PER_MINUTE,
      },
      redemptions: {
        concurrency: parsed.COIN_REDEMPTION_CONCURRENCY,
        queue: parsed.COIN_REDEMPTION_QUEUE,
        waitMs: parsed.COIN_REDEMPTION_WAIT_MS,
      },
    },
  };
}
