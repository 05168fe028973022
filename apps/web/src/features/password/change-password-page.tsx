import { withPasswordChanged } from "@hcoins/domain/password";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { z } from "zod";
import { useChangePassword } from "../../api/profile.ts";
import { useAlert } from "../../components/alert-provider.tsx";
import { SubmitActions } from "../../components/button.tsx";
import { TextField } from "../../components/form-fields.tsx";
import { NewPasswordFields } from "../../components/new-password-fields.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { newPasswordFields, withConfirmation } from "../../lib/password-confirmation.ts";
import { paths } from "../../lib/paths.ts";
import { updateFailureMessage } from "./update-failure.ts";

const changeForm = withPasswordChanged(
  withConfirmation(z.object({ old_password: z.string().min(1, "passwordNull"), ...newPasswordFields })),
);

/** /update-password (login required): old password, new password and its confirmation. */
export function Component() {
  const { t } = useTranslation(["password", "common"]);
  const navigate = useNavigate();
  const { alert } = useAlert();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(changeForm),
    defaultValues: { old_password: "", new_password: "", confirm_password: "" },
  });

  const change = useChangePassword({
    onSuccess: () => navigate(paths.updatePasswordSuccess, { replace: true }),
    onError: async (error) => {
      const message = updateFailureMessage(error, t);
      if (message) await alert(message);
    },
  });
  const save = ({ old_password, new_password }: z.infer<typeof changeForm>) =>
    change.mutate({ oldPassword: old_password, newPassword: new_password });

  return (
    <PageFrame title={t("password:titles.updatePassword")}>
      <form className="card" noValidate onSubmit={handleSubmit(save)}>
        <TextField
          label={t("password:oldPassword")}
          type="password"
          autoComplete="current-password"
          error={errors.old_password}
          {...register("old_password")}
        />
        <NewPasswordFields register={register} errors={errors} namespace="password" />
        <SubmitActions loading={change.isPending}>{t("common:submit")}</SubmitActions>
      </form>
    </PageFrame>
  );
}
