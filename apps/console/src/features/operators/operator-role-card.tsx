import type { OperatorRole } from "@hcoins/domain/api/console";
import type { OperatorDetail } from "@hcoins/domain/api/console-operators";
import { useState } from "react";
import { useOperatorLifecycle } from "../../api/operators.ts";
import { ConfirmActionDialog } from "../../components/confirm-action-dialog.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { RoleSelect } from "./role-select.tsx";
import { useConfirmed } from "./use-confirmed.ts";

/** Changing the operator's role, after a confirmation (not one's own, not the last administrator's). */
export function OperatorRoleCard({
  detail,
  onDone,
}: {
  detail: OperatorDetail;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const { changeRole } = useOperatorLifecycle();
  const { operator } = detail;
  const [role, setRole] = useState<OperatorRole>(operator.role);
  const confirmed = useConfirmed<OperatorRole>();
  return (
    <section className="card">
      <h2>{t("operatorLifecycle.roleTitle")}</h2>
      <RoleSelect label={t("operatorLifecycle.newRole")} value={role} onChange={setRole} />
      <p className="hint">{t("operatorLifecycle.roleHint")}</p>
      <button
        type="button"
        className="button secondary"
        disabled={role === operator.role}
        onClick={() => confirmed.ask(role)}
      >
        {t("operatorLifecycle.changeRole")}
      </button>
      {confirmed.asking ? (
        <ConfirmActionDialog
          title={t("operatorLifecycle.roleConfirmTitle")}
          text={t("operatorLifecycle.roleConfirm", {
            email: operator.email,
            from: t(`roles.${operator.role}`),
            to: t(`roles.${confirmed.asking}`),
          })}
          confirm={t("operatorLifecycle.changeRole")}
          refusal={confirmed.refusal}
          pending={changeRole.isPending}
          onCancel={confirmed.cancel}
          onConfirm={() =>
            void confirmed.run(async (to) => {
              await changeRole.mutateAsync({ id: operator.id, role: to });
              onDone(t("operatorLifecycle.roleChanged", { role: t(`roles.${to}`) }));
            })
          }
        />
      ) : null}
    </section>
  );
}
