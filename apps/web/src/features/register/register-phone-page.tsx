import { ErrorCode } from "@hcoins/domain/codes";
import { DEFAULT_PHONE_PREFIX, type PhoneInput, phoneSchema } from "@hcoins/domain/phone";
import { useForm } from "react-hook-form";
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
import { flowUrl } from "./flow-url.ts";
import { domainResolver } from "./form-resolver.ts";
import { requestSmsCode } from "./request-sms-code.ts";

type PhoneForm = { mobile_phone_prefix: string; mobile_phone: string };

/** /register: prefix and mobile number; Next sends the first code and opens step 2. */
export function RegisterPhonePage() {
  const { t } = useTranslation(["register", "common"]);
  const { alert } = useAlert();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: domainResolver<PhoneForm, PhoneInput>(phoneSchema),
    defaultValues: { mobile_phone_prefix: DEFAULT_PHONE_PREFIX, mobile_phone: "" },
  });

  const next = handleSubmit(async ({ mobile_phone_prefix: phonePre, mobile_phone: phone }) => {
    const sent = await requestSmsCode(phonePre, phone);
    if (codeOf(sent) === 200) {
      session.setPhone({ phonePre, phone });
      navigate(flowUrl(paths.registerCode, search, { data: encodePhoneData({ phonePre, phone }) }));
      return;
    }
    const rules = fieldErrors(sent).filter((error) => error.field === "mobile_phone");
    for (const { rule } of rules) setError("mobile_phone", { message: rule });
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
        <PhoneField
          prefix={register("mobile_phone_prefix")}
          phone={register("mobile_phone")}
          error={errors.mobile_phone ?? errors.mobile_phone_prefix}
        />
        <SubmitActions loading={isSubmitting}>{t("common:next")}</SubmitActions>
      </form>
    </PageFrame>
  );
}
