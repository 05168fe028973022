import { useState } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import { ChangeNumberDialog } from "./change-number-dialog.tsx";
import { EditMemberDialog } from "./edit-member-dialog.tsx";
import type { MemberPartProps } from "./member-actions.ts";

type RecordDialog = "edit" | "number";

/** "Edit member" and "Change mobile number", for operators who may act on members. */
export function MemberRecordActions({ detail, permissions, onDone }: MemberPartProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<RecordDialog | null>(null);
  if (!permissions.includes("members.act")) return null;
  const finish = (message: string) => {
    setOpen(null);
    onDone(message);
  };
  return (
    <>
      <fieldset className="actions">
        <legend className="visually-hidden">{t("memberRecords.label")}</legend>
        <button type="button" className="button secondary" onClick={() => setOpen("edit")}>
          {t("memberRecords.edit.button")}
        </button>
        <button type="button" className="button secondary" onClick={() => setOpen("number")}>
          {t("memberRecords.number.button")}
        </button>
      </fieldset>
      {open === "edit" ? (
        <EditMemberDialog
          detail={detail}
          onClose={() => setOpen(null)}
          onDone={(approvalId) =>
            finish(
              approvalId === undefined
                ? t("memberRecords.edit.done")
                : t("memberRecords.edit.birthMonthPending", { id: approvalId }),
            )
          }
        />
      ) : null}
      {open === "number" ? (
        <ChangeNumberDialog
          detail={detail}
          onClose={() => setOpen(null)}
          onDone={() => finish(t("memberRecords.number.done"))}
        />
      ) : null}
    </>
  );
}
