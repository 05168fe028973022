import type { ConsoleMemberDetail } from "@hcoins/domain/api/console";
import { memberEditSchema } from "@hcoins/domain/api/console-member-records";
import { HTML_LANG } from "@hcoins/domain/languages";
import { BIRTH_MONTHS } from "@hcoins/domain/profile-options";
import { type FormEvent, useId, useState } from "react";
import { type MemberEditInput, useEditMember } from "../../api/member-records.ts";
import { Dialog } from "../../components/dialog.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { currentLanguage, useTranslation } from "../../lib/i18n.ts";
import { fieldRules, recordErrorMessage, recordRuleText } from "./record-errors.ts";
import { RecordField } from "./record-field.tsx";

type Fields = {
  first_name: string;
  last_name: string;
  email: string;
  birthday_month: string;
  reason: string;
};

/** The fields the operator changed, as the calls' bodies; or the rule each broke (the contract's own schema). */
function editInput(
  fields: Fields,
  member: ConsoleMemberDetail["member"],
): { input: MemberEditInput } | { errors: Record<string, string> } {
  const changes: MemberEditInput["changes"] = {};
  if (fields.first_name.trim() !== (member.first_name ?? "")) changes.first_name = fields.first_name;
  if (fields.last_name.trim() !== (member.last_name ?? "")) changes.last_name = fields.last_name;
  if (fields.email.trim().toLowerCase() !== (member.email ?? "")) changes.email = fields.email;
  const month = fields.birthday_month === "" ? null : Number(fields.birthday_month);
  const birthdayMonth = month !== null && month !== member.birthday_month ? month : undefined;
  const reason = fields.reason.trim();
  const errors: Record<string, string> = {};
  if (reason === "") errors.reason = "required";
  if (Object.keys(changes).length === 0 && birthdayMonth === undefined) errors.first_name = "nothingToChange";
  if (Object.keys(changes).length > 0) {
    const parsed = memberEditSchema.safeParse({ ...changes, reason });
    if (!parsed.success)
      for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { input: { changes, ...(birthdayMonth === undefined ? {} : { birthdayMonth }), reason } };
}

/** Name, email and a birth month correction, with the reason the audit log keeps. */
export function EditMemberDialog({
  detail,
  onClose,
  onDone,
}: {
  detail: ConsoleMemberDetail;
  onClose: () => void;
  /** Saved; `approvalId` when a birth month correction waits for approval. */
  onDone: (approvalId?: number) => void;
}) {
  const { t } = useTranslation();
  const monthId = useId();
  const { member } = detail;
  const mutation = useEditMember(member.id);
  const [fields, setFields] = useState<Fields>({
    first_name: member.first_name ?? "",
    last_name: member.last_name ?? "",
    email: member.email ?? "",
    birthday_month: member.birthday_month === null ? "" : String(member.birthday_month),
    reason: "",
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (name: keyof Fields) => (event: { target: { value: string } }) =>
    setFields({ ...fields, [name]: event.target.value });
  const monthNames = new Intl.DateTimeFormat(HTML_LANG[currentLanguage()], {
    month: "long",
    timeZone: "UTC",
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = editInput(fields, member);
    if ("errors" in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      const { approvalId } = await mutation.mutateAsync(checked.input);
      onDone(approvalId);
    } catch (error) {
      setFailure(recordErrorMessage(error, t));
      setErrors(fieldRules(error));
    }
  };

  return (
    <Dialog title={t("memberRecords.edit.title")} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p>{t("memberRecords.edit.intro")}</p>
        <FormAlert message={failure} />
        <RecordField
          label={t("memberRecords.edit.firstName")}
          value={fields.first_name}
          maxLength={50}
          autoComplete="off"
          error={recordRuleText(t, errors.first_name)}
          onChange={set("first_name")}
        />
        <RecordField
          label={t("memberRecords.edit.lastName")}
          value={fields.last_name}
          maxLength={50}
          autoComplete="off"
          error={recordRuleText(t, errors.last_name)}
          onChange={set("last_name")}
        />
        <RecordField
          label={t("memberRecords.edit.email")}
          type="email"
          value={fields.email}
          maxLength={254}
          autoComplete="off"
          error={recordRuleText(t, errors.email)}
          onChange={set("email")}
        />
        <div className="field">
          <label htmlFor={monthId}>{t("memberRecords.edit.birthMonth")}</label>
          <p className="hint" id={`${monthId}-hint`}>
            {t("memberRecords.edit.birthMonthHint")}
          </p>
          <select
            id={monthId}
            aria-describedby={`${monthId}-hint`}
            value={fields.birthday_month}
            onChange={set("birthday_month")}
          >
            {member.birthday_month === null ? <option value="">—</option> : null}
            {BIRTH_MONTHS.map((month) => (
              <option key={month} value={month}>
                {monthNames.format(new Date(Date.UTC(2000, month - 1, 1)))}
              </option>
            ))}
          </select>
          {errors.birthday_month ? (
            <p className="field-error">{recordRuleText(t, errors.birthday_month)}</p>
          ) : null}
        </div>
        <RecordField
          label={t("memberRecords.reason")}
          multiline
          maxLength={500}
          value={fields.reason}
          error={recordRuleText(t, errors.reason)}
          onChange={set("reason")}
        />
        <div className="dialog-actions">
          <button type="button" className="button secondary" onClick={onClose}>
            {t("memberRecords.cancel")}
          </button>
          <button type="submit" className="button" disabled={mutation.isPending}>
            {t("memberRecords.edit.submit")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
