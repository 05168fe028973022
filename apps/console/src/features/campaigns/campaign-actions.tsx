import type { ConsoleCampaign } from "@hcoins/domain/api/console-campaigns";
import { useState } from "react";
import { Link } from "react-router";
import { useCampaignChange } from "../../api/campaigns.ts";
import { errorMessage, fieldErrors } from "../../api/error-message.ts";
import { ConfirmActionDialog } from "../../components/confirm-action-dialog.tsx";
import { Dialog } from "../../components/dialog.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { TextArea } from "../../components/text-area.tsx";
import { currentLanguage, useTranslation } from "../../lib/i18n.ts";

/** Asks a second operator to activate the campaign, with a note they read on the Approvals screen. */
function RequestActivationDialog({
  campaign,
  dryRunDays,
  onClose,
  onDone,
}: {
  campaign: ConsoleCampaign;
  dryRunDays: number;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { requestActivation } = useCampaignChange();
  const [note, setNote] = useState("");
  const [rule, setRule] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const name = campaign.name[currentLanguage()];

  const submit = async () => {
    setFailure(null);
    if (note.trim() === "") {
      setRule("required");
      return;
    }
    setRule(undefined);
    try {
      await requestActivation.mutateAsync({ id: campaign.id, note: note.trim(), dryRunDays });
      onDone();
    } catch (error) {
      setRule(fieldErrors(error).find((each) => each.field === "note")?.rule);
      setFailure(errorMessage(error, t));
    }
  };

  return (
    <Dialog title={t("campaigns.requestTitle", { name })} onClose={onClose}>
      <FormAlert message={failure} />
      <p>{t("campaigns.requestIntro")}</p>
      <TextArea
        label={t("campaigns.requestNote")}
        value={note}
        error={rule}
        onChange={(event) => setNote(event.target.value)}
      />
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={onClose}>
          {t("programme.cancel")}
        </button>
        <button
          type="button"
          className="button"
          disabled={requestActivation.isPending}
          onClick={() => void submit()}
        >
          {t("campaigns.requestSubmit")}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * What a saved campaign's status allows: asking for activation (a draft or paused one), pausing
 * (an active one) and ending (any but an ended one), the last two after a confirmation. The request
 * carries `dryRunDays`, the days of the form's last dry run, for the dry run the approver reads.
 */
export function CampaignActions({ campaign, dryRunDays }: { campaign: ConsoleCampaign; dryRunDays: number }) {
  const { t } = useTranslation();
  const { pause, end } = useCampaignChange();
  const [open, setOpen] = useState<"request" | "pause" | "end" | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<"requested" | "paused" | "ended" | null>(null);
  const name = campaign.name[currentLanguage()];

  const change = async (mutation: typeof pause, outcome: "paused" | "ended") => {
    setRefusal(null);
    try {
      await mutation.mutateAsync(campaign.id);
      setOpen(null);
      setDone(outcome);
    } catch (error) {
      setRefusal(errorMessage(error, t));
    }
  };
  const close = () => {
    setOpen(null);
    setRefusal(null);
  };

  return (
    <section className="card" aria-labelledby="campaign-actions-title">
      <h2 id="campaign-actions-title">{t("campaigns.statusActions")}</h2>
      <div role="status">
        {done === "requested" ? (
          <p>
            {t("campaigns.requested")} <Link to="/approvals">{t("campaigns.toApprovals")}</Link>
          </p>
        ) : done ? (
          <p>{t(`campaigns.${done}`, { name })}</p>
        ) : null}
      </div>
      <div className="row-actions">
        {campaign.status === "draft" || campaign.status === "paused" ? (
          <button type="button" className="button" onClick={() => setOpen("request")}>
            {t("campaigns.requestActivation")}
          </button>
        ) : null}
        {campaign.status === "active" ? (
          <button type="button" className="button secondary" onClick={() => setOpen("pause")}>
            {t("campaigns.pause")}
          </button>
        ) : null}
        {campaign.status !== "ended" ? (
          <button type="button" className="button danger" onClick={() => setOpen("end")}>
            {t("campaigns.end")}
          </button>
        ) : null}
      </div>
      {open === "request" ? (
        <RequestActivationDialog
          campaign={campaign}
          dryRunDays={dryRunDays}
          onClose={close}
          onDone={() => {
            setOpen(null);
            setDone("requested");
          }}
        />
      ) : null}
      {open === "pause" ? (
        <ConfirmActionDialog
          title={t("campaigns.pauseTitle", { name })}
          text={t("campaigns.pauseConfirm")}
          confirm={t("campaigns.pause")}
          refusal={refusal}
          pending={pause.isPending}
          onConfirm={() => void change(pause, "paused")}
          onCancel={close}
        />
      ) : null}
      {open === "end" ? (
        <ConfirmActionDialog
          title={t("campaigns.endTitle", { name })}
          text={t("campaigns.endConfirm")}
          confirm={t("campaigns.end")}
          danger
          refusal={refusal}
          pending={end.isPending}
          onConfirm={() => void change(end, "ended")}
          onCancel={close}
        />
      ) : null}
    </section>
  );
}
