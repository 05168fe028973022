import { ERROR_MESSAGES, ErrorCode, MemberCheckCode } from "@hcoins/domain/codes";
import type { UseFormSetError } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { useAlert } from "../../components/alert-provider.tsx";
import { codeOf } from "../../lib/api-client.ts";
import { currentLanguage } from "../../lib/i18n.ts";
import { runMemberStatusCheck } from "../../lib/member-status-check.ts";
import { paths } from "../../lib/paths.ts";
import { fieldErrors, serverErrorMessage } from "../../lib/server-message.ts";
import { type PhoneObject, session } from "../../lib/session.ts";
import { clearUser, loadUser } from "../../lib/user.ts";
import { checkDuplicateRegistration } from "./check-duplicate-registration.ts";
import { checkEmail } from "./check-email.ts";
import { flowUrl } from "./flow-url.ts";
import type { RegisterFormOutput, RegisterFormValues } from "./register-form-schema.ts";
import { registerWithMobile } from "./register-with-mobile.ts";
import { registrationPayload, registrationProfile } from "./registration-payload.ts";
import { saveProfile } from "./save-profile.ts";

// Payload fields that are also controls of the form, where a server rule can be shown.
const FORM_FIELDS = new Set<string>([
  "title",
  "name",
  "first_name",
  "last_name",
  "email",
  "password",
  "gender",
  "birthday_month",
  "age_range__c",
  "residential_country_region__c",
  "residential_district__c",
  "referral_code",
]);

/**
 * Step 3's submit (product-spec.md section 4, Registration steps 4 and 5): email and
 * duplicate checks, register, token, profile save, reload, coin scheme, success page.
 */
export function useCompleteRegistration(setError: UseFormSetError<RegisterFormValues>) {
  const { t } = useTranslation(["register", "common"]);
  const { alert } = useAlert();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const serverError = t("common:serverError");

  return async (values: RegisterFormOutput, phone: Required<PhoneObject>) => {
    const email = await checkEmail(values.email);
    if (codeOf(email) === MemberCheckCode.emailTaken) {
      await alert(ERROR_MESSAGES[ErrorCode.emailTaken][currentLanguage()]);
      return;
    }
    if (codeOf(email) !== MemberCheckCode.emailFree) {
      await alert(serverErrorMessage(email));
      return;
    }

    const duplicate = await checkDuplicateRegistration(phone.phonePre, phone.phone, values.email);
    if (codeOf(duplicate) !== 200) {
      await alert(serverErrorMessage(duplicate));
      return;
    }
    if (duplicate.payload.duplicate) {
      await alert(duplicate.payload.reason || serverError);
      return;
    }

    const registered = await registerWithMobile(registrationPayload(values, phone));
    const token = registered.payload?.access_token;
    if (codeOf(registered) !== 200 || !token) {
      const rules = fieldErrors(registered);
      for (const { field, rule } of rules) {
        if (FORM_FIELDS.has(field)) setError(field as keyof RegisterFormValues, { message: rule });
      }
      // A field rule (e.g. mobileBlocked) says more than "check the highlighted fields".
      const first = rules[0];
      await alert(first ? t(`common:validation.${first.rule}`) : serverErrorMessage(registered));
      return;
    }

    session.setToken(token);
    // The code is used up: a second submit must not present it again.
    session.setPhone({ phonePre: phone.phonePre, phone: phone.phone });
    clearUser();

    const saved = await saveProfile(registrationProfile(values));
    // The member exists by now, so a failed save is reported but does not stop the welcome.
    if (codeOf(saved) !== 200) await alert(serverErrorMessage(saved));
    const user = await loadUser();

    await runMemberStatusCheck({
      prefix: phone.phonePre,
      phone: phone.phone,
      externalCustomerId: user?.external_customer_id ?? null,
      language: currentLanguage(),
      alert: (message) => alert(message),
      createOnFailure: true,
    });
    navigate(flowUrl(paths.registerSuccess, search));
  };
}
