import { availableParallelism } from "node:os";
import {
  type CoinSchemeConfig,
  DEFAULT_KEYS_FILE,
  loadCoinSchemeConfig,
  memberServerKeyFromFile,
} from "@hcoins/coin-scheme/embedded";
import { DEFAULT_TIMEOUTS } from "@hcoins/server-kit/create-server";
import {
  ConfigError,
  databaseUrl,
  positiveInt as int,
  logLevel,
  nodeEnv,
  optionalText,
  parseEnv,
  port,
} from "@hcoins/server-kit/env";
import { trustProxy } from "@hcoins/server-kit/trust-proxy";
import { z } from "zod";

/**
 * Every environment variable the server reads, parsed once at start-up. The embedded coin
 * scheme reads its own (COIN_*) with its own loader. docs/configuration.md lists the
 * same names, defaults and meanings.
 */
const envSchema = z.object({
  NODE_ENV: nodeEnv,
  PORT: port(3000),
  HOST: z.string().default("0.0.0.0"),
  LOG_LEVEL: logLevel,
  DATABASE_URL: databaseUrl("sqlite:./data/members.db"),
  REDIS_URL: optionalText.refine((url) => url === undefined || /^rediss?:\/\//.test(url), {
    message: "must be redis://…",
  }),
  REDIS_KEY_PREFIX: z.string().default("hcoins"),
  APP_IDS: z
    .string()
    .default("web")
    .transform((value) =>
      value
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .refine((ids) => ids.length > 0, { message: "needs at least one app id" }),
  TRUST_PROXY: trustProxy,
  PUBLIC_URL: optionalText,
  REGISTER_STORE_CODE: z.string().default(""),

  SMS_PROVIDER: z.enum(["console", "http"]).default("console"),
  SMS_HTTP_URL: optionalText,
  SMS_HTTP_USERNAME: optionalText,
  SMS_HTTP_PASSWORD: optionalText,
  SMS_HTTP_SENDER: z.string().default("HCoins"),
  SMS_HTTP_TIMEOUT_MS: int(10_000),
  SMS_TEMPLATE_EN: z.string().default("Your H Coins verification code is {code}. It expires in 5 minutes."),
  SMS_TEMPLATE_TC: z.string().default("你的 H Coins 驗證碼是 {code}，5 分鐘內有效。"),
  SMS_TEMPLATE_SC: z.string().default("您的 H Coins 验证码是 {code}，5 分钟内有效。"),
  SMS_REDEEM_TEMPLATE_EN: z
    .string()
    .default(
      "Your H Coins code to redeem a reward is {code}. It expires in 5 minutes. If you did not ask to redeem H Coins, do not share it and change your password.",
    ),
  SMS_REDEEM_TEMPLATE_TC: z
    .string()
    .default(
      "你的 H Coins 換領禮遇驗證碼是 {code}，5 分鐘內有效。如你沒有要求換領 H Coins，請勿透露此驗證碼，並更改密碼。",
    ),
  SMS_REDEEM_TEMPLATE_SC: z
    .string()
    .default(
      "您的 H Coins 兑换礼遇验证码是 {code}，5 分钟内有效。如您没有要求兑换 H Coins，请勿透露此验证码，并修改密码。",
    ),
  SMS_CODE_TTL_SECONDS: int(300),
  SMS_CODE_MAX_ATTEMPTS: int(5),
  SMS_VERIFIED_TTL_SECONDS: int(1800),
  SMS_RESEND_SECONDS: int(60),
  SMS_NUMBER_HOURLY_LIMIT: int(5),
  SMS_CLIENT_HOURLY_LIMIT: int(30),
  SMS_NUMBER_CLIENT_HOURLY_LIMIT: int(3),
  SMS_TOTAL_HOURLY_LIMIT: int(1000),
  /** The share of SMS_TOTAL_HOURLY_LIMIT only members' reset and redeeming codes may spend. */
  SMS_RESERVED_SHARE_PERCENT: z.coerce.number().int().min(0).max(100).default(30),
  SMS_PER_NETWORK_HOURLY_LIMIT: int(100),
  SMS_REDEEM_HOURLY_LIMIT: int(5),
  SMS_DEVICE_HOURLY_LIMIT: int(3),
  SMS_CODE_RETENTION_DAYS: z.coerce.number().int().min(0).default(30),
  SMS_LOG_RETENTION_DAYS: int(90),

  LOGIN_MAX_FAILURES: int(5),
  LOGIN_LOCK_SECONDS: int(900),
  LOGIN_NUMBER_MAX_FAILURES: int(50),
  LOGIN_CLIENT_MAX_FAILURES: int(20),
  DEVICE_LOGIN_MAX_FAILURES: int(5),
  DEVICE_COOKIE_DAYS: int(180),
  CHANGE_PASSWORD_MAX_FAILURES: int(5),
  REDEEM_PASSWORD_MAX_FAILURES: int(5),
  ACCESS_TOKEN_TTL_DAYS: int(30),
  RESET_TOKEN_TTL_SECONDS: int(600),
  RATE_LIMIT_PER_MINUTE: int(600),
  /** The API reference at /docs: unset = off in production, on elsewhere (apiDocsServed). */
  API_DOCS: z.enum(["on", "off"]).optional(),
  REQUEST_TIMEOUT_MS: int(DEFAULT_TIMEOUTS.requestMs),
  KEEP_ALIVE_TIMEOUT_MS: int(DEFAULT_TIMEOUTS.keepAliveMs),
  METRICS_TOKEN: optionalText.refine((token) => token === undefined || token.length >= 16, {
    message: "must be at least 16 characters (it guards /metrics)",
  }),
  LOOKUP_CLIENT_MINUTE_LIMIT: int(20),
  LOOKUP_CLIENT_DAILY_LIMIT: int(200),
  PASSWORD_HASH_CONCURRENCY: int(availableParallelism()),

  CONSOLE_IDLE_MINUTES: int(30),
  OPERATOR_SIGN_IN_MAX_FAILURES: int(5),
  OPERATOR_SIGN_IN_EMAIL_MAX_FAILURES: int(50),
  OPERATOR_SIGN_IN_CLIENT_MAX_FAILURES: int(20),
  OPERATOR_LOCK_SECONDS: int(900),
  AUDIT_RETENTION_DAYS: int(730),
  APPROVAL_EXPIRY_HOURS: int(72),

  SIGNATURE_LOGIN_SECRET: optionalText,
  SIGNATURE_LOGIN_WINDOW_SECONDS: int(300),
  UNSUBSCRIBE_LINK_TTL_DAYS: int(90),
  MEDIA_MAX_BYTES: int(2 * 1024 * 1024),
  SEED_CONTENT: z.stringbool().default(true),
  JOBS_ENABLED: z.stringbool().default(true),
  JOBS_PGBOSS_SCHEMA: z
    .string()
    .default("pgboss")
    .refine((schema) => /^[a-z_][a-z0-9_]*$/.test(schema), { message: "must be a PostgreSQL schema name" }),

  COIN_SCHEME_URL: optionalText.refine((url) => url === undefined || /^https?:\/\/[^\s]+$/.test(url), {
    message: "must be http://… or https://…",
  }),
  COIN_SCHEME_API_KEY: optionalText,
  COIN_SCHEME_TIMEOUT_MS: int(3000),
  WEB_DIST_DIR: z.string().default("apps/web/dist"),
  /** The built operators' console (apps/console), served at /console. */
  CONSOLE_DIST_DIR: z.string().default("apps/console/dist"),
  WEB_CRM_BASE: z.string().default("/crm"),
  WEB_CUSTOM_BASE: z.string().default("/custom-api"),
  WEB_APP_ID: z.string().default("web"),
  WEB_SHOP_URL: z.url().default("https://shop.example.com/"),
  WEB_VIP_URL: z.url().default("https://shop.example.com/vip"),
  WEB_ESHOP_URL: z.url().default("https://shop.example.com/"),
  WEB_COIN_APP_DOWNLOAD_URL: z.url().default("https://app.example.com/hcoins/download"),
  WEB_DOWNLOAD_PAGE_URL: z.url().default("https://app.example.com/download"),
  WEB_DOWNLOAD_ENDPOINT_URL: z.url().default("https://app.example.com/download"),
  WEB_APP_STORE_URL: z.url().default("https://apps.apple.com/app/id0000000000"),
  WEB_GOOGLE_PLAY_URL: z.url().default("https://play.google.com/store/apps/details?id=com.example.hcoins"),
  WEB_NATIVE_APP_SCHEME: z.string().default("hcoins://"),
  WEB_PAY_CHANNEL_PATH: z.string().default("/app-payment"),
  WEB_PAY_CHANNEL_RETURN_URL: z.string().default("/app-payment/return-payme"),
  WEB_REDIRECT_ALLOWLIST: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((host) => host.trim())
        .filter(Boolean),
    ),
  /** Comma-separated `start/end` pairs, ISO 8601 with offset; the spec's window by default. */
  WEB_MAINTENANCE_WINDOWS: z
    .string()
    .default("2024-11-30T10:00:00+08:00/2024-11-30T11:00:00+08:00")
    .transform((value, ctx) =>
      value
        .split(",")
        .map((pair) => pair.trim())
        .filter(Boolean)
        .map((pair) => {
          const [start = "", end = ""] = pair.split("/");
          if (
            Number.isNaN(Date.parse(start)) ||
            Number.isNaN(Date.parse(end)) ||
            Date.parse(start) >= Date.parse(end)
          ) {
            ctx.addIssue({ code: "custom", message: `bad window "${pair}" (want start/end in ISO 8601)` });
          }
          return { start, end };
        }),
    ),
});

export type Config = z.infer<typeof envSchema> & {
  /** The embedded scheme's configuration (its loader, the same environment); null with COIN_SCHEME_URL. */
  coinScheme: CoinSchemeConfig | null;
};

/** Parses the environment; a bad value throws a ConfigError naming every bad variable, the scheme's too. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const problems: string[] = [];
  const collect = <T>(load: () => T): T | undefined => {
    try {
      return load();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(...error.problems);
      return undefined;
    }
  };
  const parsed = collect(() => parseEnv(envSchema, env));
  // Embedded unless COIN_SCHEME_URL names an external scheme; with bad variables of its own the scheme's are checked too.
  const coinScheme = parsed?.COIN_SCHEME_URL ? null : collect(() => loadCoinSchemeConfig(env));
  if (!parsed || coinScheme === undefined) throw new ConfigError(problems);
  if (parsed.SMS_PROVIDER === "http" && !parsed.SMS_HTTP_URL) {
    throw new ConfigError(["SMS_HTTP_URL: required when SMS_PROVIDER=http"]);
  }
  // In development, the member-server key that `npm run coin-scheme` generated on its first start.
  const apiKey =
    parsed.COIN_SCHEME_API_KEY ??
    (parsed.NODE_ENV !== "development" || !parsed.COIN_SCHEME_URL
      ? undefined
      : memberServerKeyFromFile(env.COIN_SCHEME_KEYS_FILE ?? DEFAULT_KEYS_FILE));
  if (parsed.COIN_SCHEME_URL && !apiKey) {
    throw new ConfigError([
      "COIN_SCHEME_API_KEY: required when COIN_SCHEME_URL is set (the scheme's member-server key; in development `npm run coin-scheme` generates one on its first start)",
    ]);
  }
  return { ...parsed, COIN_SCHEME_API_KEY: apiKey, coinScheme };
}

/** The development outbox exists only with the console sender, and never in production. */
export function devOutboxEnabled(config: Config): boolean {
  return config.SMS_PROVIDER === "console" && config.NODE_ENV !== "production";
}

/** Whether /docs and /docs/json are served: API_DOCS, else only outside production. */
export function apiDocsServed(config: Config): boolean {
  return config.API_DOCS ? config.API_DOCS === "on" : config.NODE_ENV !== "production";
}
