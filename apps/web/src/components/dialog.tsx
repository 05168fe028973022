import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../lib/i18n.ts";
import { Button } from "./button.tsx";

/**
 * The confirmation dialog of product-spec.md sections 3 and 9: props content, tip,
 * confirm text, cancel text, show, needLoading, isRight; emits confirm. A native
 * <dialog> opened with showModal() makes the page behind it inert (focus stays in
 * the dialog) and gives focus back to where it was when it closes.
 */
export interface DialogProps {
  show: boolean;
  content?: React.ReactNode;
  tip?: React.ReactNode;
  confirmText?: string;
  /** With a cancel text the dialog shows two buttons (48 % each), else one (294 px). */
  cancelText?: string;
  /** Confirm shows a spinner until the dialog closes. */
  needLoading?: boolean;
  /** Confirm on the right of cancel. */
  isRight?: boolean;
  onConfirm?: () => void;
  onCancel?: () => void;
  children?: React.ReactNode;
}

export const DIALOG_ANIMATION_MS = 200;

export function Dialog({
  show,
  content,
  tip,
  confirmText,
  cancelText,
  needLoading = false,
  isRight = false,
  onConfirm,
  onCancel,
  children,
}: DialogProps) {
  const { t } = useTranslation("common");
  const ref = useRef<HTMLDialogElement>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (show && !dialog.open) {
      setLoading(false);
      dialog.showModal();
    } else if (!show && dialog.open) {
      dialog.close();
    }
  }, [show]);

  const confirm = () => {
    if (needLoading) setLoading(true);
    onConfirm?.();
  };
  const buttons = [
    cancelText !== undefined && (
      <Button key="cancel" variant="secondary" onClick={onCancel}>
        {cancelText || t("cancel")}
      </Button>
    ),
    <Button key="confirm" loading={loading} onClick={confirm}>
      {confirmText || t("confirm")}
    </Button>,
  ].filter(Boolean);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby="dialog-content"
      onCancel={(event) => {
        // Escape behaves like the cancel button, or like confirm when there is only one button.
        event.preventDefault();
        if (cancelText !== undefined) onCancel?.();
        else confirm();
      }}
    >
      <div id="dialog-content" className="dialog-content" role="alert">
        {content ?? t("dialogDefault")}
      </div>
      {tip && <div className="dialog-tip">{tip}</div>}
      {children}
      <div className={`dialog-buttons${buttons.length === 2 ? " dialog-buttons-pair" : ""}`}>
        {isRight ? buttons : [...buttons].reverse()}
      </div>
    </dialog>
  );
}
