import { useNavigate } from "react-router";
import { runCoinCheck } from "../../api/coin-check.ts";
import { loadUser, userPhone, useSetPassword } from "../../api/profile.ts";
import { useAlert } from "../../components/alert-provider.tsx";
import { SubmitActions } from "../../components/button.tsx";
import { NewPasswordFields, useNewPasswordForm } from "../../components/new-password-fields.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import type { NewPasswordWithConfirmation } from "../../lib/password-confirmation.ts";
import { paths } from "../../lib/paths.ts";
import { updateFailureMessage } from "./update-failure.ts";

/**
 * /updatepw (login required): an app member who completed the profile sets a first
 * password; then the coin check links the H Coins account, and only a linked
 * member reaches the success page (the check's own alerts say what went wrong).
 */
export function Component() {
  const { t } = useTranslation(["password", "common"]);
  const navigate = useNavigate();
  const { alert } = useAlert();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useNewPasswordForm();

  const setPassword = useSetPassword({
    onSuccess: async () => {
      // Fresh user info: has_password changed, and the check compares external_customer_id.
      const user = await loadUser();
      if (!user) {
        await alert(t("common:serverError"));
        return;
      }
      const linked = await runCoinCheck({
        phone: userPhone(user),
        externalCustomerId: user.external_customer_id,
        alert: (message) => alert(message),
        createOnFailure: false,
      });
      if (linked) await navigate(paths.updateUserSuccess, { replace: true });
    },
    onError: async (error) => {
      const message = updateFailureMessage(error, t);
      if (message) await alert(message);
    },
  });
  const save = ({ new_password }: NewPasswordWithConfirmation) => setPassword.mutate(new_password);

  return (
    <PageFrame title={t("password:titles.setPassword")}>
      <p className="page-intro">{t("password:setIntro")}</p>
      <form className="card" noValidate onSubmit={handleSubmit(save)}>
        <NewPasswordFields register={register} errors={errors} namespace="password" />
        <SubmitActions loading={setPassword.isPending}>{t("common:submit")}</SubmitActions>
      </form>
    </PageFrame>
  );
}
