import type { ConsoleMemberDetail, Permission } from "@hcoins/domain/api/console";
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { errorMessage, fieldErrors } from "../../api/error-message.ts";
import { type CaseAction, useCaseAction } from "../../api/member-case.ts";
import { Dialog } from "../../components/dialog.tsx";
import { Field } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { maskedCode } from "../vouchers/masked-code.ts";

const PERMISSION: Record<CaseAction, Permission> = {
  blockNumber: "members.act",
  unblockNumber: "members.act",
  cancelVoucher: "vouchers.cancel",
  exportData: "members.dataProtection",
  erase: "members.dataProtection",
};
const DANGEROUS: readonly CaseAction[] = ["blockNumber", "cancelVoucher", "erase"];

function applies(action: CaseAction, detail: ConsoleMemberDetail) {
  if (action === "blockNumber") return !detail.blocked.blocked;
  if (action === "unblockNumber") return detail.blocked.blocked;
  if (action === "cancelVoucher") return detail.coins?.vouchers.some((v) => v.status === "issued") ?? false;
  return true;
}

/** Block or unblock the number, cancel a voucher, export the member's data, erase the member. */
export function MemberCaseActions({
  detail,
  permissions,
  onDone,
}: {
  detail: ConsoleMemberDetail;
  permissions: readonly Permission[];
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<CaseAction | null>(null);
  const actions = (Object.keys(PERMISSION) as CaseAction[]).filter(
    (action) => permissions.includes(PERMISSION[action]) && applies(action, detail),
  );
  if (actions.length === 0) return null;
  return (
    <>
      <fieldset className="actions">
        <legend className="visually-hidden">{t("memberCase.label")}</legend>
        {actions.map((action) => (
          <button
            key={action}
            type="button"
            className={DANGEROUS.includes(action) ? "button danger" : "button secondary"}
            onClick={() => setOpen(action)}
          >
            {t(`memberCase.${action}.button`)}
          </button>
        ))}
      </fieldset>
      {open ? (
        <CaseDialog
          action={open}
          detail={detail}
          onClose={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            onDone(t(`memberCase.${open}.done`));
          }}
        />
      ) : null}
    </>
  );
}

function CaseDialog({
  action,
  detail,
  onClose,
  onDone,
}: {
  action: CaseAction;
  detail: ConsoleMemberDetail;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const voucherId = useId();
  const mutation = useCaseAction(detail.member.id);
  const vouchers = detail.coins?.vouchers.filter((v) => v.status === "issued") ?? [];
  const [reason, setReason] = useState("");
  const [chosen, setChosen] = useState(vouchers[0]?.id ?? 0);
  // One key per opened dialog: a retry or a second click of it cancels once.
  const [key] = useState(() => crypto.randomUUID());
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    // Every one of these actions is recorded with the operator's reason (an export or an erasure too).
    if (reason.trim() === "") missing.reason = "required";
    if (action === "erase" && confirm.trim() !== detail.member.mobile_phone)
      missing.confirm_mobile_phone = "confirmationMismatch";
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setFailure(null);
    try {
      await mutation.mutateAsync({
        action,
        reason: reason.trim(),
        voucherId: chosen,
        key,
        confirm: confirm.trim(),
      });
      if (action === "erase") {
        navigate("/members");
        return;
      }
      onDone();
    } catch (error) {
      setFailure(errorMessage(error, t));
      setErrors(Object.fromEntries(fieldErrors(error).map((each) => [each.field, each.rule])));
    }
  };

  const ruleText = (rule: string | undefined) =>
    rule === undefined
      ? undefined
      : t(`memberCase.rules.${rule}`, {
          defaultValue: t(`rules.${rule}`, { defaultValue: t("rules.invalid") }),
        });

  return (
    <Dialog title={t(`memberCase.${action}.title`)} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p>{t(`memberCase.${action}.confirm`, { phone: detail.member.mobile_phone })}</p>
        <FormAlert message={failure} />
        {action === "cancelVoucher" ? (
          <div className="field">
            <label htmlFor={voucherId}>{t("memberCase.voucher")}</label>
            <select id={voucherId} value={chosen} onChange={(event) => setChosen(Number(event.target.value))}>
              {vouchers.map((voucher) => (
                <option key={voucher.id} value={voucher.id}>
                  {maskedCode(voucher.code_last_four)} – {voucher.title_en}
                </option>
              ))}
            </select>
            {errors.voucherId ? <p className="field-error">{ruleText(errors.voucherId)}</p> : null}
          </div>
        ) : null}
        <Field
          label={t("memberCase.reason")}
          value={reason}
          maxLength={500}
          error={errors.reason}
          onChange={(event) => setReason(event.target.value)}
        />
        {action === "erase" ? (
          <>
            <Field
              label={t("memberCase.erase.typeNumber")}
              inputMode="numeric"
              autoComplete="off"
              value={confirm}
              onChange={(event) => setConfirm(event.target.value)}
            />
            {errors.confirm_mobile_phone ? (
              <p className="field-error" role="alert">
                {ruleText(errors.confirm_mobile_phone)}
              </p>
            ) : null}
          </>
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="button secondary" onClick={onClose}>
            {t("memberCase.cancel")}
          </button>
          <button
            type="submit"
            className={DANGEROUS.includes(action) ? "button danger" : "button"}
            disabled={mutation.isPending}
          >
            {t(`memberCase.${action}.submit`)}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
