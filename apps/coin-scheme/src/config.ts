import { isCalendarDate, multiplierHundredths } from "@hcoins/domain/earn-rules";
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

/**
 * Every variable the scheme reads: `COIN_*` only (and NODE_ENV), so that it runs beside the
 * member server, embedded or on its own, without reading the member server's settings.
 * The database, port, host, log level and proxies are the standalone scheme's (`npm run
 * coin-scheme`); embedded, the scheme uses the member server's. README.md ("H Coins") lists them.
 */
const envSchema = z.object({
  NODE_ENV: nodeEnv,
  // Not the member server's default file, so that the two never share a database by accident.
  COIN_SCHEME_DATABASE_URL: databaseUrl("sqlite:./data/coin-scheme.db"),
  COIN_SCHEME_PORT: port(4000),
  COIN_SCHEME_HOST: z.string().default("0.0.0.0"),
  COIN_SCHEME_LOG_LEVEL: logLevel,
  COIN_SCHEME_TRUST_PROXY: trustProxy,
  COIN_SCHEME_API_KEYS: optionalText,
  COIN_BIRTHDAY_MULTIPLIER: z
    .string()
    .default("2")
    .transform((value) => multiplierHundredths(value) ?? Number.NaN)
    .refine((hundredths) => !Number.isNaN(hundredths), {
      message: "must be a number from 1 to 10 (e.g. 2 or 1.5)",
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
    }),
});

// Development keys, so that `npm start` and `npm run coin-scheme` talk to each other out of the box
// (the member server's default COIN_SCHEME_API_KEY is the first). Production sets its own: none by
// default, and the scheme then refuses every key.
const DEV_COIN_SCHEME_API_KEYS = "member-server:dev-member-server-key,pos-dev:dev-pos-terminal-key:till";

export interface CoinSchemeConfig {
  databaseUrl: string;
  port: number;
  host: string;
  logLevel: LogLevel;
  trustProxy: TrustProxySetting;
  /** COIN_SCHEME_API_KEYS: who may call the API. */
  clients: readonly ApiClient[];
  settings: CoinSchemeSettings;
}

/** The earn rules' settings. */
export interface CoinSchemeSettings {
  /** In hundredths (200 = ×2), applied when the QR code's birth month is the current Hong Kong month. */
  birthdayMultiplier: number;
  /** COIN_HOLIDAYS: Hong Kong date → multiplier in hundredths. Operator entries override these. */
  configuredHolidays: ReadonlyMap<string, number>;
}

/** Parses the environment; a bad value throws a ConfigError naming every bad variable. */
export function loadCoinSchemeConfig(
  env: Record<string, string | undefined> = process.env,
): CoinSchemeConfig {
  const parsed = parseEnv(envSchema, env);
  const production = parsed.NODE_ENV === "production";
  const keys = parseApiClients(parsed.COIN_SCHEME_API_KEYS ?? (production ? "" : DEV_COIN_SCHEME_API_KEYS));
  if ("problems" in keys) {
    throw new ConfigError(keys.problems.map((problem) => `COIN_SCHEME_API_KEYS: ${problem}`));
  }
  return {
    databaseUrl: parsed.COIN_SCHEME_DATABASE_URL,
    port: parsed.COIN_SCHEME_PORT,
    host: parsed.COIN_SCHEME_HOST,
    logLevel: parsed.COIN_SCHEME_LOG_LEVEL,
    trustProxy: parsed.COIN_SCHEME_TRUST_PROXY,
    clients: keys.clients,
    settings: {
      birthdayMultiplier: parsed.COIN_BIRTHDAY_MULTIPLIER,
      configuredHolidays: parsed.COIN_HOLIDAYS,
    },
  };
}
