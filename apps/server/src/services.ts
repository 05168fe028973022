import type { DatabaseHandle } from "@hcoins/server-kit/database";
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import type { Config } from "./config.ts";
import { createCounterFactory } from "./counters.ts";
import type { Database } from "./db/schema.ts";
import { AccessTokens } from "./modules/auth/access-tokens.ts";
import { setPasswordHashConcurrency } from "./modules/auth/passwords.ts";
import { ResetTokens } from "./modules/auth/reset-tokens.ts";
import { AuthService } from "./modules/auth/service.ts";
import { CmsRepository } from "./modules/cms/repository.ts";
import { CmsService } from "./modules/cms/service.ts";
import { createCoinServices } from "./modules/coins/create-coin-services.ts";
import { MediaRepository } from "./modules/media/repository.ts";
import { MediaService } from "./modules/media/service.ts";
import { MemberRepository } from "./modules/members/repository.ts";
import { MemberService } from "./modules/members/service.ts";
import { ConsoleSmsSender } from "./modules/sms/console-sender.ts";
import { HttpSmsSender } from "./modules/sms/http-sender.ts";
import { SmsCodeRepository } from "./modules/sms/repository.ts";
import { SmsCodeService } from "./modules/sms/service.ts";
import { StoreRepository } from "./modules/stores/repository.ts";
import { StoreService } from "./modules/stores/service.ts";
import { SubscriptionService } from "./modules/subscriptions/service.ts";

/** Every domain service, wired once; routes and the admin CLI receive this object. */
export function createServices(
  config: Config,
  database: DatabaseHandle,
  redis: Redis | undefined,
  log: FastifyBaseLogger,
  now: () => number,
) {
  const db = database.tables<Database>();
  setPasswordHashConcurrency(config.PASSWORD_HASH_CONCURRENCY);
  const counters = createCounterFactory(redis, config.REDIS_KEY_PREFIX);
  const smsSender =
    config.SMS_PROVIDER === "http"
      ? new HttpSmsSender({
          url: config.SMS_HTTP_URL as string,
          username: config.SMS_HTTP_USERNAME,
          password: config.SMS_HTTP_PASSWORD,
          sender: config.SMS_HTTP_SENDER,
          timeoutMs: config.SMS_HTTP_TIMEOUT_MS,
        })
      : new ConsoleSmsSender(log, now);
  const members = new MemberService(new MemberRepository(db), now);
  const sms = new SmsCodeService(new SmsCodeRepository(db), smsSender, counters, config, log, now);
  const accessTokens = new AccessTokens(db, config.ACCESS_TOKEN_TTL_DAYS, now);
  const resetTokens = new ResetTokens(db, config.RESET_TOKEN_TTL_SECONDS, now);
  const auth = new AuthService(db, members, sms, accessTokens, resetTokens, counters, config, now);
  const subscriptions = new SubscriptionService(db, members, config, now);
  const { coinScheme, coinSchemeClient, coins } = createCoinServices(config, database, members, log, now);
  const media = new MediaService(new MediaRepository(db), config.MEDIA_MAX_BYTES, now);
  const cms = new CmsService(db, new CmsRepository(db), media, now);
  const stores = new StoreService(db, new StoreRepository(db), media, now);
  return {
    config,
    database,
    db,
    now,
    smsSender,
    members,
    sms,
    accessTokens,
    auth,
    subscriptions,
    coinScheme,
    coinSchemeClient,
    coins,
    media,
    cms,
    stores,
  };
}

export type Services = ReturnType<typeof createServices>;
