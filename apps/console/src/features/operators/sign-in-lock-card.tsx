import type { OperatorDetail } from "@hcoins/domain/api/console-operators";
import { useOperatorLifecycle } from "../../api/operators.ts";
import { ConfirmActionDialog } from "../../components/confirm-action-dialog.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { useConfirmed } from "./use-confirmed.ts";

/** Whether failed sign-ins lock the operator out, and unlocking them (every address's failures cleared). */
export function SignInLockCard({
  detail,
  onDone,
}: {
  detail: OperatorDetail;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const { unlock } = useOperatorLifecycle();
  const { operator, sign_in } = detail;
  const confirmed = useConfirmed<true>();
  return (
    <section className="card">
      <h2>{t("operatorLifecycle.lockTitle")}</h2>
      <p>
        {sign_in.locked
          ? sign_in.retry_after_seconds === null
            ? t("operatorLifecycle.locked")
            : t("operatorLifecycle.lockedFor", { count: Math.ceil(sign_in.retry_after_seconds / 60) })
          : t("operatorLifecycle.notLocked")}{" "}
        {t("operatorLifecycle.failures", { count: sign_in.failures })}
      </p>
      <button type="button" className="button secondary" onClick={() => confirmed.ask(true)}>
        {t("operatorLifecycle.unlock")}
      </button>
      {confirmed.asking ? (
        <ConfirmActionDialog
          title={t("operatorLifecycle.unlockTitle")}
          text={t("operatorLifecycle.unlockConfirm", { email: operator.email })}
          confirm={t("operatorLifecycle.unlock")}
          refusal={confirmed.refusal}
          pending={unlock.isPending}
          onCancel={confirmed.cancel}
          onConfirm={() =>
            void confirmed.run(async () => {
              await unlock.mutateAsync(operator.id);
              onDone(t("operatorLifecycle.unlocked"));
            })
          }
        />
      ) : null}
    </section>
  );
}
