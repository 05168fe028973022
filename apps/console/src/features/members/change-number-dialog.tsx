import type { ConsoleMemberDetail } from "@hcoins/domain/api/console";
import { newNumberSchema, numberChangeSchema } from "@hcoins/domain/api/console-member-records";
import { PHONE_PREFIXES } from "@hcoins/domain/phone-rules";
import { type FormEvent, useId, useState } from "react";
import { type NewNumberInput, useChangeNumber, useSendNumberCode } from "../../api/member-records.ts";
import { Dialog } from "../../components/dialog.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { fieldRules, recordErrorMessage, recordRuleText } from "./record-errors.ts";
import { RecordField } from "./record-field.tsx";

const issuesOf = (issues: { path: PropertyKey[]; message: string }[]) => {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
};

/**
 * The Hong Kong classic: the new number (registration's rules), an SMS code sent to it, the code
 * the member reads out, and the reason. The number changes only with the right code.
 */
export function ChangeNumberDialog({
  detail,
  onClose,
  onDone,
}: {
  detail: ConsoleMemberDetail;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const prefixId = useId();
  const id = detail.member.id;
  const send = useSendNumberCode(id);
  const change = useChangeNumber(id);
  const [number, setNumber] = useState<NewNumberInput>({ mobile_phone_prefix: "852", mobile_phone: "" });
  const [sentTo, setSentTo] = useState<NewNumberInput | null>(null);
  const [code, setCode] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const sendCode = async () => {
    const parsed = newNumberSchema.safeParse(number);
    if (!parsed.success) {
      setErrors(issuesOf(parsed.error.issues));
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      await send.mutateAsync(parsed.data);
      setSentTo(parsed.data);
      setNotice(
        t("memberRecords.number.sent", {
          phone: `+${parsed.data.mobile_phone_prefix} ${parsed.data.mobile_phone}`,
        }),
      );
    } catch (error) {
      setFailure(recordErrorMessage(error, t));
      setErrors(fieldRules(error));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!sentTo) {
      await sendCode();
      return;
    }
    const parsed = numberChangeSchema.safeParse({ ...sentTo, code, reason });
    if (!parsed.success) {
      setErrors(issuesOf(parsed.error.issues));
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      await change.mutateAsync(parsed.data);
      onDone();
    } catch (error) {
      setFailure(recordErrorMessage(error, t));
      setErrors(fieldRules(error));
    }
  };

  return (
    <Dialog title={t("memberRecords.number.title")} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p>
          {t("memberRecords.number.intro", {
            phone: `+${detail.member.mobile_phone_prefix} ${detail.member.mobile_phone}`,
          })}
        </p>
        <FormAlert message={failure} />
        <p className="status-line" role="status">
          {notice}
        </p>
        <div className="field">
          <label htmlFor={prefixId}>{t("memberRecords.number.prefix")}</label>
          <select
            id={prefixId}
            value={number.mobile_phone_prefix}
            disabled={sentTo !== null}
            onChange={(event) => setNumber({ ...number, mobile_phone_prefix: event.target.value })}
          >
            {PHONE_PREFIXES.map((prefix) => (
              <option key={prefix} value={prefix}>
                +{prefix}
              </option>
            ))}
          </select>
          {errors.mobile_phone_prefix ? (
            <p className="field-error">{recordRuleText(t, errors.mobile_phone_prefix)}</p>
          ) : null}
        </div>
        <RecordField
          label={t("memberRecords.number.newNumber")}
          inputMode="numeric"
          autoComplete="off"
          value={number.mobile_phone}
          readOnly={sentTo !== null}
          error={recordRuleText(t, errors.mobile_phone)}
          onChange={(event) => setNumber({ ...number, mobile_phone: event.target.value })}
        />
        {sentTo ? (
          <>
            <RecordField
              label={t("memberRecords.number.code")}
              hint={t("memberRecords.number.codeHint")}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              error={recordRuleText(t, errors.code)}
              onChange={(event) => setCode(event.target.value)}
            />
            <RecordField
              label={t("memberRecords.reason")}
              multiline
              maxLength={500}
              value={reason}
              error={recordRuleText(t, errors.reason)}
              onChange={(event) => setReason(event.target.value)}
            />
          </>
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="button secondary" onClick={onClose}>
            {t("memberRecords.cancel")}
          </button>
          {sentTo ? (
            <>
              <button
                type="button"
                className="button secondary"
                disabled={send.isPending}
                onClick={() => {
                  setSentTo(null);
                  setNotice(null);
                  setCode("");
                }}
              >
                {t("memberRecords.number.otherNumber")}
              </button>
              <button type="button" className="button secondary" disabled={send.isPending} onClick={sendCode}>
                {t("memberRecords.number.resend")}
              </button>
              <button type="submit" className="button danger" disabled={change.isPending}>
                {t("memberRecords.number.submit")}
              </button>
            </>
          ) : (
            <button type="submit" className="button" disabled={send.isPending}>
              {t("memberRecords.number.send")}
            </button>
          )}
        </div>
      </form>
    </Dialog>
  );
}
