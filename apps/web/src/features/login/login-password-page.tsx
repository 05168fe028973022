import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Link, Navigate, useSearchParams } from "react-router";
import { z } from "zod";
import { useLogin } from "../../api/auth.ts";
import { isUnreachable } from "../../api/error-message.ts";
import { useAlert } from "../../components/alert-provider.tsx";
import { SubmitActions } from "../../components/button.tsx";
import { TextField } from "../../components/form-fields.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { paths } from "../../lib/paths.ts";
import { decodePhoneData } from "../../lib/phone-data.ts";
import { displayPhone } from "../../lib/phone-display.ts";
import type { Phone } from "../../lib/session.ts";
import { useFinishLogin } from "./finish-login.ts";
import { loginFailureContent } from "./login-failure.tsx";
import { forgotPasswordUrl, loginStepUrl } from "./login-urls.ts";

// Logging in checks presence only: a password set under older rules must still be accepted.
const passwordForm = z.object({ password: z.string().min(1, "passwordNull") });

/** /login/step2?data=…&redirect=…: the password of a registered number. */
export function Component() {
  const [searchParams] = useSearchParams();
  const data = searchParams.get("data");
  const redirect = searchParams.get("redirect");
  const phone = decodePhoneData(data);
  if (!phone || !data) return <Navigate to={loginStepUrl(paths.login, null, redirect)} replace />;
  return <PasswordForm phone={phone} data={data} redirect={redirect} />;
}

function PasswordForm({ phone, data, redirect }: { phone: Phone; data: string; redirect: string | null }) {
  const { t } = useTranslation(["login", "common"]);
  const { alert } = useAlert();
  const finishLogin = useFinishLogin();
  const {
    register,
    handleSubmit,
    resetField,
    setFocus,
    formState: { errors },
  } = useForm({ resolver: zodResolver(passwordForm), defaultValues: { password: "" } });
  const login = useLogin({
    onSuccess: (token) => finishLogin(token, phone, redirect),
    onError: async (error) => {
      await alert(loginFailureContent(error, t));
      // A refused password: an empty field for the next try. An outage refused nothing: the
      // password stays, to send again once the service is back.
      if (!isUnreachable(error)) resetField("password");
      setFocus("password");
    },
  });

  return (
    <PageFrame title={t("login:titles.loginPassword")}>
      <p className="page-intro">
        {t("login:passwordIntro")} <strong className="login-number">{displayPhone(phone)}</strong>{" "}
        <Link to={loginStepUrl(paths.login, data, redirect)}>{t("login:changeNumber")}</Link>
      </p>
      <form
        className="card"
        noValidate
        onSubmit={handleSubmit(({ password }) => login.mutate({ phone, password }))}
      >
        <TextField
          label={t("login:password")}
          type="password"
          autoComplete="current-password"
          error={errors.password}
          {...register("password")}
        />
        <p className="login-forgot">
          <Link to={forgotPasswordUrl(data)}>{t("login:forgotPassword")}</Link>
        </p>
        {/* A login that succeeded is leaving the page (perhaps for the shop): no second press meanwhile. */}
        <SubmitActions loading={login.isPending || login.isSuccess}>{t("login:login")}</SubmitActions>
      </form>
    </PageFrame>
  );
}
