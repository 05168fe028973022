import { ErrorCode } from "@hcoins/domain/codes";
import { isCommonPassword } from "@hcoins/domain/password";
import type { RegistrationPayload } from "@hcoins/domain/payloads";
import { AppError, validationError } from "../../errors.ts";
import type { Services } from "../../services.ts";
import { hashPassword } from "../auth/passwords.ts";

/** register-with-mobile: one transaction uses up the verified code, creates the member and issues the token. */
export class RegistrationService {
  constructor(private readonly services: Services) {}

  async register(payload: RegistrationPayload) {
    const { members, sms, accessTokens, db, config } = this.services;
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
    const passwordHash = await hashPassword(payload.password);
    return db.transaction().execute(async (trx) => {
      await sms.consumeVerified({ prefix, phone, purpose: "register" }, payload.sms_token, trx);
      const member = await members.createWebMember(payload, passwordHash, config.REGISTER_STORE_CODE, trx);
      const accessToken = await accessTokens.issue(member.id, trx);
      return { accessToken, member };
    });
  }
}
