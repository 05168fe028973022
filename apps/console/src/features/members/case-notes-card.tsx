import { CASE_NOTE_MAX_LENGTH, RECORDS_PAGE_SIZE } from "@hcoins/domain/api/console-member-records";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { caseNotesQuery, useAddCaseNote } from "../../api/member-records.ts";
import { FormAlert } from "../../components/form-alert.tsx";
import { ListTable } from "../../components/list-table.tsx";
import { Pager, pageCount } from "../../components/pager.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { formatTime } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { fieldRules, recordErrorMessage, recordRuleText } from "./record-errors.ts";
import { RecordField } from "./record-field.tsx";

/** Operators' notes on the member, newest first; those who may act add one. The member never sees them. */
export function CaseNotesCard({ memberId, canAdd }: { memberId: number; canAdd: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery(caseNotesQuery(memberId, page));
  const add = useAddCaseNote(memberId);
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const notes = query.data?.notes ?? [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (note.trim() === "") {
      setError("required");
      return;
    }
    setError(undefined);
    setFailure(null);
    try {
      await add.mutateAsync(note.trim());
      setNote("");
      setPage(1);
    } catch (failed) {
      setFailure(recordErrorMessage(failed, t));
      setError(fieldRules(failed).note);
    }
  };

  return (
    <section className="card wide">
      <h2>{t("memberRecords.notes.title")}</h2>
      {canAdd ? (
        <form onSubmit={submit} noValidate>
          <FormAlert message={failure} />
          <RecordField
            label={t("memberRecords.notes.new")}
            hint={t("memberRecords.notes.hint")}
            multiline
            maxLength={CASE_NOTE_MAX_LENGTH}
            value={note}
            error={recordRuleText(t, error)}
            onChange={(event) => setNote(event.target.value)}
          />
          <button type="submit" className="button secondary" disabled={add.isPending}>
            {t("memberRecords.notes.add")}
          </button>
        </form>
      ) : null}
      <QueryState query={query} />
      <ListTable
        caption={t("memberRecords.notes.title")}
        head={[t("memberRecords.when"), t("memberRecords.by"), t("memberRecords.notes.note")]}
        empty={t("memberRecords.notes.none")}
        count={notes.length}
      >
        {notes.map((row) => (
          <tr key={row.id}>
            <td className="nowrap">{formatTime(row.created_at)}</td>
            <td>{row.author}</td>
            <td className="free-text">{row.note}</td>
          </tr>
        ))}
      </ListTable>
      <Pager
        label={t("memberRecords.notes.pages")}
        page={page}
        pages={pageCount(query.data?.total ?? 0, RECORDS_PAGE_SIZE)}
        onPage={setPage}
      />
    </section>
  );
}
