import { useState } from "react";
import { useNavigate } from "react-router";
import { errorMessage } from "../../api/error-message.ts";
import { clearUser, userPhone, useUser } from "../../api/profile.ts";
import { PageFrame } from "../../components/page-frame.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { paths } from "../../lib/paths.ts";
import { session } from "../../lib/session.ts";
import { NewPasswordStep } from "./new-password-step.tsx";
import { ResetCodeStep } from "./reset-code-step.tsx";

/**
 * /forget-pwd (login required): the reset steps for the member's own number, on one
 * address. The reset token stays in memory: a reload starts again with a new code.
 */
export function Component() {
  const { t } = useTranslation("common");
  const navigate = useNavigate();
  const { data: user, isPending, error } = useUser();
  const [resetToken, setResetToken] = useState<string | null>(null);

  if (!user) {
    return (
      <PageFrame title={t("resetPassword:titles.forgetPassword")}>
        <p className="muted" role="status">
          {isPending ? t("loading") : errorMessage(error)}
        </p>
      </PageFrame>
    );
  }
  const phone = userPhone(user);

  const done = async () => {
    await navigate(paths.forgetPasswordSuccess, { replace: true });
    // The server revoked every session of the member with the reset, this one included.
    session.clearToken();
    clearUser();
  };

  return (
    <PageFrame title={t("resetPassword:titles.forgetPassword")}>
      {resetToken ? (
        <NewPasswordStep
          resetToken={resetToken}
          onDone={() => void done()}
          onExpired={() => setResetToken(null)}
        />
      ) : (
        <ResetCodeStep phone={phone} onVerified={setResetToken} />
      )}
    </PageFrame>
  );
}
