import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { z } from "zod";
import { useAlert } from "../../components/alert-provider.tsx";
import { SubmitActions } from "../../components/button.tsx";
import { TextField } from "../../components/form-fields.tsx";
import { NewPasswordFields } from "../../components/new-password-fields.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { codeOf } from "../../lib/api-client.ts";
import { newPasswordFields, withConfirmation } from "../../lib/password-confirmation.ts";
import { paths } from "../../lib/paths.ts";
import { changePassword } from "./change-password.ts";
import { updateFailureMessage } from "./update-failure.ts";

const changeForm = withConfirmation(
  z.object({ old_password: z.string().min(1, "passwordNull"), ...newPasswordFields }),
);

/** /update-password (login required): old password, new password and its confirmation. */
export function ChangePasswordPage() {
  const { t } = useTranslation(["password", "common"]);
  const navigate = useNavigate();
  const { alert } = useAlert();
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(changeForm),
    defaultValues: { old_password: "", new_password: "", confirm_password: "" },
  });

  const save = async ({ old_password, new_password }: z.infer<typeof changeForm>) => {
    setBusy(true);
    const result = await changePassword(old_password, new_password);
    if (codeOf(result) === 200) {
      await navigate(paths.updatePasswordSuccess, { replace: true });
      return;
    }
    const message = updateFailureMessage(result, t);
    if (message) await alert(message);
    setBusy(false);
  };

  return (
    <PageFrame title={t("common:titles.updatePassword")}>
      <form className="card" noValidate onSubmit={handleSubmit(save)}>
        <TextField
          label={t("password:oldPassword")}
          type="password"
          autoComplete="current-password"
          error={errors.old_password}
          {...register("old_password")}
        />
        <NewPasswordFields register={register} errors={errors} namespace="password" />
        <SubmitActions loading={busy}>{t("common:submit")}</SubmitActions>
      </form>
    </PageFrame>
  );
}
