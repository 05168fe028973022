import type { ConsoleMission } from "@hcoins/domain/api/console-missions";
import { useState } from "react";
import { Link } from "react-router";
import { errorMessage, fieldErrors } from "../../api/error-message.ts";
import { useMissionChange } from "../../api/missions.ts";
import { ConfirmActionDialog } from "../../components/confirm-action-dialog.tsx";
import { Dialog } from "../../components/dialog.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { TextArea } from "../../components/text-area.tsx";
import { currentLanguage, useTranslation } from "../../lib/i18n.ts";

/** Asks a second operator to activate the mission, with a note they read on the Approvals screen. */
function RequestActivationDialog({
  mission,
  onClose,
  onDone,
}: {
  mission: ConsoleMission;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { requestActivation } = useMissionChange();
  const [note, setNote] = useState("");
  const [rule, setRule] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const name = mission.name[currentLanguage()];

  const submit = async () => {
    setFailure(null);
    if (note.trim() === "") {
      setRule("required");
      return;
    }
    setRule(undefined);
    try {
      await requestActivation.mutateAsync({ id: mission.id, note: note.trim() });
      onDone();
    } catch (error) {
      setRule(fieldErrors(error).find((each) => each.field === "note")?.rule);
      setFailure(errorMessage(error, t));
    }
  };

  return (
    <Dialog title={t("missions.requestTitle", { name })} onClose={onClose}>
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

/** What a saved mission's status allows, as a campaign's: asking for activation, pausing, ending. */
export function MissionActions({ mission }: { mission: ConsoleMission }) {
  const { t } = useTranslation();
  const { pause, end } = useMissionChange();
  const [open, setOpen] = useState<"request" | "pause" | "end" | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<"requested" | "paused" | "ended" | null>(null);
  const name = mission.name[currentLanguage()];

  const change = async (mutation: typeof pause, outcome: "paused" | "ended") => {
    setRefusal(null);
    try {
      await mutation.mutateAsync(mission.id);
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
    <section className="card" aria-labelledby="mission-actions-title">
      <h2 id="mission-actions-title">{t("campaigns.statusActions")}</h2>
      <div role="status">
        {done === "requested" ? (
          <p>
            {t("campaigns.requested")} <Link to="/approvals">{t("campaigns.toApprovals")}</Link>
          </p>
        ) : done ? (
          <p>{t(`missions.${done}`, { name })}</p>
        ) : null}
      </div>
      <div className="row-actions">
        {mission.status === "draft" || mission.status === "paused" ? (
          <button type="button" className="button" onClick={() => setOpen("request")}>
            {t("campaigns.requestActivation")}
          </button>
        ) : null}
        {mission.status === "active" ? (
          <button type="button" className="button secondary" onClick={() => setOpen("pause")}>
            {t("campaigns.pause")}
          </button>
        ) : null}
        {mission.status !== "ended" ? (
          <button type="button" className="button danger" onClick={() => setOpen("end")}>
            {t("missions.end")}
          </button>
        ) : null}
      </div>
      {open === "request" ? (
        <RequestActivationDialog
          mission={mission}
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
          text={t("missions.pauseConfirm")}
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
          text={t("missions.endConfirm")}
          confirm={t("missions.end")}
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
