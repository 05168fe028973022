import {
  APPROVAL_STATUSES,
  type ApprovalRequest,
  type ApprovalStatus,
} from "@hcoins/domain/api/console-coin-controls";
import { type TFunction, textIn } from "@hcoins/i18n/translator";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { approvalsQuery } from "../../api/coin-controls.ts";
import { sessionQuery } from "../../api/session.ts";
import { ListTable } from "../../components/list-table.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { formatNumber, formatTime } from "../../lib/format.ts";
import { type Key, useTranslation } from "../../lib/i18n.ts";
import { DecisionDialog } from "./decision-dialog.tsx";
import { RequestCampaign } from "./request-campaign.tsx";
import { RequestLines } from "./request-lines.tsx";
import { RequestMission } from "./request-mission.tsx";
import { requestReason } from "./request-reason.ts";

const MINUTE = 60_000;

/** How long a request has waited (or waited before it was decided), in hours or minutes. */
function age(request: ApprovalRequest, now: number, t: TFunction<Key>) {
  const end = request.decided_at ? Date.parse(request.decided_at) : now;
  const minutes = Math.max(0, Math.floor((end - Date.parse(request.requested_at)) / MINUTE));
  return minutes >= 60
    ? t("approvals.hours", { count: Math.floor(minutes / 60) })
    : t("approvals.minutes", { count: minutes });
}

/**
 * The maker-checker queue: pending requests first, oldest first, with what they would move, why
 * (the member-facing reason and the internal note), who asked and how long ago. An operator with
 * coins.approve approves or rejects with a note; the auditor reads. A list (a bulk adjustment)
 * shows its lines and, once applied, each line's outcome. On a phone the table scrolls in its
 * own box like every console list, so the columns an approver acts on (whose, how many coins,
 * the buttons, the status) come first and the rest follows to the right; the decision dialog
 * repeats the reason and the note, so nobody approves what they have not read.
 */
export function Component() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const chosen = params.get("status") ?? "pending";
  const status = (APPROVAL_STATUSES as readonly string[]).includes(chosen)
    ? (chosen as ApprovalStatus)
    : undefined;
  const query = useQuery(approvalsQuery(status, 1));
  const { data: operator } = useQuery(sessionQuery);
  const [deciding, setDeciding] = useState<{
    request: ApprovalRequest;
    decision: "approve" | "reject";
  } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const mayDecide = operator?.permissions.includes("coins.approve") ?? false;
  const now = Date.now();

  return (
    <section className="page">
      <h1>{t("approvals.title")}</h1>
      <div className="filters">
        <div className="field">
          <label htmlFor="approval-status">{t("approvals.status")}</label>
          <select
            id="approval-status"
            value={status ?? "all"}
            onChange={(event) => setParams({ status: event.target.value })}
          >
            {APPROVAL_STATUSES.map((each) => (
              <option key={each} value={each}>
                {t(`approvals.statuses.${each}`)}
              </option>
            ))}
            <option value="all">{t("approvals.all")}</option>
          </select>
        </div>
      </div>
      <p className="status-line" role="status">
        {done}
      </p>
      <QueryState query={query} />
      {query.data ? (
        <ListTable
          caption={t("approvals.caption")}
          head={[
            t("approvals.member"),
            t("approvals.coins"),
            mayDecide && t("approvals.actions"),
            t("approvals.status"),
            t("approvals.reason"),
            t("approvals.note"),
            t("approvals.requestedBy"),
            t("approvals.age"),
          ]}
          empty={t("approvals.none")}
          count={query.data.requests.length}
        >
          {query.data.requests.map((request) => (
            <tr key={request.id}>
              <td>
                {request.member_id === null ? (
                  <>
                    {textIn(t, "approvals.kinds", request.kind, { defaultValue: request.kind })}
                    {request.lines ? <RequestLines id={request.id} lines={request.lines} /> : null}
                    {request.campaign ? (
                      <>
                        <br />
                        <RequestCampaign campaign={request.campaign} />
                      </>
                    ) : null}
                    {request.mission ? (
                      <>
                        <br />
                        <RequestMission mission={request.mission} />
                      </>
                    ) : null}
                  </>
                ) : (
                  <Link to={`/members/${request.member_id}`}>#{request.member_id}</Link>
                )}
              </td>
              <td className="nowrap">{formatNumber(request.coins)}</td>
              {mayDecide ? (
                <td>
                  {request.status === "pending" && request.requested_by !== operator?.email ? (
                    <span className="row-actions">
                      <button
                        type="button"
                        className="button"
                        onClick={() => setDeciding({ request, decision: "approve" })}
                      >
                        {t("approvals.approve")}
                      </button>
                      <button
                        type="button"
                        className="button secondary"
                        onClick={() => setDeciding({ request, decision: "reject" })}
                      >
                        {t("approvals.reject")}
                      </button>
                    </span>
                  ) : null}
                </td>
              ) : null}
              <td className="keep-words">
                {t(`approvals.statuses.${request.status}`)}
                {request.decided_by ? (
                  <>
                    <br />
                    <span className="hint">
                      {t("approvals.decidedBy", {
                        by: request.decided_by,
                        note: request.decision_note ?? "",
                      })}
                    </span>
                  </>
                ) : null}
                {request.failure ? (
                  <>
                    <br />
                    <span className="hint">
                      {textIn(t, "approvals.failures", request.failure, { defaultValue: request.failure })}
                    </span>
                  </>
                ) : null}
              </td>
              <td className="keep-words">{requestReason(request, t)}</td>
              <td className="free-text">{request.note}</td>
              <td>
                {request.requested_by}
                <br />
                <span className="hint keep-words">{formatTime(request.requested_at)}</span>
              </td>
              <td className="nowrap">{age(request, now, t)}</td>
            </tr>
          ))}
        </ListTable>
      ) : null}
      {deciding ? (
        <DecisionDialog
          request={deciding.request}
          decision={deciding.decision}
          onClose={() => setDeciding(null)}
          onDone={(message) => {
            setDeciding(null);
            setDone(message);
          }}
        />
      ) : null}
    </section>
  );
}
