import type { z } from "zod";
import * as auth from "./auth.ts";
import * as cms from "./cms.ts";
import * as coins from "./coins.ts";
import * as media from "./media.ts";
import * as memberChecks from "./member-checks.ts";
import * as memberCoins from "./member-coins.ts";
import * as profile from "./profile.ts";
import * as registration from "./registration.ts";
import type { ApiRoute, ROUTES, RouteName } from "./routes.ts";
import * as stores from "./stores.ts";
import * as subscriptions from "./subscriptions.ts";

/**
 * Every call of the members' API with its schemas: its route (routes.ts) plus the
 * `body`, `query` or `params` it takes and the `answer` it gives at HTTP 200 (failures
 * share envelope.ts's failureAnswer). The server declares these on its routes, validates
 * requests and serialises answers with them, and serves them as OpenAPI; the web app
 * takes its types from them.
 */
export const CONTRACT = {
  requestSmsToken: registration.requestSmsToken,
  registerTokenStatus: registration.registerTokenStatus,
  registerWithMobile: registration.registerWithMobile,
  checkPhone: memberChecks.checkPhone,
  checkEmail: memberChecks.checkEmail,
  verifyMemberId: memberChecks.verifyMemberId,
  login: auth.login,
  logout: auth.logout,
  forgotPassword: auth.forgotPassword,
  exchangeResetCode: auth.exchangeResetCode,
  resetPassword: auth.resetPassword,
  signatureLogin: auth.signatureLogin,
  profile: profile.profile,
  saveProfile: profile.saveProfile,
  changePassword: profile.changePassword,
  setPassword: profile.setPassword,
  subscriptionPreferences: subscriptions.subscriptionPreferences,
  saveSubscriptionPreferences: subscriptions.saveSubscriptionPreferences,
  coinLinkCheck: coins.coinLinkCheck,
  linkCoinAccount: coins.linkCoinAccount,
  createCoinAccount: coins.createCoinAccount,
  duplicateRegistrationCheck: coins.duplicateRegistrationCheck,
  coinBalance: memberCoins.coinBalance,
  coinHistory: memberCoins.coinHistory,
  rewards: memberCoins.rewards,
  reward: memberCoins.reward,
  redeemReward: memberCoins.redeemReward,
  redeemSmsCode: memberCoins.redeemSmsCode,
  vouchers: memberCoins.vouchers,
  banners: cms.banners,
  cmsPage: cms.cmsPage,
  stores: stores.stores,
  storeFilterChoices: stores.storeFilterChoices,
  store: stores.store,
  tags: stores.tags,
  media: media.media,
} satisfies { [Name in RouteName]: (typeof ROUTES)[Name] & Operation };

/**
 * What a call may carry besides its route: its OpenAPI prose beside its schemas (the server
 * registers each route from its entry, apps/server/src/plugins/member-route.ts), and the schemas.
 */
export interface Operation extends ApiRoute {
  readonly tags: readonly string[];
  readonly summary: string;
  /** What the summary cannot say: refusals, limits, the configuration that sets them. */
  readonly description?: string;
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly params?: z.ZodType;
  /** The HTTP 200 answer, envelope included; none for media, whose answer is the image. */
  readonly answer?: z.ZodType;
}

export type Contract = typeof CONTRACT;

/** The answer of a call at HTTP 200, as the client reads it. */
export type AnswerOf<Name extends RouteName> = Contract[Name] extends { answer: z.ZodType }
  ? z.output<Contract[Name]["answer"]>
  : never;

/** What a call takes in its body (before the server's parsing: numbers may be strings, and so on). */
export type BodyOf<Name extends RouteName> = Contract[Name] extends { body: z.ZodType }
  ? z.input<Contract[Name]["body"]>
  : never;

/** What a call takes in its query string. */
export type QueryOf<Name extends RouteName> = Contract[Name] extends { query: z.ZodType }
  ? z.input<Contract[Name]["query"]>
  : never;
