import { ErrorCode } from "@hcoins/domain/codes";
import { isCommonPassword } from "@hcoins/domain/password";
import type { RegistrationPayload } from "@hcoins/domain/payloads";
import type { DatabaseHandle } from "@hcoins/server-kit/database";
import { AppError, validationError } from "../../errors.ts";
import { hashPassword } from "../auth/passwords.ts";
import type { FiguresService } from "../figures/service.ts";
import type { MemberService } from "../members/service.ts";
import type { ReferralService } from "../referrals/service.ts";
import type { SmsCodeService } from "../sms/service.ts";

export interface RegistrationConfig {
  /** The `register_store_code` of members who register on the web. */
  registerStoreCode: string;
}

/** register-with-mobile: one transaction uses up the verified code, creates the member and issues the token. */
export class RegistrationService {
  constructor(
    private readonly members: MemberService,
    private readonly sms: SmsCodeService,
    private readonly figures: FiguresService,
    private readonly transaction: DatabaseHandle["transaction"],
    private readonly config: RegistrationConfig,
    private readonly referrals: ReferralService,
  ) {}

  /** `deviceId`: the web app's own id of the browser (X-Device-Id), for the referral's device hash. */
  async register(payload: RegistrationPayload, deviceId: string | null = null) {
    const { members, sms } = this;
    const { mobile_phone_prefix: prefix, mobile_phone: phone } = payload;
    if (await members.isBlocked(prefix, phone)) {
      throw validationError([{ field: "mobile_phone", rule: "mobileBlocked" }]);
    }
    if (await members.findByPhone(prefix, phone)) throw new AppError(ErrorCode.alreadyRegistered);
    if (isCommonPassword(payload.password)) throw new AppError(ErrorCode.passwordTooCommon);
    // A wrong code counts as a wrong try here (outside the transaction, so it sticks).
    if ((await sms.checkVerified({ prefix, phone, purpose: "register" }, payload.sms_token)) === null) {
      throw new AppError(ErrorCode.smsCodeInvalid);
    }
    // A referral code of no member is refused here, before anything is used up.
    const referral = await this.referrals.referralFor(
      payload.referral_code,
      null,
      { prefix, phone },
      deviceId,
    );
    const passwordHash = await hashPassword(payload.password);
    const registered = await this.transaction(async (trx) => {
      await sms.consumeVerified({ prefix, phone, purpose: "register" }, payload.sms_token, trx);
      const member = await members.createWebMember(payload, passwordHash, this.config.registerStoreCode, trx);
      await this.referrals.registered(member, referral, trx);
      const accessToken = await members.issueAccessToken(member.id, trx);
      return { accessToken, member };
    });
    // Counted once committed, so a registration rolled back is not one.
    await this.figures.count("registrations");
    return registered;
  }
}
