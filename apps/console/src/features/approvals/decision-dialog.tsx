import type { ApprovalRequest } from "@hcoins/domain/api/console-coin-controls";
import { textIn } from "@hcoins/i18n/translator";
import { type FormEvent, useState } from "react";
import { coinControlError } from "../../api/coin-control-errors.ts";
import { useDecideApproval } from "../../api/coin-controls.ts";
import { Dialog } from "../../components/dialog.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { TextArea } from "../../components/text-area.tsx";
import { formatNumber } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { campaignFacts } from "./request-campaign.tsx";
import { missionFacts } from "./request-mission.tsx";
import { requestReason } from "./request-reason.ts";

/** Approve or reject one request, with a note on the decision (required), its reason and note in view. */
export function DecisionDialog({
  request,
  decision,
  onDone,
  onClose,
}: {
  request: ApprovalRequest;
  decision: "approve" | "reject";
  onDone: (message: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useDecideApproval();
  const values = {
    id: request.id,
    coins: formatNumber(request.coins),
    member: `#${request.member_id ?? "—"}`,
    kind: textIn(t, "approvals.kinds", request.kind, { defaultValue: request.kind }),
    lines: formatNumber(request.lines?.length ?? 0),
  };
  // A list (a bulk adjustment) names its lines, not a member; a campaign activation its campaign.
  const campaign = request.campaign ? campaignFacts(request.campaign, t) : null;
  const mission = request.mission ? missionFacts(request.mission, t) : null;
  const confirm = campaign
    ? decision === "approve"
      ? "approvals.campaign.approveConfirm"
      : "approvals.campaign.rejectConfirm"
    : mission
      ? decision === "approve"
        ? "approvals.mission.approveConfirm"
        : "approvals.mission.rejectConfirm"
      : request.lines
        ? decision === "approve"
          ? "approvals.approveListConfirm"
          : "approvals.rejectListConfirm"
        : decision === "approve"
          ? "approvals.approveConfirm"
          : "approvals.rejectConfirm";

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = note.trim();
    if (text === "" || text.length > 500) {
      setError(text === "" ? "required" : "tooLong");
      return;
    }
    setError(undefined);
    setFailure(null);
    try {
      const decided = await mutation.mutateAsync({ id: request.id, decision, note: text });
      onDone(
        decided.status === "failed"
          ? t("approvals.failed", {
              id: request.id,
              failure: textIn(t, "approvals.failures", decided.failure ?? "", {
                defaultValue: decided.failure ?? "",
              }),
            })
          : decided.status === "approved" && decided.lines
            ? t("approvals.approvedList", {
                id: request.id,
                applied: formatNumber(decided.lines.filter((line) => line.outcome === "applied").length),
                lines: formatNumber(decided.lines.length),
              })
            : t(decided.status === "approved" ? "approvals.approved" : "approvals.rejected", {
                id: request.id,
              }),
      );
    } catch (caught) {
      setFailure(coinControlError(caught, t));
    }
  };

  return (
    <Dialog
      title={t(decision === "approve" ? "approvals.approveTitle" : "approvals.rejectTitle", values)}
      onClose={onClose}
    >
      <form onSubmit={submit} noValidate>
        <p>{t(confirm, { ...values, ...campaign, ...mission })}</p>
        {/* On a phone the list shows these off to the right: the decision is taken on what is read here. */}
        <dl className="facts">
          <div>
            <dt>{t("approvals.reason")}</dt>
            <dd>{requestReason(request, t)}</dd>
          </div>
          <div>
            <dt>{t("approvals.note")}</dt>
            <dd>{request.note}</dd>
          </div>
          <div>
            <dt>{t("approvals.requestedBy")}</dt>
            <dd>{request.requested_by}</dd>
          </div>
        </dl>
        <FormAlert message={failure} />
        <TextArea
          label={t("approvals.decisionNote")}
          rows={3}
          maxLength={500}
          value={note}
          error={error}
          onChange={(event) => setNote(event.target.value)}
        />
        <div className="dialog-actions">
          <button type="button" className="button secondary" onClick={onClose}>
            {t("approvals.cancel")}
          </button>
          <button
            type="submit"
            className={decision === "approve" ? "button" : "button danger"}
            disabled={mutation.isPending}
          >
            {t(decision === "approve" ? "approvals.approve" : "approvals.reject")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
