import { Navigate, useNavigate, useSearchParams } from "react-router";
import { PageFrame } from "../../components/page-frame.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { paths } from "../../lib/paths.ts";
import { decodePhoneData } from "../../lib/phone-data.ts";
import { ResetCodeStep } from "./reset-code-step.tsx";
import { keepResetToken } from "./reset-token-store.ts";

/** /reset-pw/step1?data=…: the code is sent on open; a good code leads to step 2. */
export function Component() {
  const { t } = useTranslation("common");
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const data = searchParams.get("data");
  const phone = decodePhoneData(data);
  // The number comes from the login step; without it there is nothing to reset.
  if (!phone || !data) return <Navigate to={paths.login} replace />;

  const verified = (token: string) => {
    keepResetToken(phone, token);
    void navigate(`${paths.resetPassword}?data=${encodeURIComponent(data)}`);
  };

  return (
    <PageFrame title={t("resetPassword:titles.resetCode")}>
      <ResetCodeStep phone={phone} onVerified={verified} />
    </PageFrame>
  );
}
