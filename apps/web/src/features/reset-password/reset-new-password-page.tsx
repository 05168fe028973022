import { useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { PageFrame } from "../../components/page-frame.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { paths } from "../../lib/paths.ts";
import { decodePhoneData } from "../../lib/phone-data.ts";
import { NewPasswordStep } from "./new-password-step.tsx";
import { dropResetToken, resetTokenFor } from "./reset-token-store.ts";

/** /reset-pw/step2?data=…: needs the reset token step 1 kept for this number. */
export function Component() {
  const { t } = useTranslation("common");
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const data = searchParams.get("data");
  const phone = decodePhoneData(data);
  // Read once: the token is dropped before leaving, and a render while the next screen
  // loads must not see it gone and send the member back to step 1.
  const [resetToken] = useState(() => (phone ? resetTokenFor(phone) : null));
  if (!phone || !data) return <Navigate to={paths.login} replace />;
  const stepOne = `${paths.resetCode}?data=${encodeURIComponent(data)}`;
  if (!resetToken) return <Navigate to={stepOne} replace />;

  const done = () => {
    dropResetToken();
    void navigate(paths.resetSuccess, { replace: true });
  };
  const expired = () => {
    dropResetToken();
    void navigate(stepOne, { replace: true });
  };

  return (
    <PageFrame title={t("resetPassword:titles.resetPassword")}>
      <NewPasswordStep resetToken={resetToken} onDone={done} onExpired={expired} />
    </PageFrame>
  );
}
