import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useAlert } from "../../components/alert-provider.tsx";
import { SubmitActions } from "../../components/button.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { PhoneField } from "../../components/phone-field.tsx";
import { paths } from "../../lib/paths.ts";
import { decodePhoneData, encodePhoneData } from "../../lib/phone-data.ts";
import { serverErrorMessage } from "../../lib/server-message.ts";
import { type PhoneValues, usePhoneForm } from "../../lib/use-phone-form.ts";
import { checkPhone, loginStepOf } from "./check-phone.ts";
import { loginStepUrl } from "./login-urls.ts";

/** /login: the number first; CheckPhone decides between the password and SMS verification. */
export function LoginPhonePage() {
  const { t } = useTranslation(["login", "common"]);
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get("redirect");
  const navigate = useNavigate();
  const { alert } = useAlert();
  const [busy, setBusy] = useState(false);
  // Coming back from the password step ("change number") shows the number typed before.
  const previous = decodePhoneData(searchParams.get("data"));
  const {
    prefix,
    phone: phoneInput,
    error,
    handleSubmit,
    focusPhone,
  } = usePhoneForm(
    previous ? { mobile_phone_prefix: previous.phonePre, mobile_phone: previous.phone } : undefined,
  );

  const next = async ({ mobile_phone_prefix: phonePre, mobile_phone: phone }: PhoneValues) => {
    setBusy(true);
    const result = await checkPhone(phonePre, phone);
    const step = loginStepOf(result);
    if (step) {
      const data = encodePhoneData({ phonePre, phone });
      await navigate(loginStepUrl(step === "password" ? paths.loginPassword : paths.verify, data, redirect));
      return;
    }
    await alert(serverErrorMessage(result));
    setBusy(false);
    focusPhone();
  };

  return (
    <PageFrame title={t("common:titles.login")}>
      <p className="page-intro">{t("login:phoneIntro")}</p>
      <form className="card" noValidate onSubmit={handleSubmit(next)}>
        <PhoneField prefix={prefix} phone={phoneInput} error={error} />
        <SubmitActions loading={busy}>{t("common:next")}</SubmitActions>
      </form>
      <p className="login-alternative">
        {t("login:notMember")} <Link to={paths.register}>{t("login:registerNow")}</Link>
      </p>
    </PageFrame>
  );
}
