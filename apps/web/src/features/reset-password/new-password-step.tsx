import { ErrorCode } from "@hcoins/domain/codes";
import { useResetPassword } from "../../api/auth.ts";
import { errorCodeOf } from "../../api/error-message.ts";
import { SubmitActions } from "../../components/button.tsx";
import { NewPasswordFields, useNewPasswordForm } from "../../components/new-password-fields.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import type { NewPasswordWithConfirmation } from "../../lib/password-confirmation.ts";

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
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useNewPasswordForm();
  const reset = useResetPassword({ onSuccess: onDone });

  const save = ({ new_password }: NewPasswordWithConfirmation) =>
    reset.mutate(
      { resetToken, newPassword: new_password },
      {
        // After the failure's message (the mutations' default).
        onError: (error) => {
          if (errorCodeOf(error) === ErrorCode.smsCodeInvalid) onExpired();
        },
      },
    );

  return (
    <form className="card" noValidate onSubmit={handleSubmit(save)}>
      <NewPasswordFields register={register} errors={errors} namespace="resetPassword" />
      {/* A new password leads on to the success page: no second press meanwhile. */}
      <SubmitActions loading={reset.isPending || reset.isSuccess}>{t("common:submit")}</SubmitActions>
    </form>
  );
}
