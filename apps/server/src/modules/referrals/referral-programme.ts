import { SchemeErrorCode } from "@hcoins/coin-scheme/contract";
import {
  type ConsoleReferral,
  REFERRALS_PAGE_SIZE,
  type ReferralSettings,
} from "@hcoins/domain/api/console-referrals";
import { ErrorCode } from "@hcoins/domain/codes";
import { parseAmountCents } from "@hcoins/domain/earn-rules";
import { AppError, validationError } from "../../errors.ts";
import type { Actor, AuditService } from "../audit/service.ts";
import {
  type CoinSchemeClient,
  CoinSchemeRefusedError,
  CoinSchemeUnavailableError,
} from "../coins/coin-scheme-client.ts";

/** The console's side of referrals: the operators' settings (audited) and the list, both held by the coin scheme. */
export class ReferralProgramme {
  constructor(
    private readonly scheme: CoinSchemeClient,
    private readonly audit: AuditService,
  ) {}

  settings() {
    return this.ask(() => this.scheme.referralSettings());
  }

  /** Sets them in the scheme, then one audit entry of before and after. */
  async setSettings(settings: ReferralSettings, by: Actor) {
    const amount = parseAmountCents(settings.min_net_amount);
    if (!("cents" in amount)) throw validationError([{ field: "min_net_amount", rule: "amountInvalid" }]);
    // Each reward named by its own field (the scheme's 6060 would not say which).
    for (const field of ["referrer_reward_id", "referred_reward_id"] as const) {
      try {
        await this.scheme.reward(settings[field]);
      } catch (error) {
        if (error instanceof CoinSchemeRefusedError && error.errorCode === SchemeErrorCode.rewardNotFound)
          throw validationError([{ field, rule: "rewardUnknown" }]);
        return this.ask(() => Promise.reject(error));
      }
    }
    const before = await this.settings();
    const after = await this.ask(() =>
      this.scheme.setReferralSettings(
        {
          active: settings.active,
          referrerRewardId: settings.referrer_reward_id,
          referredRewardId: settings.referred_reward_id,
          minNetCents: amount.cents,
          capPerReferrer: settings.cap_per_referrer,
        },
        by.actor,
      ),
    );
    await this.audit.record({
      ...by,
      action: "referralSettings.set",
      target: "referral-settings",
      before: before.settings,
      after: after.settings,
    });
    return after;
  }

  async list(state: ConsoleReferral["state"] | undefined, page: number) {
    return this.ask(() =>
      this.scheme.referrals(
        { state },
        { limit: REFERRALS_PAGE_SIZE, offset: (page - 1) * REFERRALS_PAGE_SIZE },
      ),
    );
  }

  /** The scheme refusing or not answering is a 5030. */
  private async ask<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      // Removed between the check and the write.
      if (
        error instanceof CoinSchemeRefusedError &&
        error.errorCode === SchemeErrorCode.referralRewardUnknown
      )
        throw validationError([{ field: "referrer_reward_id", rule: "rewardUnknown" }]);
      if (error instanceof CoinSchemeRefusedError || error instanceof CoinSchemeUnavailableError)
        throw new AppError(ErrorCode.serviceUnavailable);
      throw error;
    }
  }
}
