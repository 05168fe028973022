import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useSearchParams } from "react-router";
import { z } from "zod";
import { useAlert } from "../../components/alert-provider.tsx";
import { SubmitActions } from "../../components/button.tsx";
import { TextField } from "../../components/form-fields.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { codeOf } from "../../lib/api-client.ts";
import { paths } from "../../lib/paths.ts";
import { decodePhoneData } from "../../lib/phone-data.ts";
import { displayPhone } from "../../lib/phone-display.ts";
import { useFinishLogin } from "./finish-login.ts";
import { loginFailureContent } from "./login-failure.tsx";
import { forgotPasswordUrl, loginStepUrl } from "./login-urls.ts";
import { loginWithPassword } from "./login-with-password.ts";

// Logging in checks presence only: a password set under older rules must still be accepted.
const passwordForm = z.object({ password: z.string().min(1, "passwordNull") });

/** /login/step2?data=…&redirect=…: the password of a registered number. */
export function LoginPasswordPage() {
  const [searchParams] = useSearchParams();
  const data = searchParams.get("data");
  const redirect = searchParams.get("redirect");
  const phone = decodePhoneData(data);
  if (!phone || !data) return <Navigate to={loginStepUrl(paths.login, null, redirect)} replace />;
  return <PasswordForm phone={phone} data={data} redirect={redirect} />;
}

function PasswordForm({
  phone,
  data,
  redirect,
}: {
  phone: { phonePre: string; phone: string };
  data: string;
  redirect: string | null;
}) {
  const { t } = useTranslation(["login", "common"]);
  const { alert } = useAlert();
  const finishLogin = useFinishLogin();
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    resetField,
    setFocus,
    formState: { errors },
  } = useForm({ resolver: zodResolver(passwordForm), defaultValues: { password: "" } });

  const login = async ({ password }: z.infer<typeof passwordForm>) => {
    setBusy(true);
    const result = await loginWithPassword(phone.phonePre, phone.phone, password);
    const token = result.payload?.access_token;
    if (codeOf(result) === 200 && token) {
      await finishLogin(token, phone, redirect);
      return;
    }
    await alert(loginFailureContent(result, t));
    // Ready for the next try: an empty field with the focus in it.
    setBusy(false);
    resetField("password");
    setFocus("password");
  };

  return (
    <PageFrame title={t("common:titles.loginPassword")}>
      <p className="page-intro">
        {t("login:passwordIntro")} <strong className="login-number">{displayPhone(phone)}</strong>{" "}
        <Link to={loginStepUrl(paths.login, data, redirect)}>{t("login:changeNumber")}</Link>
      </p>
      <form className="card" noValidate onSubmit={handleSubmit(login)}>
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
        <SubmitActions loading={busy}>{t("login:login")}</SubmitActions>
      </form>
    </PageFrame>
  );
}
