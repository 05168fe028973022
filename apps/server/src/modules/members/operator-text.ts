import {
  isPhonePrefix,
  type MobileRule,
  mobileRule,
  normaliseMobile,
  PHONE_PREFIXES,
} from "@hcoins/domain/phone-rules";
import type { MemberRow } from "./tables.ts";

/*
 * How operators write a mobile number (the admin command line, the member import) and how the
 * texts they read name a number and a member.
 */

const MOBILE_RULE_TEXT: Record<MobileRule, (prefix: string) => string> = {
  mobileNull: () => "is empty",
  prefixInvalid: () => `has a prefix that is not one of ${PHONE_PREFIXES.join(", ")}`,
  mobileLength8: (prefix) => `must be 8 digits for prefix ${prefix}`,
  mobileLength11: () => "must be an 11-digit mainland number starting 13-19 for prefix 86",
};

/**
 * Checks a prefix and number with the domain's mobile rule. A leading "+" on the prefix
 * is dropped (people copy "+852" from the screens); the number is normalised as the member
 * server's schemas do (spaces, hyphens, full-width digits), so an operator finds the stored one.
 * Returns the normalised pair, or the reason it is refused, naming the argument.
 */
export function checkPhone(
  rawPrefix: string,
  typedPhone: string,
  names = { prefix: "prefix", phone: "mobile" },
): { prefix: string; phone: string } | { problem: string } {
  const phone = normaliseMobile(typedPhone);
  const prefix = rawPrefix.startsWith("+") ? rawPrefix.slice(1) : rawPrefix;
  if (!isPhonePrefix(prefix)) {
    return {
      problem:
        prefix === ""
          ? `${names.prefix} is empty`
          : `${names.prefix} "${rawPrefix}" is not one of ${PHONE_PREFIXES.join(", ")}`,
    };
  }
  const rule = mobileRule(prefix, phone);
  if (rule) return { problem: `${names.phone} "${typedPhone}" ${MOBILE_RULE_TEXT[rule](prefix)}` };
  return { prefix, phone };
}

export const showPhone = (prefix: string, phone: string) => `+${prefix} ${phone}`;

/** `member M000000042`, or `member #42` for one without a member number. */
export const showMemberNo = (member: MemberRow) => `member ${member.member_no ?? `#${member.id}`}`;

export const showMember = (member: MemberRow) =>
  `${showMemberNo(member)} (${showPhone(member.mobile_phone_prefix, member.mobile_phone)})`;
