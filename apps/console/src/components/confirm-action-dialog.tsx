import { useTranslation } from "../lib/i18n.ts";
import { Dialog } from "./dialog.tsx";
import { FormAlert } from "./form-alert.tsx";

/**
 * Asks before an action the operator cannot take back (deleting a row, ending a session,
 * unlocking an operator); `refusal` is why the server would not, shown in the dialog.
 * Cancel comes first, so the focus the dialog gives its first button lands on the harmless one
 * and an Enter pressed out of habit does nothing.
 */
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
          {t("content.cancel")}
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
