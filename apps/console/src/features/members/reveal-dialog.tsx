import type { ConsoleMemberDetail } from "@hcoins/domain/api/console";
import { type FormEvent, useId, useState } from "react";
import { errorMessage, fieldErrors } from "../../api/error-message.ts";
import { useRevealCode } from "../../api/vouchers.ts";
import { Dialog } from "../../components/dialog.tsx";
import { Field } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { maskedCode } from "./masked-code.ts";

/**
 * Reveals one voucher's full code, with a reason (audited). The code is shown once, in this
 * dialog, and kept nowhere: closing it forgets it.
 */
export function RevealDialog({ detail, onClose }: { detail: ConsoleMemberDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const selectId = useId();
  const vouchers = detail.coins?.vouchers ?? [];
  const reveal = useRevealCode(detail.member.id);
  const [chosen, setChosen] = useState(vouchers[0]?.id ?? 0);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [code, setCode] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === "") {
      setError("required");
      return;
    }
    setError(undefined);
    setFailure(null);
    try {
      setCode((await reveal.mutateAsync({ voucherId: chosen, reason: reason.trim() })).code);
    } catch (failed) {
      setFailure(errorMessage(failed, t));
      setError(fieldErrors(failed).find((each) => each.field === "reason")?.rule);
    }
  };

  return (
    <Dialog title={t("vouchers.reveal.title")} onClose={onClose}>
      {code ? (
        <div>
          <p>{t("vouchers.reveal.shownOnce")}</p>
          <p className="revealed-code">
            <span className="visually-hidden">{t("vouchers.reveal.code")}: </span>
            <code>{code}</code>
          </p>
          <div className="dialog-actions">
            <button type="button" className="button" onClick={onClose}>
              {t("vouchers.reveal.close")}
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate>
          <p>{t("vouchers.reveal.intro")}</p>
          <FormAlert message={failure} />
          <div className="field">
            <label htmlFor={selectId}>{t("vouchers.voucher")}</label>
            <select id={selectId} value={chosen} onChange={(event) => setChosen(Number(event.target.value))}>
              {vouchers.map((voucher) => (
                <option key={voucher.id} value={voucher.id}>
                  {maskedCode(voucher.code_last_four)} – {voucher.title_en}
                </option>
              ))}
            </select>
          </div>
          <Field
            label={t("vouchers.reason")}
            value={reason}
            maxLength={500}
            error={error}
            onChange={(event) => setReason(event.target.value)}
          />
          <div className="dialog-actions">
            <button type="button" className="button secondary" onClick={onClose}>
              {t("vouchers.cancel")}
            </button>
            <button type="submit" className="button" disabled={reveal.isPending}>
              {t("vouchers.reveal.submit")}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
