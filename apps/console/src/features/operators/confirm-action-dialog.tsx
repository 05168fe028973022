import { Dialog } from "../../components/dialog.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { useTranslation } from "../../lib/i18n.ts";

/** Asks before an action on an operator; `refusal` is why the server would not, shown in the dialog. */
export function ConfirmActionDialog({
  title,
  text,
  confirm,
  danger = false,
  refusal = null,
  pending = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  text: string;
  confirm: string;
  danger?: boolean;
  refusal?: string | null;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog title={title} onClose={onCancel}>
      <FormAlert message={refusal} />
      <p>{text}</p>
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={onCancel}>
          {t("operatorLifecycle.cancel")}
        </button>
        <button
          type="button"
          className={danger ? "button danger" : "button"}
          disabled={pending}
          onClick={onConfirm}
        >
          {confirm}
        </button>
      </div>
    </Dialog>
  );
}
