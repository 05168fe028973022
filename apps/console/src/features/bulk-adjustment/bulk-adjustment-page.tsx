import { consoleBulkAdjustments } from "@hcoins/domain/api/console-bulk-adjustments";
import {
  BULK_ADJUSTMENT_MAX_CHARS,
  BULK_ADJUSTMENT_MAX_LINES,
  parseBulkAdjustmentCsv,
} from "@hcoins/domain/bulk-adjustment-csv";
import { ErrorCode } from "@hcoins/domain/codes";
import { type ChangeEvent, type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { refusedLines, useRequestBulkAdjustment } from "../../api/bulk-adjustments.ts";
import { ApiError } from "../../api/client.ts";
import { errorMessage, fieldErrors } from "../../api/error-message.ts";
import { FormAlert } from "../../components/form-alert.tsx";
import { ListTable } from "../../components/list-table.tsx";
import { ReasonAndNoteFields } from "../../components/reason-and-note-fields.tsx";
import { TextArea } from "../../components/text-area.tsx";
import { formatNumber } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";

type FieldName = "csv" | "reason_code" | "note";
const FIELDS: readonly FieldName[] = ["csv", "reason_code", "note"];

/**
 * A bulk coin adjustment: the operator pastes or uploads a `member number, coins` list, picks the
 * reason every member reads and writes an internal note. The server checks every line; refused
 * lines are listed by their number while the list stays in the box to correct. A valid list waits
 * on the Approvals screen for a second operator. One idempotency key per list sent: a retry or a
 * double click asks once; a new key once a request is made.
 */
export function Component() {
  const { t } = useTranslation();
  const fileId = useId();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [fields, setFields] = useState({ csv: "", reason_code: "", note: "" });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [refused, setRefused] = useState<ReturnType<typeof refusedLines>>([]);
  const [made, setMade] = useState<{ approval_id: number; lines: number; coins: number } | null>(null);
  const mutation = useRequestBulkAdjustment();
  const counted = parseBulkAdjustmentCsv(fields.csv);
  const lineCount = counted.lines.length + counted.errors.length;

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setFields({ ...fields, csv: await file.text() });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = consoleBulkAdjustments.request.body.safeParse({
      csv: fields.csv,
      reason_code: fields.reason_code || undefined,
      note: fields.note,
      idempotency_key: key,
    });
    setMade(null);
    setFailure(null);
    setRefused([]);
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName;
        if (FIELDS.includes(field)) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const answer = await mutation.mutateAsync(parsed.data);
      setMade(answer);
      // The list was asked for: the next one is another request.
      setKey(crypto.randomUUID());
      setFields({ csv: "", reason_code: "", note: "" });
    } catch (error) {
      setRefused(refusedLines(error));
      setFailure(bulkError(error, t));
      const named: Partial<Record<FieldName, string>> = {};
      for (const { field, rule } of fieldErrors(error))
        if (FIELDS.includes(field as FieldName)) named[field as FieldName] = rule;
      setErrors(named);
    }
  };

  return (
    <section className="page">
      <h1>{t("bulkAdjustment.title")}</h1>
      <p>{t("bulkAdjustment.intro", { max: formatNumber(BULK_ADJUSTMENT_MAX_LINES) })}</p>
      <p className="status-line" role="status">
        {made ? (
          <>
            {t("bulkAdjustment.made", {
              id: made.approval_id,
              lines: formatNumber(made.lines),
              coins: formatNumber(made.coins),
            })}{" "}
            <Link to="/approvals">{t("bulkAdjustment.toApprovals")}</Link>
          </>
        ) : null}
      </p>
      <form onSubmit={submit} noValidate>
        <FormAlert message={failure} />
        {refused.length > 0 ? (
          <ListTable
            caption={t("bulkAdjustment.refusedCaption", { count: refused.length })}
            head={[t("bulkAdjustment.line"), t("bulkAdjustment.memberNo"), t("bulkAdjustment.problem")]}
            empty=""
            count={refused.length}
          >
            {refused.map((line) => (
              <tr key={line.line}>
                <td>{line.line}</td>
                <td>{line.member_no ?? "—"}</td>
                <td>{t(`bulkAdjustment.rules.${line.rule}`)}</td>
              </tr>
            ))}
          </ListTable>
        ) : null}
        <div className="field">
          <label htmlFor={fileId}>{t("bulkAdjustment.file")}</label>
          <p className="hint" id={`${fileId}-hint`}>
            {t("bulkAdjustment.fileHint")}
          </p>
          <input
            id={fileId}
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            aria-describedby={`${fileId}-hint`}
            onChange={upload}
          />
        </div>
        <TextArea
          label={t("bulkAdjustment.list")}
          rows={10}
          maxLength={BULK_ADJUSTMENT_MAX_CHARS}
          spellCheck={false}
          placeholder={t("bulkAdjustment.placeholder")}
          value={fields.csv}
          error={errors.csv}
          onChange={(event) => setFields({ ...fields, csv: event.target.value })}
        />
        <p className="hint" aria-live="polite">
          {t("bulkAdjustment.lineCount", { count: lineCount, max: formatNumber(BULK_ADJUSTMENT_MAX_LINES) })}
        </p>
        <ReasonAndNoteFields
          reasonHint={t("bulkAdjustment.reasonHint")}
          reasonCode={fields.reason_code}
          note={fields.note}
          errors={errors}
          onReasonCode={(reason_code) => setFields({ ...fields, reason_code })}
          onNote={(note) => setFields({ ...fields, note })}
        />
        <button type="submit" className="button" disabled={mutation.isPending}>
          {t("bulkAdjustment.submit")}
        </button>
      </form>
    </section>
  );
}

/** What a refused list means to the operator: the list as a whole, or the general message. */
function bulkError(error: unknown, t: ReturnType<typeof useTranslation>["t"]): string {
  if (error instanceof ApiError) {
    if (error.code === ErrorCode.bulkLinesInvalid) return t("bulkAdjustment.errors.lines");
    if (error.code === ErrorCode.bulkTooManyLines)
      return t("bulkAdjustment.errors.tooMany", { max: formatNumber(BULK_ADJUSTMENT_MAX_LINES) });
    if (error.code === ErrorCode.bulkListEmpty) return t("bulkAdjustment.errors.empty");
    if (error.code === ErrorCode.idempotencyKeyReused) return t("bulkAdjustment.errors.keyReused");
  }
  return errorMessage(error, t);
}
