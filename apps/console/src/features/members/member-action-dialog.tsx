import type { ConsoleMemberDetail } from "@hcoins/domain/api/console";
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { errorMessage, fieldErrors } from "../../api/error-message.ts";
import { useMemberAction } from "../../api/members.ts";
import { Dialog } from "../../components/dialog.tsx";
import { Field } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { TextArea } from "../../components/text-area.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { ruleText } from "../../lib/rule-text.ts";
import { maskedCode } from "./masked-code.ts";
import {
  type ActionErrors,
  type ActionFields,
  type ActionSpec,
  actionInput,
  issuedVouchers,
} from "./member-actions.ts";

/**
 * The confirmation every action on a member goes through: what it does, the reason, and for a
 * voucher's cancel the voucher, for an erasure the member's number typed out. A failure keeps what
 * was typed. Adjusting coins has its own dialog (adjust-coins-dialog.tsx).
 */
export function MemberActionDialog({
  detail,
  memberName,
  spec,
  onDone,
  onClose,
}: {
  detail: ConsoleMemberDetail;
  memberName: string;
  spec: ActionSpec;
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const voucherId = useId();
  const { action } = spec;
  const mutation = useMemberAction(detail.member.id);
  const vouchers = issuedVouchers(detail);
  const [fields, setFields] = useState<ActionFields>({
    reason: "",
    voucherId: vouchers[0]?.id ?? 0,
    confirm: "",
  });
  // One key per opened dialog: a retry or a second click of a voucher's cancel cancels once.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [errors, setErrors] = useState<ActionErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = actionInput(spec, fields, { idempotencyKey, mobilePhone: detail.member.mobile_phone });
    if ("errors" in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      await mutation.mutateAsync(checked.input);
      if (action === "erase") {
        navigate("/members");
        return;
      }
      onDone();
    } catch (error) {
      setFailure(errorMessage(error, t));
      const named: ActionErrors = {};
      for (const { field, rule } of fieldErrors(error))
        if (field === "reason" || field === "voucherId" || field === "confirm_mobile_phone")
          named[field] = rule;
      setErrors(named);
    }
  };

  const actionRuleText = (rule: string | undefined) =>
    rule === undefined ? undefined : ruleText(t, rule, "actions.rules");

  return (
    <Dialog title={t(`actions.${action}.title`)} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p>{t(`actions.${action}.confirm`, { name: memberName, phone: detail.member.mobile_phone })}</p>
        <FormAlert message={failure} />
        {action === "cancelVoucher" ? (
          <div className="field">
            <label htmlFor={voucherId}>{t("actions.voucher")}</label>
            <select
              id={voucherId}
              value={fields.voucherId}
              onChange={(event) => setFields({ ...fields, voucherId: Number(event.target.value) })}
            >
              {vouchers.map((voucher) => (
                <option key={voucher.id} value={voucher.id}>
                  {maskedCode(voucher.code_last_four)} – {voucher.title_en}
                </option>
              ))}
            </select>
            {errors.voucherId ? <p className="field-error">{actionRuleText(errors.voucherId)}</p> : null}
          </div>
        ) : null}
        <TextArea
          label={spec.reason === "required" ? t("actions.reason") : t("actions.reasonOptional")}
          rows={3}
          maxLength={500}
          value={fields.reason}
          error={errors.reason}
          onChange={(event) => setFields({ ...fields, reason: event.target.value })}
        />
        {action === "erase" ? (
          <>
            <Field
              label={t("actions.erase.typeNumber")}
              inputMode="numeric"
              autoComplete="off"
              value={fields.confirm}
              onChange={(event) => setFields({ ...fields, confirm: event.target.value })}
            />
            {errors.confirm_mobile_phone ? (
              <p className="field-error" role="alert">
                {actionRuleText(errors.confirm_mobile_phone)}
              </p>
            ) : null}
          </>
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="button secondary" onClick={onClose}>
            {t("actions.cancel")}
          </button>
          <button
            type="submit"
            className={spec.dangerous ? "button danger" : "button"}
            disabled={mutation.isPending}
          >
            {t(`actions.${action}.submit`)}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
