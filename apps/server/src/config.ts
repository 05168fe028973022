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
 * scheme reads its own (COIN_*) with its own loader. Each field's meta is its row of
 * docs/configuration.md (`npm run docs` writes it; `shownDefault` where the schema's own
 * default would not read well).
 */
export const envSchema = z.object({
  NODE_ENV: nodeEnv.meta({ description: "`production` turns the development SMS outbox off" }),
  PORT: port(3000).meta({ description: "HTTP port" }),
  HOST: z.string().default("0.0.0.0").meta({ description: "interface to listen on" }),
  LOG_LEVEL: logLevel.meta({
    description:
      "pino level (`silent` … `trace`): `info` writes one access-log line per answered request, `debug` also one as each arrives",
  }),
  DATABASE_URL: databaseUrl("sqlite:./data/members.db").meta({
    description: "`sqlite:<path>` or `postgres://user@host:port/db`",
  }),
  REDIS_URL: optionalText
    .refine((url) => url === undefined || /^rediss?:\/\//.test(url), {
      message: "must be redis://…",
    })
    .meta({
      description:
        "`redis://…`: rate limits, SMS counters and login locks shared by every instance; unset = in-process",
    }),
  REDIS_KEY_PREFIX: z
    .string()
    .default("hcoins")
    .meta({ description: "prefix of every Redis key (one per deployment)" }),
  APP_IDS: z
    .string()
    .default("web")
    .transform((value) =>
      value
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .refine((ids) => ids.length > 0, { message: "needs at least one app id" })
    .meta({ description: "comma-separated app ids accepted in `Authorization: Bearer <app_id>:<token>`" }),
  TRUST_PROXY: trustProxy.meta({
    description:
      "the proxies' addresses or subnets, whose `X-Forwarded-For` entry is believed; a count (`true` = 1) warns in production (docs/operations.md)",
  }),
  PUBLIC_URL: optionalText.meta({
    shownDefault: "`http://localhost:$PORT`",
    description: "origin used in links the server hands out (unsubscribe links)",
  }),
  REGISTER_STORE_CODE: z
    .string()
    .default("")
    .meta({ description: "`register_store_code` of members who register on the web" }),

  SMS_PROVIDER: z
    .enum(["console", "http"])
    .default("console")
    .meta({ description: "`console` (log + development outbox) or `http` (a real gateway)" }),
  SMS_HTTP_URL: optionalText.meta({
    description:
      "gateway endpoint; required with `SMS_PROVIDER=http`. Receives `POST {from, to, text}` as JSON",
  }),
  SMS_HTTP_USERNAME: optionalText.meta({ description: "HTTP basic credentials for the gateway" }),
  SMS_HTTP_PASSWORD: optionalText.meta({ description: "HTTP basic credentials for the gateway" }),
  SMS_HTTP_SENDER: z.string().default("HCoins").meta({ description: "sender name (`from`)" }),
  SMS_HTTP_TIMEOUT_MS: int(10_000).meta({
    description:
      "time a send waits for the gateway; past it the member gets 5030 and the send is not counted against the SMS limits",
  }),
  SMS_TEMPLATE_EN: z
    .string()
    .default("Your H Coins verification code is {code}. It expires in 5 minutes.")
    .meta({
      shownDefault: "a sentence per language",
      description:
        "SMS text; `{code}` is replaced by the code. The language is the request's `Accept-Language`",
    }),
  SMS_TEMPLATE_TC: z.string().default("你的 H Coins 驗證碼是 {code}，5 分鐘內有效。").meta({
    shownDefault: "a sentence per language",
    description:
      "SMS text; `{code}` is replaced by the code. The language is the request's `Accept-Language`",
  }),
  SMS_TEMPLATE_SC: z.string().default("您的 H Coins 验证码是 {code}，5 分钟内有效。").meta({
    shownDefault: "a sentence per language",
    description:
      "SMS text; `{code}` is replaced by the code. The language is the request's `Accept-Language`",
  }),
  SMS_REDEEM_TEMPLATE_EN: z
    .string()
    .default(
      "Your H Coins code to redeem a reward is {code}. It expires in 5 minutes. If you did not ask to redeem H Coins, do not share it and change your password.",
    )
    .meta({
      shownDefault: "a sentence per language",
      description:
        "the text of a code that confirms a redemption (hcoin-redeem-sms): says it is for redeeming H Coins, so a member who did not ask is warned",
    }),
  SMS_REDEEM_TEMPLATE_TC: z
    .string()
    .default(
      "你的 H Coins 換領禮遇驗證碼是 {code}，5 分鐘內有效。如你沒有要求換領 H Coins，請勿透露此驗證碼，並更改密碼。",
    )
    .meta({
      shownDefault: "a sentence per language",
      description:
        "the text of a code that confirms a redemption (hcoin-redeem-sms): says it is for redeeming H Coins, so a member who did not ask is warned",
    }),
  SMS_REDEEM_TEMPLATE_SC: z
    .string()
    .default(
      "您的 H Coins 兑换礼遇验证码是 {code}，5 分钟内有效。如您没有要求兑换 H Coins，请勿透露此验证码，并修改密码。",
    )
    .meta({
      shownDefault: "a sentence per language",
      description:
        "the text of a code that confirms a redemption (hcoin-redeem-sms): says it is for redeeming H Coins, so a member who did not ask is warned",
    }),
  SMS_CODE_TTL_SECONDS: int(300).meta({ description: "life of an SMS code" }),
  SMS_CODE_MAX_ATTEMPTS: int(5).meta({ description: "wrong tries that void a code" }),
  SMS_VERIFIED_TTL_SECONDS: int(1800).meta({
    description: "how long a verified registration code can still be used to register",
  }),
  SMS_RESEND_SECONDS: int(60).meta({
    description: "minimum gap between two sends to one number for one purpose (4203)",
  }),
  SMS_NUMBER_HOURLY_LIMIT: int(5).meta({
    description: "sends per number per hour from every address, all purposes (4204)",
  }),
  SMS_CLIENT_HOURLY_LIMIT: int(30).meta({ description: "sends per client address per hour (4204)" }),
  SMS_NUMBER_CLIENT_HOURLY_LIMIT: int(3).meta({
    description:
      "sends per number per hour from one client address (4204); keep it below `SMS_NUMBER_HOURLY_LIMIT`, so one stranger cannot spend it all",
  }),
  SMS_TOTAL_HOURLY_LIMIT: int(1000).meta({
    description:
      "SMS sends per hour for the whole deployment (4208); a warn line at 80 %, an error line when spent (docs/reliability.md, Limits)",
  }),
  SMS_RESERVED_SHARE_PERCENT: z.coerce.number().int().min(0).max(100).default(30).meta({
    description:
      "the share of `SMS_TOTAL_HOURLY_LIMIT` registration codes cannot spend, kept for members' reset and redeeming codes (0 to 100)",
  }),
  SMS_PER_NETWORK_HOURLY_LIMIT: int(100).meta({
    description:
      "sends per hour from one network block (IPv4 /24, IPv6 /64), every address in it together (4204)",
  }),
  SMS_REDEEM_HOURLY_LIMIT: int(5).meta({
    description:
      "redeeming codes (`hcoin-redeem-sms`) per member's number per hour, apart from the number's allowance (4237, which names the password)",
  }),
  SMS_DEVICE_HOURLY_LIMIT: int(3).meta({
    description:
      "reset codes per hour asked from a device the member logged in on (a valid device cookie), instead of the number's allowance (4204)",
  }),
  SMS_CODE_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .default(30)
    .meta({ description: "SMS code records are deleted this many days after their expiry" }),
  SMS_LOG_RETENTION_DAYS: int(90).meta({
    description:
      "the log of SMS handed to the gateway (time, purpose, delivered; never the code) is kept this many days (job `purge-old-sms-log`)",
  }),

  LOGIN_MAX_FAILURES: int(5).meta({
    description:
      "consecutive failures of one number from one client address that lock the number for that address (4290)",
  }),
  LOGIN_LOCK_SECONDS: int(900).meta({
    description:
      "length of every login and change-password lock, and the window the failure ceilings count in",
  }),
  LOGIN_NUMBER_MAX_FAILURES: int(50).meta({
    description:
      "failures of one number from every address together that lock the number for everyone (4290)",
  }),
  LOGIN_CLIENT_MAX_FAILURES: int(20).meta({
    description:
      "failures of one client address on every number together that lock that address out of login (4290)",
  }),
  DEVICE_LOGIN_MAX_FAILURES: int(5).meta({
    description:
      "failures of a number's login from a device its member logged in on (device cookie) that lock that cookie (4290); strangers' locks do not refuse it",
  }),
  DEVICE_COOKIE_DAYS: int(180).meta({
    description: "life of the device cookie a login sets (docs/reliability.md, Sign-in and SMS sends)",
  }),
  CHANGE_PASSWORD_MAX_FAILURES: int(5).meta({
    description: "wrong old passwords at change-password that lock one member's change (4290)",
  }),
  REDEEM_PASSWORD_MAX_FAILURES: int(5).meta({
    description:
      "wrong passwords given to confirm a redemption that lock one member's redeeming by password (4290)",
  }),
  ACCESS_TOKEN_TTL_DAYS: int(30).meta({ description: "life of an access token" }),
  RESET_TOKEN_TTL_SECONDS: int(600).meta({ description: "life of a password reset token" }),
  RATE_LIMIT_PER_MINUTE: int(600).meta({
    description:
      "requests per client address per minute, static files not counted (4299; a refused page is a short page in the member's language)",
  }),
  API_DOCS: z.enum(["on", "off"]).optional().meta({
    description:
      "`on`/`off`: serve the API reference at `/docs` and `/docs/json`; unset = off with `NODE_ENV=production`, on otherwise",
  }),
  REQUEST_TIMEOUT_MS: int(DEFAULT_TIMEOUTS.requestMs).meta({
    description:
      "time a client has to send a whole request (headers and body); after it, 408 and the connection closed",
  }),
  KEEP_ALIVE_TIMEOUT_MS: int(DEFAULT_TIMEOUTS.keepAliveMs).meta({
    description:
      "an idle keep-alive connection is closed after this; keep it above the balancer's idle timeout",
  }),
  METRICS_TOKEN: optionalText
    .refine((token) => token === undefined || token.length >= 16, {
      message: "must be at least 16 characters (it guards /metrics)",
    })
    .meta({
      description:
        "bearer token (16+ characters) of `GET /metrics`, Prometheus format; unset = not served ([metrics](operations.md#metrics))",
    }),
  LOOKUP_CLIENT_MINUTE_LIMIT: int(20).meta({
    description:
      "membership lookups (CheckPhone, CheckEmail, VerifyMemberId, the duplicate and link checks) per client address per minute (4299)",
  }),
  LOOKUP_CLIENT_DAILY_LIMIT: int(200).meta({
    description:
      "the same lookups per client address per 24 hours (4299); a warn line when an address spends either budget",
  }),
  PASSWORD_HASH_CONCURRENCY: int(availableParallelism()).meta({
    shownDefault: "number of cores",
    description:
      "argon2id hashes and checks run at once; more wait their turn, so logins never starve other requests (bench/RESULTS.md)",
  }),

  CONSOLE_IDLE_MINUTES: int(30).meta({
    description:
      "an operator's console session ends after this many minutes without a call (and 12 hours after sign-in in any case)",
  }),
  OPERATOR_SIGN_IN_MAX_FAILURES: int(5).meta({
    description:
      "failed console sign-ins for one email from one client address that lock that address out of it (4290)",
  }),
  OPERATOR_SIGN_IN_EMAIL_MAX_FAILURES: int(50).meta({
    description:
      "failed console sign-ins for one email from every address together that lock it everywhere (4290)",
  }),
  OPERATOR_SIGN_IN_CLIENT_MAX_FAILURES: int(20).meta({
    description:
      "failed console sign-ins from one client address (every email) that lock that address (4290)",
  }),
  OPERATOR_LOCK_SECONDS: int(900).meta({
    description: "length of a console sign-in lock, and the window its failures count in",
  }),
  AUDIT_RETENTION_DAYS: int(730).meta({
    description:
      "audit log entries are deleted this many days after they were written (job `purge-old-audit-entries`)",
  }),
  APPROVAL_EXPIRY_HOURS: int(72).meta({
    description:
      "a console request waiting for approval (coin adjustment, goodwill voucher, birth month) expires after this many hours (job `expire-approval-requests`)",
  }),

  SIGNATURE_LOGIN_SECRET: optionalText.meta({
    description: "shared secret of signature login; unset = every attempt fails",
  }),
  SIGNATURE_LOGIN_WINDOW_SECONDS: int(300).meta({ description: "accepted age of a signed login message" }),
  UNSUBSCRIBE_LINK_TTL_DAYS: int(90).meta({ description: "life of an unsubscribe link" }),
  MEDIA_MAX_BYTES: int(2 * 1024 * 1024).meta({
    shownDefault: "`2097152` (2 MiB)",
    description: "largest image `media-add` (and `banner-add`, `brand-add --logo`) accepts",
  }),
  SEED_CONTENT: z.stringbool().default(true).meta({
    description:
      '`false`: a first start leaves an empty database empty (no demo banners, pages, brands or stores). See "First start" in [running](running.md)',
  }),
  JOBS_ENABLED: z.stringbool().default(true).meta({
    description:
      "`false`: this instance runs no scheduled jobs (purges, coin expiry, ledger check; [docs/operations.md](operations.md#scheduled-jobs))",
  }),
  JOBS_PGBOSS_SCHEMA: z
    .string()
    .default("pgboss")
    .refine((schema) => /^[a-z_][a-z0-9_]*$/.test(schema), { message: "must be a PostgreSQL schema name" })
    .meta({
      description:
        "PostgreSQL only: the schema of pg-boss, which runs each scheduled job once across instances",
    }),

  COIN_SCHEME_URL: optionalText
    .refine((url) => url === undefined || /^https?:\/\/[^\s]+$/.test(url), {
      message: "must be http://… or https://…",
    })
    .meta({
      description:
        "origin of an external H Coins scheme (e.g. `http://127.0.0.1:4000`); unset = the scheme is embedded in the server (its API served at `/coin-scheme/v1`)",
    }),
  COIN_SCHEME_API_KEY: optionalText.meta({
    shownDefault: "unset (development: from `./data/coin-scheme-api-keys`)",
    description: "the member server's key for the external scheme; required with `COIN_SCHEME_URL`",
  }),
  COIN_SCHEME_TIMEOUT_MS: int(3000).meta({
    description:
      "time the member server waits for the external scheme per attempt (one retry when no answer came)",
  }),
  WEB_DIST_DIR: z
    .string()
    .default("apps/web/dist")
    .meta({ description: "the built web app served at `/` (`npm start` builds it)" }),
  CONSOLE_DIST_DIR: z
    .string()
    .default("apps/console/dist")
    .meta({ description: "the built operators' console served at `/console` (`npm start` builds it)" }),
  WEB_CRM_BASE: z
    .string()
    .default("/crm")
    .meta({ description: "the two API bases the web app calls (another deployment's origin may be given)" }),
  WEB_CUSTOM_BASE: z
    .string()
    .default("/custom-api")
    .meta({ description: "the two API bases the web app calls (another deployment's origin may be given)" }),
  WEB_APP_ID: z
    .string()
    .default("web")
    .meta({ description: "the app id the web app sends in its Authorization header" }),
  WEB_SHOP_URL: z.url().default("https://shop.example.com/").meta({
    description:
      "where members go after login or registration (with `access_token`) when no allowed redirect is given",
  }),
  WEB_VIP_URL: z
    .url()
    .default("https://shop.example.com/vip")
    .meta({ description: "the shop's VIP member page (after a password change)" }),
  WEB_ESHOP_URL: z
    .url()
    .default("https://shop.example.com/")
    .meta({ description: "the download page's shop button" }),
  WEB_COIN_APP_DOWNLOAD_URL: z
    .url()
    .default("https://app.example.com/hcoins/download")
    .meta({ description: "the registration success page's app download link" }),
  WEB_DOWNLOAD_PAGE_URL: z
    .url()
    .default("https://app.example.com/download")
    .meta({ description: "the external download page (profile success)" }),
  WEB_DOWNLOAD_ENDPOINT_URL: z
    .url()
    .default("https://app.example.com/download")
    .meta({ description: "the download page's second QR code" }),
  WEB_APP_STORE_URL: z
    .url()
    .default("https://apps.apple.com/app/id0000000000")
    .meta({ description: "where `open-cu-app` and the app buttons send a device" }),
  WEB_GOOGLE_PLAY_URL: z
    .url()
    .default("https://play.google.com/store/apps/details?id=com.example.hcoins")
    .meta({ description: "where `open-cu-app` and the app buttons send a device" }),
  WEB_NATIVE_APP_SCHEME: z
    .string()
    .default("hcoins://")
    .meta({ description: "the welcome page's pay-channel hand-over to the native app" }),
  WEB_PAY_CHANNEL_PATH: z
    .string()
    .default("/app-payment")
    .meta({ description: "the welcome page's pay-channel hand-over to the native app" }),
  WEB_PAY_CHANNEL_RETURN_URL: z
    .string()
    .default("/app-payment/return-payme")
    .meta({ description: "the welcome page's pay-channel hand-over to the native app" }),
  WEB_REDIRECT_ALLOWLIST: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((host) => host.trim())
        .filter(Boolean),
    )
    .meta({
      description:
        "hosts (`shop.example.com,…`) a `redirect` may leave the app for; anything else falls back to the shop",
    }),
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
    )
    .meta({
      description:
        "comma-separated `start/end` windows (ISO 8601; start included, end excluded) in which every page shows `/maintenance`",
    }),
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
