import { profileSaveBody } from "../../components/profile-fields.tsx";
import type { PhoneObject } from "../../lib/session.ts";
import type { RegisterFormOutput } from "./register-form-schema.ts";

/** Registrations through this app are reported as coming from the web (product-spec.md section 3). */
export const UTM_SOURCE = "web";

// The schema's output leaves a blank full name out; the mapper wants every control named.
const profileBody = (values: RegisterFormOutput) => profileSaveBody({ ...values, name: values.name ?? "" });

/**
 * POST /crm/registration/register-with-mobile's body. The contact boxes hold "reach me
 * this way", the payload holds opt-outs: a box left unticked is sent as 1.
 */
export function registrationPayload(values: RegisterFormOutput, phone: Required<PhoneObject>) {
  return {
    mobile_phone_prefix: phone.phonePre,
    mobile_phone: phone.phone,
    sms_token: phone.code,
    password: values.password,
    ...profileBody(values),
    email: values.email,
    referral_code: values.referral_code ?? "",
    utm_source: UTM_SOURCE,
  };
}

/** POST /crm/user/profile after registering: the same profile fields, referral code included. */
export function registrationProfile(values: RegisterFormOutput) {
  return { ...profileBody(values), referral_code: values.referral_code ?? "" };
}
