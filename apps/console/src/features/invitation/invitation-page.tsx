import type { OperatorRole } from "@hcoins/domain/api/console";
import { ErrorCode } from "@hcoins/domain/codes";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { generate } from "lean-qr";
import { toSvgDataURL } from "lean-qr/extras/svg";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useLocation, useNavigate } from "react-router";
import type { z } from "zod";
import { ApiError } from "../../api/client.ts";
import { errorMessage, fieldErrors } from "../../api/error-message.ts";
import { invitationQuery, useActivate } from "../../api/session.ts";
import { Field } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { LanguageSelect } from "../../components/language-select.tsx";
import { useDocumentTitle } from "../../components/use-document-title.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { activationForm, groupedSecret, otpauthSecret } from "./activation-form.ts";

/**
 * The first sign-in, from the one-time link `/console/invitation#<token>` (the token in the
 * fragment, which no server log or Referer sees): the account's email and role, the authenticator
 * to enrol (QR code and the secret as text), a password and the first code.
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle("invitation.title");
  const token = decodeURIComponent(useLocation().hash.replace(/^#/, ""));
  const invitation = useQuery({ ...invitationQuery(token), enabled: token !== "" });

  return (
    <main className="auth">
      <div className="auth-card wide">
        <p className="brand">{t("app.name")}</p>
        <h1>{t("invitation.title")}</h1>
        {!token ? (
          <p role="alert" className="alert">
            {t("errors.invitationInvalid")}
          </p>
        ) : invitation.isError ? (
          <p role="alert" className="alert">
            {errorMessage(invitation.error, t)}
          </p>
        ) : !invitation.data ? (
          <p role="status">{t("app.loading")}</p>
        ) : (
          <Enrolment token={token} {...invitation.data} />
        )}
        <LanguageSelect />
      </div>
    </main>
  );
}

function Enrolment({
  token,
  email,
  role,
  otpauth_uri,
}: {
  token: string;
  email: string;
  role: OperatorRole;
  otpauth_uri: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const activate = useActivate();
  const [failure, setFailure] = useState<string | null>(null);
  const qr = useMemo(
    () => toSvgDataURL(generate(otpauth_uri), { on: "black", off: "white", pad: 4 }),
    [otpauth_uri],
  );
  const secret = otpauthSecret(otpauth_uri);
  const form = useForm<z.input<typeof activationForm>, unknown, z.output<typeof activationForm>>({
    resolver: zodResolver(activationForm),
    defaultValues: { password: "", confirm_password: "", totp_code: "" },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ password, totp_code }) => {
    setFailure(null);
    try {
      await activate.mutateAsync({ token, password, totp_code });
      navigate("/", { replace: true });
    } catch (error) {
      setFailure(errorMessage(error, t));
      const fields = fieldErrors(error);
      for (const { field, rule } of fields) {
        if (field === "password" || field === "totp_code") form.setError(field, { message: rule });
      }
      // A refused code is cleared (the authenticator shows the next one); the password stays.
      const wrongCode =
        (error instanceof ApiError && error.code === ErrorCode.signInFailed) ||
        fields.some(({ field }) => field === "totp_code");
      if (wrongCode) {
        form.setValue("totp_code", "");
        form.setFocus("totp_code");
      }
    }
  });

  return (
    <>
      <dl className="facts">
        <dt>{t("invitation.email")}</dt>
        <dd>{email}</dd>
        <dt>{t("invitation.role")}</dt>
        <dd>{t(`roles.${role}`)}</dd>
      </dl>
      <section aria-labelledby="enrol-heading">
        <h2 id="enrol-heading">{t("invitation.authenticator")}</h2>
        <p>{t("invitation.scan")}</p>
        <img className="qr" src={qr} alt={t("invitation.qrAlt")} width={200} height={200} />
        {secret ? (
          <p>
            {t("invitation.secret")} <code className="secret">{groupedSecret(secret)}</code>
          </p>
        ) : null}
      </section>
      <form onSubmit={submit} noValidate>
        <h2>{t("invitation.passwordHeading")}</h2>
        <FormAlert message={failure} />
        <Field
          label={t("invitation.password")}
          hint={t("invitation.passwordRules")}
          type="password"
          autoComplete="new-password"
          error={errors.password}
          {...form.register("password")}
        />
        <Field
          label={t("invitation.confirmPassword")}
          type="password"
          autoComplete="new-password"
          error={errors.confirm_password}
          {...form.register("confirm_password")}
        />
        <Field
          label={t("invitation.code")}
          hint={t("signIn.codeHint")}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={errors.totp_code}
          {...form.register("totp_code")}
        />
        <button type="submit" className="button" disabled={activate.isPending}>
          {t("invitation.submit")}
        </button>
      </form>
    </>
  );
}
