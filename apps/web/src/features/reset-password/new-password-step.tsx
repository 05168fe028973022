import { ErrorCode } from "@hcoins/domain/codes";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAlert } from "../../components/alert-provider.tsx";
import { SubmitActions } from "../../components/button.tsx";
import { NewPasswordFields, useNewPasswordForm } from "../../components/new-password-fields.tsx";
import { codeOf } from "../../lib/api-client.ts";
import type { NewPasswordWithConfirmation } from "../../lib/password-confirmation.ts";
import { errorCodeOf, serverErrorMessage } from "../../lib/server-message.ts";
import { resetPassword } from "./reset-password.ts";

/**
 * Step 2 of a reset: the new password, typed twice. A reset token that is unknown,
 * used or expired (4201) sends the member back to step 1 for a new code; any other
 * refusal leaves the token usable, so the member stays and tries another password.
 */
export function NewPasswordStep({
  resetToken,
  onDone,
  onExpired,
}: {
  resetToken: string;
  onDone: () => void;
  onExpired: () => void;
}) {
  const { t } = useTranslation(["resetPassword", "common"]);
  const { alert } = useAlert();
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useNewPasswordForm();

  const save = async ({ new_password }: NewPasswordWithConfirmation) => {
    setBusy(true);
    const result = await resetPassword(resetToken, new_password);
    if (codeOf(result) === 200) {
      onDone();
      return;
    }
    await alert(serverErrorMessage(result));
    if (errorCodeOf(result) === ErrorCode.smsCodeInvalid) {
      onExpired();
      return;
    }
    setBusy(false);
  };

  return (
    <form className="card" noValidate onSubmit={handleSubmit(save)}>
      <NewPasswordFields register={register} errors={errors} namespace="resetPassword" />
      <SubmitActions loading={busy}>{t("common:submit")}</SubmitActions>
    </form>
  );
}
