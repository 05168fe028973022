import { textIn } from "@hcoins/i18n/translator";
import type { UseFormReturn } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { runCoinCheck } from "../../api/coin-check.ts";
import { errorMessage, showFieldErrors } from "../../api/error-message.ts";
import { clearUser, loadUser, saveProfile } from "../../api/profile.ts";
import { useRegister } from "../../api/registration.ts";
import { useAlert } from "../../components/alert-provider.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { paths } from "../../lib/paths.ts";
import { session } from "../../lib/session.ts";
import { flowUrl } from "./flow-url.ts";
import type { RegisterFormValues } from "./register-form-schema.ts";
import { registrationProfile } from "./registration-payload.ts";

/**
 * Step 3's submit (product-spec.md section 4, Registration steps 4 and 5) as one mutation:
 * the email and duplicate checks and the registration (api/registration.ts), then token,
 * profile save, reload, coin check and the success page. It stays pending until the member
 * has gone on, so its isPending is the form's busy state.
 */
export function useCompleteRegistration(
  form: Pick<UseFormReturn<RegisterFormValues>, "setError" | "getValues">,
) {
  const { t } = useTranslation(["register", "common"]);
  const { alert } = useAlert();
  const navigate = useNavigate();
  const [search] = useSearchParams();

  return useRegister({
    onError: async (error) => {
      // A field rule (e.g. mobileBlocked) says more than "check the highlighted fields".
      const [first] = showFieldErrors(error, form);
      await alert(first ? textIn(t, "common:validation", first.rule) : errorMessage(error));
    },
    onSuccess: async ({ access_token }, registration) => {
      const { phone } = registration;
      session.setToken(access_token);
      // The code is used up: a second submit must not present it again.
      session.setPhone({ phonePre: phone.phonePre, phone: phone.phone });
      clearUser();
      // The member exists by now, so nothing below stops the welcome: failures are told, and on it goes.
      await saveProfile(registrationProfile(registration)).catch((error) => alert(errorMessage(error)));
      const user = await loadUser();
      await runCoinCheck({
        phone,
        externalCustomerId: user?.external_customer_id ?? null,
        alert: (message) => alert(message),
        createOnFailure: true,
      });
      await navigate(flowUrl(paths.registerSuccess, search));
    },
  });
}
