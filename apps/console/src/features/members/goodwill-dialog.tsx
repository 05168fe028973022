import type { GoodwillAnswer } from "@hcoins/domain/api/console-vouchers";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { errorMessage, fieldErrors } from "../../api/error-message.ts";
import { goodwillRewardsQuery, useGoodwillVoucher } from "../../api/vouchers.ts";
import { Dialog } from "../../components/dialog.tsx";
import { Field } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { formatNumber } from "../../lib/format.ts";
import { currentLanguage, useTranslation } from "../../lib/i18n.ts";
import { ruleText } from "../../lib/rule-text.ts";

/** Gives the member a reward's voucher without spending their coins, with an internal note. */
export function GoodwillDialog({
  memberId,
  onClose,
  onDone,
}: {
  memberId: number;
  onClose: () => void;
  /** The voucher given (its last four), or the approval request it waits in. */
  onDone: (given: GoodwillAnswer) => void;
}) {
  const { t } = useTranslation();
  const selectId = useId();
  const rewards = useQuery(goodwillRewardsQuery());
  const give = useGoodwillVoucher(memberId);
  // One key per opened dialog: a retry or a second click gives one voucher.
  const [key] = useState(() => crypto.randomUUID());
  const [chosen, setChosen] = useState<number | null>(null);
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const list = rewards.data?.rewards ?? [];
  const rewardId = chosen ?? list[0]?.id ?? null;
  const language = currentLanguage();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (rewardId === null) missing.reward_id = "required";
    if (note.trim() === "") missing.note = "required";
    setErrors(missing);
    if (rewardId === null || Object.keys(missing).length > 0) return;
    setFailure(null);
    try {
      const issued = await give.mutateAsync({ reward_id: rewardId, note: note.trim(), idempotency_key: key });
      onDone(issued);
    } catch (failed) {
      setFailure(errorMessage(failed, t));
      setErrors(Object.fromEntries(fieldErrors(failed).map((each) => [each.field, each.rule])));
    }
  };

  const voucherRuleText = (rule: string | undefined) =>
    rule === undefined ? undefined : ruleText(t, rule, "vouchers.rules");

  return (
    <Dialog title={t("vouchers.goodwill.title")} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p>{t("vouchers.goodwill.intro")}</p>
        <FormAlert message={failure ?? (rewards.isError ? errorMessage(rewards.error, t) : null)} />
        <div className="field">
          <label htmlFor={selectId}>{t("vouchers.goodwill.reward")}</label>
          <select
            id={selectId}
            value={rewardId ?? ""}
            aria-invalid={errors.reward_id ? true : undefined}
            aria-describedby={errors.reward_id ? `${selectId}-error` : undefined}
            onChange={(event) => setChosen(Number(event.target.value))}
          >
            {list.map((reward) => (
              <option key={reward.id} value={reward.id}>
                {t("vouchers.goodwill.option", {
                  title: reward.title[language],
                  coins: formatNumber(reward.coins),
                  stock: formatNumber(reward.stock),
                })}
              </option>
            ))}
          </select>
          {rewards.isSuccess && list.length === 0 ? (
            <p className="hint">{t("vouchers.goodwill.none")}</p>
          ) : null}
          {errors.reward_id ? (
            <p className="field-error" id={`${selectId}-error`}>
              {voucherRuleText(errors.reward_id)}
            </p>
          ) : null}
        </div>
        <Field
          label={t("vouchers.goodwill.note")}
          hint={t("vouchers.goodwill.noteHint")}
          value={note}
          maxLength={500}
          error={errors.note}
          onChange={(event) => setNote(event.target.value)}
        />
        <div className="dialog-actions">
          <button type="button" className="button secondary" onClick={onClose}>
            {t("vouchers.cancel")}
          </button>
          <button type="submit" className="button" disabled={give.isPending || list.length === 0}>
            {t("vouchers.goodwill.submit")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
