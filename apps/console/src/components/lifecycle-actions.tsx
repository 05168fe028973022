import { useState } from "react";
import { Link } from "react-router";
import { errorMessage, fieldErrors } from "../api/error-message.ts";
import { useTranslation } from "../lib/i18n.ts";
import { ConfirmActionDialog } from "./confirm-action-dialog.tsx";
import { Dialog } from "./dialog.tsx";
import { FormAlert } from "./form-alert.tsx";
import { TextArea } from "./text-area.tsx";

/** A call the actions make, and whether it is under way. */
interface Step<A extends unknown[]> {
  run: (...args: A) => Promise<unknown>;
  pending: boolean;
}

/** The texts that differ between what the actions act on (a campaign, a mission), its name in them already. */
export interface LifecycleTexts {
  requestTitle: string;
  pauseTitle: string;
  pauseConfirm: string;
  endTitle: string;
  endConfirm: string;
  end: string;
  paused: string;
  ended: string;
}

/** Asks a second operator to activate it, with a note they read on the Approvals screen. */
function RequestActivationDialog({
  title,
  request,
  onClose,
  onDone,
}: {
  title: string;
  request: Step<[note: string]>;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState("");
  const [rule, setRule] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    setFailure(null);
    if (note.trim() === "") {
      setRule("required");
      return;
    }
    setRule(undefined);
    try {
      await request.run(note.trim());
      onDone();
    } catch (error) {
      setRule(fieldErrors(error).find((each) => each.field === "note")?.rule);
      setFailure(errorMessage(error, t));
    }
  };

  return (
    <Dialog title={title} onClose={onClose}>
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
        <button type="button" className="button" disabled={request.pending} onClick={() => void submit()}>
          {t("campaigns.requestSubmit")}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * What a saved campaign's or mission's status allows: asking a second operator for activation (a
 * draft or paused one), pausing (an active one) and ending (any but an ended one), the last two
 * after a confirmation.
 */
export function LifecycleActions({
  status,
  texts,
  request,
  pause,
  end,
}: {
  status: "draft" | "active" | "paused" | "ended";
  texts: LifecycleTexts;
  request: Step<[note: string]>;
  pause: Step<[]>;
  end: Step<[]>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<"request" | "pause" | "end" | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<"requested" | "paused" | "ended" | null>(null);

  const change = async (step: Step<[]>, outcome: "paused" | "ended") => {
    setRefusal(null);
    try {
      await step.run();
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
    <section className="card" aria-labelledby="lifecycle-actions-title">
      <h2 id="lifecycle-actions-title">{t("campaigns.statusActions")}</h2>
      <div role="status">
        {done === "requested" ? (
          <p>
            {t("campaigns.requested")} <Link to="/approvals">{t("campaigns.toApprovals")}</Link>
          </p>
        ) : done ? (
          <p>{texts[done]}</p>
        ) : null}
      </div>
      <div className="row-actions">
        {status === "draft" || status === "paused" ? (
          <button type="button" className="button" onClick={() => setOpen("request")}>
            {t("campaigns.requestActivation")}
          </button>
        ) : null}
        {status === "active" ? (
          <button type="button" className="button secondary" onClick={() => setOpen("pause")}>
            {t("campaigns.pause")}
          </button>
        ) : null}
        {status !== "ended" ? (
          <button type="button" className="button danger" onClick={() => setOpen("end")}>
            {texts.end}
          </button>
        ) : null}
      </div>
      {open === "request" ? (
        <RequestActivationDialog
          title={texts.requestTitle}
          request={request}
          onClose={close}
          onDone={() => {
            setOpen(null);
            setDone("requested");
          }}
        />
      ) : null}
      {open === "pause" ? (
        <ConfirmActionDialog
          title={texts.pauseTitle}
          text={texts.pauseConfirm}
          confirm={t("campaigns.pause")}
          refusal={refusal}
          pending={pause.pending}
          onConfirm={() => void change(pause, "paused")}
          onCancel={close}
        />
      ) : null}
      {open === "end" ? (
        <ConfirmActionDialog
          title={texts.endTitle}
          text={texts.endConfirm}
          confirm={texts.end}
          danger
          refusal={refusal}
          pending={end.pending}
          onConfirm={() => void change(end, "ended")}
          onCancel={close}
        />
      ) : null}
    </section>
  );
}
