import type { OperatorRole } from "@hcoins/domain/api/console";
import { useState } from "react";
import { errorMessage } from "../../api/error-message.ts";
import { useOperatorLifecycle } from "../../api/operators.ts";
import { Dialog } from "../../components/dialog.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { RoleSelect } from "./role-select.tsx";

/**
 * Re-enabling a disabled operator, in a role chosen here (their last one first): the answer is a
 * new one-time link, since their old password and authenticator stay void.
 */
export function ReEnableDialog({
  operator,
  onClose,
  onLink,
}: {
  operator: { id: number; email: string; role: OperatorRole };
  onClose: () => void;
  onLink: (email: string, link: string) => void;
}) {
  const { t } = useTranslation();
  const { enable } = useOperatorLifecycle();
  const [role, setRole] = useState<OperatorRole>(operator.role);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setFailure(null);
    try {
      const answer = await enable.mutateAsync({ id: operator.id, role });
      onLink(answer.operator.email, answer.sign_in_link);
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  };

  return (
    <Dialog title={t("operatorLifecycle.enableTitle")} onClose={onClose}>
      <FormAlert message={failure} />
      <p>{t("operatorLifecycle.enableConfirm", { email: operator.email })}</p>
      <RoleSelect label={t("operators.role")} value={role} onChange={setRole} />
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={onClose}>
          {t("operatorLifecycle.cancel")}
        </button>
        <button type="button" className="button" disabled={enable.isPending} onClick={() => void confirm()}>
          {t("operatorLifecycle.enable")}
        </button>
      </div>
    </Dialog>
  );
}
