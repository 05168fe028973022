import { type FormEvent, useId, useState } from "react";
import { errorMessage, fieldErrors } from "../../api/error-message.ts";
import { useMemberAction } from "../../api/members.ts";
import { Dialog } from "../../components/dialog.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { type ActionFields, type ActionSpec, actionInput } from "./member-actions.ts";

/**
 * The confirmation every action goes through: what it does and the reason (required for disable
 * and enable). A failure keeps what was typed. Adjusting coins has its own (coin-controls).
 */
export function MemberActionDialog({
  memberId,
  memberName,
  spec,
  onDone,
  onClose,
}: {
  memberId: number;
  memberName: string;
  spec: ActionSpec;
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const reasonId = useId();
  const mutation = useMemberAction(memberId);
  const [fields, setFields] = useState<ActionFields>({ reason: "" });
  const [errors, setErrors] = useState<Partial<Record<keyof ActionFields, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = actionInput(spec, fields);
    if ("errors" in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      await mutation.mutateAsync(checked.input);
      onDone();
    } catch (error) {
      setFailure(errorMessage(error, t));
      const named: Partial<Record<keyof ActionFields, string>> = {};
      for (const { field, rule } of fieldErrors(error)) if (field === "reason") named[field] = rule;
      setErrors(named);
    }
  };

  const reasonRule = errors.reason;
  return (
    <Dialog title={t(`actions.${spec.action}.title`)} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p>{t(`actions.${spec.action}.confirm`, { name: memberName })}</p>
        <FormAlert message={failure} />
        <div className="field">
          <label htmlFor={reasonId}>
            {spec.reason === "required" ? t("actions.reason") : t("actions.reasonOptional")}
          </label>
          <textarea
            id={reasonId}
            rows={3}
            maxLength={500}
            value={fields.reason}
            aria-invalid={reasonRule ? true : undefined}
            aria-describedby={reasonRule ? `${reasonId}-error` : undefined}
            onChange={(event) => setFields({ ...fields, reason: event.target.value })}
          />
          {reasonRule ? (
            <p className="field-error" id={`${reasonId}-error`}>
              {t(`rules.${reasonRule}`, { defaultValue: t("rules.invalid") })}
            </p>
          ) : null}
        </div>
        <div className="dialog-actions">
          <button type="button" className="button secondary" onClick={onClose}>
            {t("actions.cancel")}
          </button>
          <button
            type="submit"
            className={spec.dangerous ? "button danger" : "button"}
            disabled={mutation.isPending}
          >
            {t(`actions.${spec.action}.submit`)}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
