import type { ProfileChanges } from "../../api/profile.ts";
import type { Registration } from "../../api/registration.ts";
import type { Phone } from "../../lib/session.ts";
import type { RegisterFormOutput } from "./register-form-schema.ts";

/** Registrations through this app are reported as coming from the web (product-spec.md section 3). */
export const UTM_SOURCE = "web";

/**
 * The registration of step 3's values, which the domain's registration schema has checked
 * (register-form-schema.ts), so they are the payload's types already. The contact boxes hold
 * "reach me this way", the payload holds opt-outs: a box left unticked is sent as 1.
 */
export function registration(values: RegisterFormOutput, phone: Required<Phone>): Registration {
  return {
    phone,
    code: phone.code,
    email: values.email,
    details: {
      password: values.password,
      title: values.title,
      // A blank full name goes as "" (the schema's output leaves it out).
      name: values.name ?? null,
      first_name: values.first_name,
      last_name: values.last_name,
      gender: values.gender,
      birthday_month: values.birthday_month,
      age_range__c: values.age_range__c,
      residential_country_region__c: values.residential_country_region__c,
      residential_district__c: values.residential_district__c,
      email_subscription: values.contact_email ? 0 : 1,
      sms_subscription: values.contact_sms ? 0 : 1,
      do_not_call: values.contact_phone ? 0 : 1,
      referral_code: values.referral_code ?? "",
      utm_source: UTM_SOURCE,
    },
  };
}

/** POST /crm/user/profile after registering: the registration's profile fields, referral code included. */
export function registrationProfile({ details }: Registration): ProfileChanges {
  const { password: _password, utm_source: _utmSource, ...profile } = details;
  return profile;
}
