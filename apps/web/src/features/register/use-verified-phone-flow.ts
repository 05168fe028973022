import { CoinStatus, MEMBER_CHECK_MESSAGES, MemberCheckCode } from "@hcoins/domain/codes";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { useAlert } from "../../components/alert-provider.tsx";
import { codeOf } from "../../lib/api-client.ts";
import { currentLanguage } from "../../lib/i18n.ts";
import { checkLinked, localizedMessage } from "../../lib/member-status-check.ts";
import { paths } from "../../lib/paths.ts";
import { encodePhoneData } from "../../lib/phone-data.ts";
import { serverErrorMessage } from "../../lib/server-message.ts";
import { session } from "../../lib/session.ts";
import { clearUser } from "../../lib/user.ts";
import { checkPhone } from "./check-phone.ts";
import { flowUrl } from "./flow-url.ts";
import { verifySmsCode } from "./verify-sms-code.ts";

/**
 * What happens once a member submits the SMS code on /register/step2 or /verify
 * (product-spec.md section 4, Registration steps 2 and 3): verify the code, keep it,
 * ask CheckPhone what the number is, and for a new number ask the coin scheme.
 */
export function useVerifiedPhoneFlow() {
  const { t } = useTranslation(["register", "common"]);
  const { alert } = useAlert();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const serverError = t("common:serverError");

  return async (phonePre: string, phone: string, code: string) => {
    const language = currentLanguage();
    const verified = await verifySmsCode(phonePre, phone, code);
    if (codeOf(verified) !== 200) {
      await alert(serverErrorMessage(verified));
      return;
    }
    // Registration presents the verified code again, so it travels in the session's phone object.
    session.setPhone({ phonePre, phone, code });

    const check = await checkPhone(phonePre, phone, code);
    switch (codeOf(check)) {
      case MemberCheckCode.notRegistered:
        await checkCoinScheme(phonePre, phone);
        return;
      case MemberCheckCode.appMemberIncomplete: {
        const token = check.payload?.access_token;
        if (token) {
          session.setToken(token);
          clearUser();
        }
        await alert(MEMBER_CHECK_MESSAGES[40005][language], t("updateNow"));
        navigate(flowUrl(paths.registerTerms, search, { update: "1" }));
        return;
      }
      case MemberCheckCode.registered:
        await alert(MEMBER_CHECK_MESSAGES[40006][language], t("common:login"));
        navigate(flowUrl(paths.loginPassword, search, { data: encodePhoneData({ phonePre, phone }) }));
        return;
      case MemberCheckCode.mayNotRegister:
        await alert(MEMBER_CHECK_MESSAGES[40002][language]);
        return;
      default:
        await alert(serverErrorMessage(check));
    }
  };

  async function checkCoinScheme(phonePre: string, phone: string) {
    const coin = await checkLinked(phonePre, phone);
    if (codeOf(coin) !== 200) {
      await alert(serverErrorMessage(coin));
      return;
    }
    const status = Number(coin.payload.status_code);
    if (status === CoinStatus.failed) {
      await alert(localizedMessage(coin.payload, currentLanguage(), coin.message || serverError));
      return;
    }
    if (status === CoinStatus.linked) {
      await alert(t("coinRegistered"));
      return;
    }
    if (status === CoinStatus.exists || status === CoinStatus.none) {
      navigate(flowUrl(paths.registerTerms, search));
      return;
    }
    await alert(serverError);
  }
}
