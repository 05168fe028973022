import { CoinStatus, MEMBER_CHECK_MESSAGES, MemberCheckCode } from "@hcoins/domain/codes";
import { useNavigate, useSearchParams } from "react-router";
import { coinLinkCheck, coinMessage } from "../../api/coins.ts";
import { checkPhone } from "../../api/member-checks.ts";
import { clearUser } from "../../api/profile.ts";
import { useVerifySmsCode } from "../../api/registration.ts";
import { useAlert } from "../../components/alert-provider.tsx";
import { currentLanguage, useTranslation } from "../../lib/i18n.ts";
import { paths } from "../../lib/paths.ts";
import { encodePhoneData } from "../../lib/phone-data.ts";
import { type Phone, session } from "../../lib/session.ts";
import { flowUrl } from "./flow-url.ts";

/**
 * What happens once a member submits the SMS code on /register/step2 or /verify
 * (product-spec.md section 4, Registration steps 2 and 3), as one mutation: verify the code,
 * keep it, ask CheckPhone what the number is, and for a new number ask the coin scheme. A
 * failed call anywhere is the mutations' default alert.
 */
export function useVerifiedPhoneFlow() {
  const { t } = useTranslation(["register", "common"]);
  const { alert } = useAlert();
  const navigate = useNavigate();
  const [search] = useSearchParams();

  const checkCoinScheme = async (phone: Phone) => {
    const coin = await coinLinkCheck(phone, { asGuest: true });
    switch (coin.payload.status_code) {
      case CoinStatus.failed:
        await alert(coinMessage(coin.payload, coin.message));
        return;
      case CoinStatus.linked:
        await alert(t("coinRegistered"));
        return;
      case CoinStatus.exists:
      case CoinStatus.none:
        await navigate(flowUrl(paths.registerTerms, search));
    }
  };

  return useVerifySmsCode({
    onSuccess: async (_verified, { phone, code }) => {
      const language = currentLanguage();
      // Registration presents the verified code again, so it travels in the session's phone object.
      session.setPhone({ ...phone, code });
      const check = await checkPhone({ phone, code });
      switch (check.code) {
        case MemberCheckCode.notRegistered:
          await checkCoinScheme(phone);
          return;
        case MemberCheckCode.appMemberIncomplete: {
          const token = check.payload.access_token;
          if (token) {
            session.setToken(token);
            clearUser();
          }
          await alert(MEMBER_CHECK_MESSAGES[40005][language], t("updateNow"));
          await navigate(flowUrl(paths.registerTerms, search, { update: "1" }));
          return;
        }
        case MemberCheckCode.registered:
          await alert(MEMBER_CHECK_MESSAGES[40006][language], t("common:login"));
          await navigate(flowUrl(paths.loginPassword, search, { data: encodePhoneData(phone) }));
          return;
        case MemberCheckCode.mayNotRegister:
          await alert(MEMBER_CHECK_MESSAGES[40002][language]);
      }
    },
  });
}
