import type { ReactNode } from "react";
import { useTranslation } from "../lib/i18n.ts";
import { Dialog } from "./dialog.tsx";
import { FormAlert } from "./form-alert.tsx";

/** Moving a row up or down its list, with each button's name for a screen reader. */
export interface RowMove {
  upLabel: string;
  downLabel: string;
  first: boolean;
  last: boolean;
  pending: boolean;
  onMove: (direction: "up" | "down") => void;
}

/**
 * The actions cell of a row the operator edits and deletes (banners, pages, brands): the
 * screen's own buttons first (a preview), then up and down where the order is the operator's,
 * edit and delete, each named with the row's `name` for a screen reader.
 */
export function RowActions({
  name,
  move,
  onEdit,
  onDelete,
  children,
}: {
  name: string;
  move?: RowMove;
  onEdit: () => void;
  onDelete: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <td className="row-actions">
      {children}
      {move
        ? (["up", "down"] as const).map((direction) => (
            <button
              key={direction}
              type="button"
              className="button secondary"
              disabled={(direction === "up" ? move.first : move.last) || move.pending}
              aria-label={direction === "up" ? move.upLabel : move.downLabel}
              onClick={() => move.onMove(direction)}
            >
              {t(`content.${direction}`)}
            </button>
          ))
        : null}
      <button
        type="button"
        className="button secondary"
        aria-label={t("content.editNamed", { title: name })}
        onClick={onEdit}
      >
        {t("content.edit")}
      </button>
      <button
        type="button"
        className="button danger"
        aria-label={t("content.deleteNamed", { title: name })}
        onClick={onDelete}
      >
        {t("content.delete")}
      </button>
    </td>
  );
}

/** Asks before a row is deleted; `refusal` is why the server would not, shown in the dialog. */
export function ConfirmDeleteDialog({
  title,
  text,
  refusal = null,
  pending = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  text: string;
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
      <div className="actions">
        <button type="button" className="button danger" disabled={pending} onClick={onConfirm}>
          {t("content.confirmDelete")}
        </button>
        <button type="button" className="button secondary" onClick={onCancel}>
          {t("content.cancel")}
        </button>
      </div>
    </Dialog>
  );
}
