import { ErrorCode } from "@hcoins/domain/codes";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { useAlert } from "../../components/alert-provider.tsx";
import { SubmitActions } from "../../components/button.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { PhoneField } from "../../components/phone-field.tsx";
import { codeOf } from "../../lib/api-client.ts";
import { paths } from "../../lib/paths.ts";
import { encodePhoneData } from "../../lib/phone-data.ts";
import { fieldErrors, serverErrorMessage } from "../../lib/server-message.ts";
import { session } from "../../lib/session.ts";
import { usePhoneForm } from "../../lib/use-phone-form.ts";
import { flowUrl } from "./flow-url.ts";
import { requestSmsCode } from "./request-sms-code.ts";

/** /register: prefix and mobile number; Next sends the first code and opens step 2. */
export function RegisterPhonePage() {
  const { t } = useTranslation(["register", "common"]);
  const { alert } = useAlert();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { prefix, phone: phoneInput, error, setError, isSubmitting, handleSubmit } = usePhoneForm();

  const next = handleSubmit(async ({ mobile_phone_prefix: phonePre, mobile_phone: phone }) => {
    const sent = await requestSmsCode(phonePre, phone);
    if (codeOf(sent) === 200) {
      session.setPhone({ phonePre, phone });
      navigate(flowUrl(paths.registerCode, search, { data: encodePhoneData({ phonePre, phone }) }));
      return;
    }
    const rules = fieldErrors(sent).filter((error) => error.field === "mobile_phone");
    for (const { rule } of rules) setError(rule);
    if (rules.length > 0) return;
    let message = serverErrorMessage(sent);
    const wait = Number(sent.payload?.retry_after_seconds);
    // A code for this number went out under a minute ago: say how long until the next one.
    if (Number(sent.error_code) === ErrorCode.smsTooSoon && wait > 0) {
      message = `${message} ${t("retryIn", { seconds: wait })}`;
    }
    await alert(message);
  });

  return (
    <PageFrame title={t("common:titles.register")}>
      <p className="page-intro">{t("phoneIntro")}</p>
      <form className="card" onSubmit={next} noValidate>
        <PhoneField prefix={prefix} phone={phoneInput} error={error} />
        <SubmitActions loading={isSubmitting}>{t("common:next")}</SubmitActions>
      </form>
    </PageFrame>
  );
}
