import { ErrorCode } from "@hcoins/domain/codes";
import type { Language } from "@hcoins/domain/languages";
import { AppError } from "../../errors.ts";
import type { AuthService } from "../auth/service.ts";
import type { MemberRow } from "../members/service.ts";
import type { SmsCodeService } from "../sms/service.ts";

/** The proof a redemption carries: the member's password, or the code of a redeeming SMS. */
export type StepUpProof = { password: string } | { smsCode: string };

/** A proof that passed. */
export interface StepUpPassed {
  /** The redemption did not happen: an SMS code becomes usable again (a password needs nothing). */
  giveBack(): Promise<void>;
}

const PASSED_BY_PASSWORD: StepUpPassed = { giveBack: async () => {} };

/**
 * Redeeming turns coins into vouchers, which a thief can use: it needs a fresh proof that the
 * member is there, beyond the session's token. The password is checked as at change-password,
 * on a count of its own (AuthService.confirmPassword). The SMS goes to the member's own number
 * under the purpose `redeem`, so no registration or reset code proves anything here, and is used
 * up by the redemption it proves.
 */
export class RedeemStepUp {
  constructor(
    private readonly auth: AuthService,
    private readonly sms: SmsCodeService,
  ) {}

  /**
   * Sends a redeeming code to the member's number. It counts on an allowance of its own
   * (SMS_REDEEM_HOURLY_LIMIT), not the number's that registration and reset codes share, then on
   * the address's, the network's and the budget (its reserved share too). When one of those
   * refuses, the answer is 4237, which tells the member to confirm with the password instead; the
   * resend wait stays 4203 (a minute).
   */
  async sendCode(member: MemberRow, language: Language, clientAddress: string): Promise<void> {
    try {
      await this.sms.send(codeKey(member), language, clientAddress, true);
    } catch (error) {
      if (
        error instanceof AppError &&
        (error.errorCode === ErrorCode.smsTooMany || error.errorCode === ErrorCode.smsBudgetReached)
      ) {
        throw new AppError(ErrorCode.redeemCodeRefused, {
          retry_after_seconds: error.details.retry_after_seconds,
        });
      }
      throw error;
    }
  }

  /** 4230 / 4290 for a wrong or locked password, 4201 for a wrong, expired, void or used code. */
  async prove(member: MemberRow, proof: StepUpProof): Promise<StepUpPassed> {
    if ("password" in proof) {
      await this.auth.confirmPassword(member, proof.password);
      return PASSED_BY_PASSWORD;
    }
    const id = await this.sms.useCode(codeKey(member), proof.smsCode);
    return { giveBack: () => this.sms.restore(id) };
  }
}

const codeKey = (member: MemberRow) =>
  ({ prefix: member.mobile_phone_prefix, phone: member.mobile_phone, purpose: "redeem" }) as const;
