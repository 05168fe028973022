import { useNavigate, useSearchParams } from "react-router";
import { useRequestSmsCodeStep } from "../../api/landing-calls.ts";
import { useAlert } from "../../components/alert-provider.tsx";
import { SubmitActions } from "../../components/button.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { PhoneField } from "../../components/phone-field.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { paths } from "../../lib/paths.ts";
import { encodePhoneData } from "../../lib/phone-data.ts";
import { session } from "../../lib/session.ts";
import { usePhoneForm } from "../../lib/use-phone-form.ts";
import { flowUrl } from "./flow-url.ts";
import type { CodeStepState } from "./sms-code-screen.tsx";

/** /register: prefix and mobile number; Next sends the first code and opens step 2. */
export function Component() {
  const { t } = useTranslation(["register", "common"]);
  const { alert } = useAlert();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { phonePre, phone: phoneInput, error, setError, handleSubmit } = usePhoneForm();
  const send = useRequestSmsCodeStep({
    onSuccess: (_sent, phone) => {
      session.setPhone(phone);
      navigate(flowUrl(paths.registerCode, search, { data: encodePhoneData(phone) }));
    },
    onError: async (failure, asked) => {
      // The failures' texts load when first needed, outside this landing screen's first load.
      const { errorMessage, fieldErrors, resendWaitOf } = await import("../../api/error-message.ts");
      const rules = fieldErrors(failure).filter((rule) => rule.field === "mobile_phone");
      for (const { rule } of rules) setError(rule);
      if (rules.length > 0) return;
      // A code for this number went out under a minute ago: say how long until the next one.
      const wait = resendWaitOf(failure);
      const sentTo = session.getPhone();
      if (wait && sentTo?.phonePre === asked.phonePre && sentTo.phone === asked.phone) {
        // The member came back from step 2 with the number this tab sent that code to: the code is
        // still good (5 minutes), so step 2 again, with the countdown where it stands.
        const state: CodeStepState = { resendWait: wait };
        navigate(flowUrl(paths.registerCode, search, { data: encodePhoneData(asked) }), { state });
        return;
      }
      const message = errorMessage(failure);
      await alert(wait ? `${message} ${t("retryIn", { seconds: wait })}` : message);
    },
  });

  return (
    <PageFrame title={t("register:titles.register")}>
      <p className="page-intro">{t("phoneIntro")}</p>
      <form className="card" onSubmit={handleSubmit((phone) => send.mutate(phone))} noValidate>
        <PhoneField phonePre={phonePre} phone={phoneInput} error={error} />
        <SubmitActions loading={send.isPending}>{t("common:next")}</SubmitActions>
      </form>
    </PageFrame>
  );
}
