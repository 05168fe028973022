import { availableParallelism } from "node:os";
import { isCalendarDate, multiplierHundredths } from "@hcoins/domain/earn-rules";
import { z } from "zod";
import { type ApiClient, parseApiClients } from "./coin-scheme/api-keys.ts";

/**
 * Every environment variable the server reads, parsed once at start-up.
 * README.md ("Configuration") lists the same names, defaults and meanings.
 */
const int = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATABASE_URL: z
    .string()
    .default("sqlite:./data/members.db")
    .refine((url) => url.startsWith("sqlite:") || /^postgres(ql)?:\/\//.test(url), {
      message: "must be sqlite:<path> or postgres://…",
    }),
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
  // Only what trusted proxies appended to X-Forwarded-For is believed, never what a client wrote there
  // itself (it would pick its own address for the SMS and rate limits): see fastifyTrustProxy below.
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((value): number | string => {
      const setting = value.trim().toLowerCase();
      if (["", "false", "no", "off"].includes(setting)) return 0;
      if (["true", "yes", "on"].includes(setting)) return 1;
      return /^\d+$/.test(setting) ? Number(setting) : value.trim();
    }),
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
  SMS_TEMPLATE_SC: z.string().default("你的 H Coins 验证码是 {code}，5 分钟内有效。"),
  SMS_CODE_TTL_SECONDS: int(300),
  SMS_CODE_MAX_ATTEMPTS: int(5),
  SMS_VERIFIED_TTL_SECONDS: int(1800),
  SMS_RESEND_SECONDS: int(60),
  SMS_NUMBER_HOURLY_LIMIT: int(5),
  SMS_CLIENT_HOURLY_LIMIT: int(30),

  LOGIN_MAX_FAILURES: int(5),
  LOGIN_LOCK_SECONDS: int(900),
  ACCESS_TOKEN_TTL_DAYS: int(30),
  RESET_TOKEN_TTL_SECONDS: int(600),
  RATE_LIMIT_PER_MINUTE: int(600),
  PASSWORD_HASH_CONCURRENCY: int(availableParallelism()),

  SIGNATURE_LOGIN_SECRET: optionalText,
  SIGNATURE_LOGIN_WINDOW_SECONDS: int(300),
  UNSUBSCRIBE_LINK_TTL_DAYS: int(90),
  MEDIA_MAX_BYTES: int(2 * 1024 * 1024),
  SEED_CONTENT: z.stringbool().default(true),

  COIN_SCHEME_URL: optionalText.refine((url) => url === undefined || /^https?:\/\/[^\s]+$/.test(url), {
    message: "must be http://… or https://…",
  }),
  COIN_SCHEME_API_KEY: optionalText,
  COIN_SCHEME_API_KEYS: optionalText,
  COIN_SCHEME_TIMEOUT_MS: int(3000),
  COIN_SCHEME_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
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
  WEB_DIST_DIR: z.string().default("apps/web/dist"),
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

export type Config = z.infer<typeof envSchema> & { coinSchemeClients: readonly ApiClient[] };

// Development defaults, so that `npm start` and `npm run coin-scheme` talk to each other out of the box.
// Production sets its own (none by default: the scheme then refuses every key).
const DEV_COIN_SCHEME_API_KEYS = "member-server:dev-member-server-key,pos-dev:dev-pos-terminal-key:till";
const DEV_COIN_SCHEME_API_KEY = "dev-member-server-key";

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const parsed = result.data;
  if (parsed.SMS_PROVIDER === "http" && !parsed.SMS_HTTP_URL) {
    throw new ConfigError("Invalid configuration:\n  SMS_HTTP_URL: required when SMS_PROVIDER=http");
  }
  const production = parsed.NODE_ENV === "production";
  const keys = parseApiClients(parsed.COIN_SCHEME_API_KEYS ?? (production ? "" : DEV_COIN_SCHEME_API_KEYS));
  if ("problems" in keys) {
    throw new ConfigError(
      `Invalid configuration:\n${keys.problems.map((p) => `  COIN_SCHEME_API_KEYS: ${p}`).join("\n")}`,
    );
  }
  const apiKey = parsed.COIN_SCHEME_API_KEY ?? (production ? undefined : DEV_COIN_SCHEME_API_KEY);
  if (parsed.COIN_SCHEME_URL && !apiKey) {
    throw new ConfigError(
      "Invalid configuration:\n  COIN_SCHEME_API_KEY: required when COIN_SCHEME_URL is set",
    );
  }
  return { ...parsed, COIN_SCHEME_API_KEY: apiKey, coinSchemeClients: keys.clients };
}

/**
 * Fastify's trustProxy for TRUST_PROXY: a number is that many proxies in front (true is one), so
 * the client address is the one the outermost of them appended; text is the proxies' addresses or
 * subnets (proxy-addr's names such as loopback too). Fastify's own `true` would believe every entry,
 * the client's included, and its number form believes none.
 */
export function fastifyTrustProxy(
  config: Config,
): string | false | ((address: string, hop: number) => boolean) {
  const setting = config.TRUST_PROXY;
  if (typeof setting === "string") return setting;
  return setting === 0 ? false : (_address, hop) => hop < setting;
}

/** The development outbox exists only with the console sender, and never in production. */
export function devOutboxEnabled(config: Config): boolean {
  return config.SMS_PROVIDER === "console" && config.NODE_ENV !== "production";
}
