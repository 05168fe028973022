import { CoinStatus } from "@hcoins/domain/codes";
import type { Language } from "@hcoins/domain/profile-options";
import { codeOf, request } from "./api-client.ts";

/**
 * The member-status (coin) check of product-spec.md section 4, shared by
 * registration, login, profile completion and password set.
 */
export interface CoinMessages {
  msg_en?: string;
  msg_tc?: string;
  msg_sc?: string;
}

export interface LinkedCheck extends CoinMessages {
  status_code: number;
  hcoins_memberno?: string | null;
}

export const localizedMessage = (messages: CoinMessages | undefined, language: Language, fallback = "") =>
  messages?.[`msg_${language}`] || fallback;

/** hcoin-check-linked, always as guest (the spec's "no token" call). */
export async function checkLinked(prefix: string, phone: string) {
  return request<LinkedCheck>("POST", "custom", "/custom/cuapp/customer/hcoin-check-linked", {
    body: { mobile_phone_prefix: prefix, mobile_phone: phone },
    asGuest: true,
  });
}

export interface StatusCheckOptions {
  prefix: string;
  phone: string;
  /** The member's external_customer_id, compared with a 101's hcoins_memberno. */
  externalCustomerId: string | null;
  language: Language;
  /** Shows a message and resolves when the member closes it. */
  alert: (message: string) => Promise<void>;
  /** Registration and login create an account on -1 as on 999; the profile check only alerts. */
  createOnFailure: boolean;
}

/** Runs the check and the follow-up link or create; true when the member ends up linked. */
export async function runMemberStatusCheck(options: StatusCheckOptions): Promise<boolean> {
  const { language, alert } = options;
  const check = await checkLinked(options.prefix, options.phone);
  if (codeOf(check) !== 200) {
    await alert(check.error_message || check.message || "Server Error");
    return false;
  }
  const status = Number(check.payload.status_code);
  if (status === CoinStatus.linked) {
    if (check.payload.hcoins_memberno && check.payload.hcoins_memberno === options.externalCustomerId)
      return true;
    await alert(localizedMessage(check.payload, language, check.message));
    return false;
  }
  if (status === CoinStatus.failed && !options.createOnFailure) {
    await alert(localizedMessage(check.payload, language, check.message));
    return false;
  }
  const action = status === CoinStatus.exists ? "link-hcoin-2" : "hcoin-create";
  const result = await request<CoinMessages>("POST", "custom", `/custom/cuapp/customer/${action}`, {
    body: {},
    json: true,
  });
  if (codeOf(result) === 200) return true;
  await alert(
    localizedMessage(result.payload, language, result.message || result.error_message || "Server Error"),
  );
  return false;
}
