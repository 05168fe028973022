import type { OperatorDetail } from "@hcoins/domain/api/console-operators";
import { useOperatorLifecycle } from "../../api/operators.ts";
import { ConfirmActionDialog } from "../../components/confirm-action-dialog.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { useConfirmed } from "./use-confirmed.ts";

/** Resetting a lost authenticator: the old one void at once, every session ended, a new one-time link. */
export function ResetAuthenticatorCard({
  detail,
  onLink,
}: {
  detail: OperatorDetail;
  onLink: (email: string, link: string) => void;
}) {
  const { t } = useTranslation();
  const { resetAuthenticator } = useOperatorLifecycle();
  const { operator } = detail;
  const confirmed = useConfirmed<true>();
  return (
    <section className="card">
      <h2>{t("operatorLifecycle.authenticatorTitle")}</h2>
      <p className="hint">{t("operatorLifecycle.authenticatorHint")}</p>
      <button type="button" className="button danger" onClick={() => confirmed.ask(true)}>
        {t("operatorLifecycle.resetAuthenticator")}
      </button>
      {confirmed.asking ? (
        <ConfirmActionDialog
          title={t("operatorLifecycle.resetTitle")}
          text={t("operatorLifecycle.resetConfirm", { email: operator.email })}
          confirm={t("operatorLifecycle.resetAuthenticator")}
          danger
          refusal={confirmed.refusal}
          pending={resetAuthenticator.isPending}
          onCancel={confirmed.cancel}
          onConfirm={() =>
            void confirmed.run(async () => {
              const answer = await resetAuthenticator.mutateAsync(operator.id);
              onLink(answer.operator.email, answer.sign_in_link);
            })
          }
        />
      ) : null}
    </section>
  );
}
