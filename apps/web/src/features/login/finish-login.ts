import { runCoinCheck } from "../../api/coin-check.ts";
import { loadUser } from "../../api/profile.ts";
import { useAlert } from "../../components/alert-provider.tsx";
import { useLeave } from "../../components/use-leave.ts";
import { type Phone, session } from "../../lib/session.ts";

/**
 * After a successful login: keep the token, load user info, run the coin check, then
 * leave for the redirect target or the shop. The coin check never blocks the login
 * (api-contract.md, Flow details): its failures are alerts, and the member goes on.
 */
export function useFinishLogin() {
  const leave = useLeave();
  const { alert } = useAlert();
  return async (token: string, phone: Phone, redirect: string | null) => {
    session.setToken(token);
    const user = await loadUser();
    await runCoinCheck({
      phone,
      externalCustomerId: user?.external_customer_id ?? null,
      alert: (message) => alert(message),
      createOnFailure: true,
    });
    // The token was just stored, so the shop gets it from the session.
    await leave(redirect, { replace: true });
  };
}
