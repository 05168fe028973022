import type { UserInfo } from "@hcoins/domain/api/profile";
import { profileCompleted } from "@hcoins/domain/payloads";
import type { ProfileFields } from "./repository.ts";
import type { MemberRow } from "./tables.ts";

/** A member needs web registration while either the profile or the password is missing (CheckPhone 40005). */
export function isProfileComplete(row: ProfileFields): boolean {
  return profileCompleted({
    title: row.title,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    gender: row.gender,
    birthday_month: row.birthday_month,
    age_range: row.age_range,
    region: row.region,
    district: row.district,
  });
}

/** The user info of the contract: product-spec.md section 3 plus has_password and profile_completed. */
export function toUserInfo(row: MemberRow): UserInfo {
  return {
    id: row.id,
    member_no: row.member_no,
    title: row.title,
    name: row.name,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    mobile_phone: row.mobile_phone,
    mobile_phone_prefix: row.mobile_phone_prefix,
    gender: row.gender,
    birthday_month: row.birthday_month,
    custom_fields: {
      age_range: row.age_range,
      residential_country_region: row.region,
      residential_district: row.district,
    },
    referral_code: row.referral_code,
    sms_subscription: row.sms_subscription,
    email_subscription: row.email_subscription,
    do_not_call: row.do_not_call,
    register_store_code: row.register_store_code,
    external_customer_id: row.external_customer_id,
    has_password: row.password_hash !== null,
    profile_completed: isProfileComplete(row),
  };
}
