import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAlert } from "../../components/alert-provider.tsx";
import { SubmitActions } from "../../components/button.tsx";
import { NewPasswordFields, useNewPasswordForm } from "../../components/new-password-fields.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { codeOf } from "../../lib/api-client.ts";
import { currentLanguage } from "../../lib/i18n.ts";
import { runMemberStatusCheck } from "../../lib/member-status-check.ts";
import type { NewPasswordWithConfirmation } from "../../lib/password-confirmation.ts";
import { paths } from "../../lib/paths.ts";
import { loadUser } from "../../lib/user.ts";
import { setPassword } from "./set-password.ts";
import { updateFailureMessage } from "./update-failure.ts";

/**
 * /updatepw (login required): an app member who completed the profile sets a first
 * password; then the member-status check links the H Coins account, and only a linked
 * member reaches the success page (the check's own alerts say what went wrong).
 */
export function SetPasswordPage() {
  const { t } = useTranslation(["password", "common"]);
  const navigate = useNavigate();
  const { alert } = useAlert();
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useNewPasswordForm();

  const save = async ({ new_password }: NewPasswordWithConfirmation) => {
    setBusy(true);
    const result = await setPassword(new_password);
    if (codeOf(result) !== 200) {
      const message = updateFailureMessage(result, t);
      if (message) await alert(message);
      setBusy(false);
      return;
    }
    // Fresh user info: has_password changed, and the check compares external_customer_id.
    const user = await loadUser();
    if (!user) {
      await alert(t("common:serverError"));
      setBusy(false);
      return;
    }
    const linked = await runMemberStatusCheck({
      prefix: user.mobile_phone_prefix,
      phone: user.mobile_phone,
      externalCustomerId: user.external_customer_id,
      language: currentLanguage(),
      alert: (message) => alert(message),
      createOnFailure: false,
    });
    if (linked) {
      await navigate(paths.updateUserSuccess, { replace: true });
      return;
    }
    setBusy(false);
  };

  return (
    <PageFrame title={t("common:titles.setPassword")}>
      <p className="page-intro">{t("password:setIntro")}</p>
      <form className="card" noValidate onSubmit={handleSubmit(save)}>
        <NewPasswordFields register={register} errors={errors} namespace="password" />
        <SubmitActions loading={busy}>{t("common:submit")}</SubmitActions>
      </form>
    </PageFrame>
  );
}
