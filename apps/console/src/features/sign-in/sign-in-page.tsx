import { consoleSession } from "@hcoins/domain/api/console";
import { ErrorCode } from "@hcoins/domain/codes";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import type { z } from "zod";
import { ApiError } from "../../api/client.ts";
import { errorMessage, fieldErrors } from "../../api/error-message.ts";
import { useSignIn } from "../../api/session.ts";
import { Field } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { LanguageSelect } from "../../components/language-select.tsx";
import { useDocumentTitle } from "../../components/use-document-title.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { safeNext } from "../../lib/paths.ts";

type Schema = typeof consoleSession.signIn.body;

/** Every sign-in after the first: email, password and the authenticator's code. */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle("signIn.title");
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const signIn = useSignIn();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(consoleSession.signIn.body),
    defaultValues: { email: "", password: "", totp_code: "" },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await signIn.mutateAsync(values);
      navigate(safeNext(search.get("next")), { replace: true });
    } catch (error) {
      setFailure(errorMessage(error, t));
      for (const { field, rule } of fieldErrors(error))
        if (field in values) form.setError(field as keyof z.input<Schema>, { message: rule });
      // A code is good for one try: a refused one is cleared, what else was typed stays.
      if (error instanceof ApiError && error.code === ErrorCode.signInFailed) {
        form.setValue("totp_code", "");
        form.setFocus("totp_code");
      }
    }
  });

  return (
    <main className="auth">
      <div className="auth-card">
        <p className="brand">{t("app.name")}</p>
        <h1>{t("signIn.title")}</h1>
        <form onSubmit={submit} noValidate>
          <FormAlert message={failure} />
          <Field
            label={t("signIn.email")}
            type="email"
            autoComplete="username"
            error={errors.email}
            {...form.register("email")}
          />
          <Field
            label={t("signIn.password")}
            type="password"
            autoComplete="current-password"
            error={errors.password}
            {...form.register("password")}
          />
          <Field
            label={t("signIn.code")}
            hint={t("signIn.codeHint")}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={errors.totp_code}
            {...form.register("totp_code")}
          />
          <button type="submit" className="button" disabled={signIn.isPending}>
            {signIn.isPending ? t("signIn.signingIn") : t("signIn.submit")}
          </button>
        </form>
        <LanguageSelect />
      </div>
    </main>
  );
}
