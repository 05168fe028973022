import type { ConsoleMemberDetail } from "@hcoins/domain/api/console";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { sessionQuery } from "../../api/session.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { AdjustCoinsDialog } from "./adjust-coins-dialog.tsx";

/** The member page's "Adjust coins" button and its dialog, for an operator with coins.adjust and a member with an account. */
export function AdjustCoins({
  detail,
  memberName,
  onDone,
}: {
  detail: ConsoleMemberDetail;
  memberName: string;
  onDone: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const { data: operator } = useQuery(sessionQuery);
  const [open, setOpen] = useState(false);
  if (!operator?.permissions.includes("coins.adjust") || detail.coins === null) return null;
  return (
    <>
      <fieldset className="actions">
        <legend className="visually-hidden">{t("coinControls.title")}</legend>
        <button
          type="button"
          className="button danger"
          onClick={() => {
            onDone(null);
            setOpen(true);
          }}
        >
          {t("coinControls.button")}
        </button>
      </fieldset>
      {open ? (
        <AdjustCoinsDialog
          memberId={detail.member.id}
          memberName={memberName}
          role={operator.role}
          onClose={() => setOpen(false)}
          onDone={(message) => {
            setOpen(false);
            onDone(message);
          }}
        />
      ) : null}
    </>
  );
}
