import { CoinCallCode, CoinStatus } from "@hcoins/domain/codes";
import type { Phone } from "../lib/session.ts";
import {
  coinFailureMessage,
  coinLinkCheck,
  coinMessage,
  createCoinAccount,
  linkCoinAccount,
} from "./coins.ts";

/**
 * The coin check of product-spec.md section 4 (its "member-status check"): after register,
 * login, profile completion and password set, the member's H Coins account is linked, or
 * linked now, or created. It never throws: every failure is shown with `alert`, and the
 * caller learns whether the member ended up linked.
 */
export interface CoinCheck {
  phone: Phone;
  /** The member's external_customer_id, compared with a 101's hcoins_memberno. */
  externalCustomerId: string | null;
  /** Shows a message and resolves when the member closes it. */
  alert: (message: string) => Promise<void>;
  /** Registration and login create an account on -1 as on 999; the profile flows only alert. */
  createOnFailure: boolean;
}

export async function runCoinCheck({
  phone,
  externalCustomerId,
  alert,
  createOnFailure,
}: CoinCheck): Promise<boolean> {
  try {
    const check = await coinLinkCheck(phone, { asGuest: false });
    const { status_code: status, hcoins_memberno: memberNo } = check.payload;
    if (status === CoinStatus.linked) {
      if (memberNo && memberNo === externalCustomerId) return true;
      await alert(coinMessage(check.payload, check.message));
      return false;
    }
    if (status === CoinStatus.failed && !createOnFailure) {
      await alert(coinMessage(check.payload, check.message));
      return false;
    }
    const result = await (status === CoinStatus.exists ? linkCoinAccount() : createCoinAccount());
    if (result.code === CoinCallCode.ok) return true;
    await alert(coinMessage(result.payload, result.message));
    return false;
  } catch (error) {
    await alert(coinFailureMessage(error));
    return false;
  }
}
