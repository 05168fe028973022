import type { ConsoleSegment } from "@hcoins/domain/api/console-segments";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { errorMessage, fieldErrors } from "../../api/error-message.ts";
import { segmentQuery, useSegmentChange } from "../../api/segments.ts";
import { useHolds } from "../../api/session.ts";
import { FormAlert } from "../../components/form-alert.tsx";
import { LocalizedFields } from "../../components/localized-fields.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { rulesOf } from "../../lib/contract-rules.ts";
import { formatTime } from "../../lib/format.ts";
import { currentLanguage, useTranslation } from "../../lib/i18n.ts";
import { LiveCount } from "./live-count.tsx";
import { SegmentConditionFields } from "./segment-condition-fields.tsx";
import { SegmentDeleteDialog } from "./segment-delete-dialog.tsx";
import {
  countableConditions,
  EMPTY_SEGMENT_DRAFT,
  type SegmentDraft,
  type SegmentRules,
  segmentDefinitionOf,
  segmentDraftOf,
} from "./segment-draft.ts";

/** A new segment, or a saved one; the programme manager edits and deletes, the auditor reads. */
function SegmentEditor({ segment }: { segment: ConsoleSegment | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const saved = (useLocation().state as { saved?: boolean } | null)?.saved ?? false;
  const editable = useHolds("programme.edit");
  const { save } = useSegmentChange();
  const [draft, setDraft] = useState<SegmentDraft>(segment ? segmentDraftOf(segment) : EMPTY_SEGMENT_DRAFT);
  const [rules, setRules] = useState<SegmentRules>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(saved ? t("segments.saved") : null);
  const [deleting, setDeleting] = useState(false);
  const language = currentLanguage();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setDone(null);
    const result = segmentDefinitionOf(draft);
    if ("rules" in result) {
      setRules(result.rules);
      setFailure(t("campaigns.formInvalid"));
      return;
    }
    setRules({});
    try {
      const after = await save.mutateAsync({ id: segment?.id ?? null, body: result.definition });
      if (segment === null) navigate(`/segments/${after.id}`, { replace: true, state: { saved: true } });
      else setDone(t("segments.saved"));
    } catch (error) {
      setFailure(errorMessage(error, t));
      setRules(rulesOf(fieldErrors(error)));
    }
  };

  return (
    <section className="page">
      <p>
        <Link to="/segments">{t("segments.back")}</Link>
      </p>
      <h1>{segment ? segment.name[language] : t("segments.newTitle")}</h1>
      <div role="status">{done ? <p>{done}</p> : null}</div>
      {segment ? (
        <dl className="facts">
          <dt>{t("segments.createdBy")}</dt>
          <dd>
            {t("segments.changedBy", { time: formatTime(segment.created_at), operator: segment.created_by })}
          </dd>
          {segment.updated_at ? (
            <>
              <dt>{t("segments.changed")}</dt>
              <dd>
                {t("segments.changedBy", {
                  time: formatTime(segment.updated_at),
                  operator: segment.updated_by ?? "",
                })}
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <form className="card" onSubmit={submit} noValidate>
        <FormAlert message={failure} />
        <fieldset disabled={!editable} className="plain">
          <LocalizedFields
            name="name"
            label={t("segments.name")}
            value={draft.name}
            onChange={(name) => setDraft((before) => ({ ...before, name }))}
            rules={rules}
          />
          <SegmentConditionFields
            conditions={draft.conditions}
            onChange={(conditions) => setDraft((before) => ({ ...before, conditions }))}
            rules={rules}
          />
          {editable ? <LiveCount conditions={countableConditions(draft.conditions)} /> : null}
          {editable ? (
            <div className="row-actions">
              <button type="submit" className="button" disabled={save.isPending}>
                {segment ? t("segments.save") : t("segments.create")}
              </button>
              {segment ? (
                <button type="button" className="button danger" onClick={() => setDeleting(true)}>
                  {t("segments.delete")}
                </button>
              ) : null}
            </div>
          ) : null}
        </fieldset>
      </form>
      {deleting && segment ? (
        <SegmentDeleteDialog
          segment={segment}
          onDeleted={() => navigate("/segments", { replace: true })}
          onCancel={() => setDeleting(false)}
        />
      ) : null}
    </section>
  );
}

export function Component() {
  const { t } = useTranslation();
  const { id } = useParams();
  const segmentId = id === undefined ? null : Number(id);
  const segment = useQuery({ ...segmentQuery(segmentId ?? 0), enabled: segmentId !== null });
  if (segmentId !== null && !segment.data)
    return (
      <section className="page">
        <h1>{t("segments.title")}</h1>
        <QueryState query={segment} />
      </section>
    );
  // The form keeps what the operator wrote across saves; only another segment starts it afresh.
  return <SegmentEditor key={segment.data?.id ?? "new"} segment={segment.data ?? null} />;
}
