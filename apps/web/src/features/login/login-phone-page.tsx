import { DEFAULT_PHONE_PREFIX, type PhoneInput, phoneSchema } from "@hcoins/domain/phone";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useAlert } from "../../components/alert-provider.tsx";
import { SubmitActions } from "../../components/button.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { PhoneField } from "../../components/phone-field.tsx";
import { paths } from "../../lib/paths.ts";
import { decodePhoneData, encodePhoneData } from "../../lib/phone-data.ts";
import { serverErrorMessage } from "../../lib/server-message.ts";
import { checkPhone, loginStepOf } from "./check-phone.ts";
import { loginStepUrl } from "./login-urls.ts";

// The schema accepts any input (it normalises what clients send, typed unknown); this form holds strings.
type PhoneForm = { mobile_phone_prefix: string; mobile_phone: string };

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
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<PhoneForm, unknown, PhoneInput>({
    resolver: zodResolver(phoneSchema) as Resolver<PhoneForm, unknown, PhoneInput>,
    defaultValues: {
      mobile_phone_prefix: previous?.phonePre ?? DEFAULT_PHONE_PREFIX,
      mobile_phone: previous?.phone ?? "",
    },
  });

  const next = async ({ mobile_phone_prefix: phonePre, mobile_phone: phone }: PhoneInput) => {
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
    setFocus("mobile_phone");
  };

  return (
    <PageFrame title={t("common:titles.login")}>
      <p className="page-intro">{t("login:phoneIntro")}</p>
      <form className="card" noValidate onSubmit={handleSubmit(next)}>
        <PhoneField
          prefix={register("mobile_phone_prefix")}
          phone={register("mobile_phone")}
          error={errors.mobile_phone ?? errors.mobile_phone_prefix}
        />
        <SubmitActions loading={busy}>{t("common:next")}</SubmitActions>
      </form>
      <p className="login-alternative">
        {t("login:notMember")} <Link to={paths.register}>{t("login:registerNow")}</Link>
      </p>
    </PageFrame>
  );
}
