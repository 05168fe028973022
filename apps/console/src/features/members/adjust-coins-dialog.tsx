import { consoleMembers, type OperatorRole } from "@hcoins/domain/api/console";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { coinControlError } from "../../api/coin-control-errors.ts";
import { coinControlsQuery, coinControlsTodayQuery, useAdjustCoins } from "../../api/coin-controls.ts";
import { fieldErrors } from "../../api/error-message.ts";
import { Dialog } from "../../components/dialog.tsx";
import { Field } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { ReasonAndNoteFields } from "../../components/reason-and-note-fields.tsx";
import { formatNumber } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";

type FieldName = "coins" | "reason_code" | "note";
const FIELDS: readonly FieldName[] = ["coins", "reason_code", "note"];

/**
 * Credit or debit a member's H Coins: the coins, the reason the member reads (from the list) and
 * an internal note. One idempotency key per opened dialog, sent again on every retry, so a double
 * click or a retry after a lost answer applies once. Above the role's threshold the server keeps
 * it for approval and the dialog says so.
 */
export function AdjustCoinsDialog({
  memberId,
  memberName,
  role,
  onDone,
  onClose,
}: {
  memberId: number;
  memberName: string;
  role: OperatorRole;
  onDone: (message: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [key] = useState(() => crypto.randomUUID());
  const [fields, setFields] = useState({ coins: "", reason_code: "", note: "" });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useAdjustCoins(memberId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const coins = fields.coins.trim();
    const parsed = consoleMembers.adjustCoins.body.safeParse({
      coins: /^[+-]?\d+$/.test(coins) ? Number(coins) : Number.NaN,
      reason_code: fields.reason_code || undefined,
      note: fields.note,
      idempotency_key: key,
    });
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName;
        if (FIELDS.includes(field)) found[field] = field === "coins" ? "coinsInvalid" : issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      const { adjustment } = await mutation.mutateAsync(parsed.data);
      onDone(
        adjustment.status === "pending"
          ? t("coinControls.pending", { id: adjustment.approval_id })
          : t("coinControls.done"),
      );
    } catch (error) {
      setFailure(coinControlError(error, t));
      const named: Partial<Record<FieldName, string>> = {};
      for (const { field, rule } of fieldErrors(error))
        if (FIELDS.includes(field as FieldName)) named[field as FieldName] = rule;
      setErrors(named);
    }
  };

  return (
    <Dialog title={t("coinControls.title")} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p>{t("coinControls.confirm", { name: memberName })}</p>
        <FormAlert message={failure} />
        <LimitsHint role={role} />
        <Field
          label={t("coinControls.coins")}
          hint={t("coinControls.coinsHint")}
          inputMode="numeric"
          value={fields.coins}
          error={errors.coins}
          onChange={(event) => setFields({ ...fields, coins: event.target.value })}
        />
        <ReasonAndNoteFields
          reasonHint={t("coinControls.reasonHint")}
          reasonCode={fields.reason_code}
          note={fields.note}
          errors={errors}
          onReasonCode={(reason_code) => setFields({ ...fields, reason_code })}
          onNote={(note) => setFields({ ...fields, note })}
        />
        <div className="dialog-actions">
          <button type="button" className="button secondary" onClick={onClose}>
            {t("actions.cancel")}
          </button>
          <button type="submit" className="button danger" disabled={mutation.isPending}>
            {t("coinControls.submit")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The role's ceiling and threshold, and what the operator may still move today. */
function LimitsHint({ role }: { role: OperatorRole }) {
  const { t } = useTranslation();
  const { data: controls } = useQuery(coinControlsQuery());
  const { data: today } = useQuery(coinControlsTodayQuery());
  if (!controls) return null;
  const { ceiling, approval_threshold: threshold } = controls[role];
  return (
    <ul className="hint">
      <li>
        {ceiling === null
          ? t("coinControls.noCeiling")
          : t("coinControls.ceiling", { coins: formatNumber(ceiling) })}
      </li>
      {threshold !== null ? <li>{t("coinControls.threshold", { coins: formatNumber(threshold) })}</li> : null}
      {today && today.operator_remaining !== null ? (
        <li>{t("coinControls.remaining", { coins: formatNumber(today.operator_remaining) })}</li>
      ) : null}
    </ul>
  );
}
