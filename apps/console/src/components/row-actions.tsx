import type { ReactNode } from "react";
import { useTranslation } from "../lib/i18n.ts";
import { ConfirmActionDialog } from "./confirm-action-dialog.tsx";

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

/** Asks before a row is deleted: the confirm dialog with the delete wording, in red. */
export function ConfirmDeleteDialog(
  props: Omit<Parameters<typeof ConfirmActionDialog>[0], "confirm" | "danger">,
) {
  const { t } = useTranslation();
  return <ConfirmActionDialog {...props} confirm={t("content.confirmDelete")} danger />;
}
