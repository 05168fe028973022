import { Link, useNavigate, useSearchParams } from "react-router";
import { useCheckPhoneStep } from "../../api/landing-calls.ts";
import { SubmitActions } from "../../components/button.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { PhoneField } from "../../components/phone-field.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { paths } from "../../lib/paths.ts";
import { decodePhoneData, encodePhoneData } from "../../lib/phone-data.ts";
import type { Phone } from "../../lib/session.ts";
import { usePhoneForm } from "../../lib/use-phone-form.ts";
import { loginStepUrl } from "./login-urls.ts";

/** /login: the number first; CheckPhone decides between the password and SMS verification. */
export function Component() {
  const { t } = useTranslation(["login", "common"]);
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get("redirect");
  const navigate = useNavigate();
  // Coming back from the password step ("change number") shows the number typed before.
  const {
    phonePre,
    phone: phoneInput,
    error,
    handleSubmit,
    focusPhone,
  } = usePhoneForm(decodePhoneData(searchParams.get("data")));
  const check = useCheckPhoneStep({
    // product-spec.md section 4, Login: a registered member (40006) goes on to the password; the
    // other codes go to SMS verification, which sorts them out as registration does.
    onSuccess: ({ registered }, { phone }) => {
      const step = registered ? paths.loginPassword : paths.verify;
      return navigate(loginStepUrl(step, encodePhoneData(phone), redirect));
    },
  });

  // Sent as a visitor: whoever types a number here is logging in, whatever an old session says.
  const next = (phone: Phone) => check.mutate({ phone, asGuest: true }, { onError: focusPhone });

  return (
    <PageFrame title={t("login:titles.login")}>
      <p className="page-intro">{t("login:phoneIntro")}</p>
      <form className="card" noValidate onSubmit={handleSubmit(next)}>
        <PhoneField phonePre={phonePre} phone={phoneInput} error={error} />
        <SubmitActions loading={check.isPending}>{t("common:next")}</SubmitActions>
      </form>
      <p className="login-alternative">
        {t("login:notMember")} <Link to={paths.register}>{t("login:registerNow")}</Link>
      </p>
    </PageFrame>
  );
}
