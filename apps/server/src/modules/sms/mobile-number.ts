import { isPhonePrefix, type PhonePrefix } from "@hcoins/domain/phone-rules";
import { isValidPhoneNumber } from "libphonenumber-js/mobile";

const COUNTRY_OF_PREFIX: Record<PhonePrefix, "HK" | "MO" | "CN"> = { "852": "HK", "853": "MO", "86": "CN" };

/**
 * Whether a number that passed the domain's shape rule (mobileRule) is a mobile number of its
 * prefix's numbering plan, so that no SMS is paid for a landline or an unallocated range. The
 * `mobile` metadata of libphonenumber-js knows mobile ranges only: any other number is invalid to
 * it. Server-side only: the web app keeps the domain's small shape rule (its first load).
 */
export function isMobileNumber(prefix: string, phone: string): boolean {
  return isPhonePrefix(prefix) && isValidPhoneNumber(phone, COUNTRY_OF_PREFIX[prefix]);
}
