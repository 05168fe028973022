import { emailSchema } from "@hcoins/domain/payloads";
import { useEffect, useRef, useState } from "react";
import { Dialog } from "../../components/dialog.tsx";
import { TextField } from "../../components/form-fields.tsx";
import { useTranslation } from "../../lib/i18n.ts";

interface EmailPromptDialogProps {
  show: boolean;
  initialEmail: string;
  /** Resolves true when the dialog may close (false: e.g. the address is taken, let the member retype it). */
  onConfirm: (email: string) => Promise<boolean>;
  onCancel: () => void;
}

/**
 * The complete-profile success dialog: the profile is saved, now the member confirms (or
 * corrects) the email address. Required and format-checked with the domain's email rule.
 */
export function EmailPromptDialog({ show, initialEmail, onConfirm, onCancel }: EmailPromptDialogProps) {
  const { t } = useTranslation(["profile", "common"]);
  const [email, setEmail] = useState(initialEmail);
  const [rule, setRule] = useState<string | undefined>();
  const busy = useRef(false);

  useEffect(() => {
    if (show) {
      setEmail(initialEmail);
      setRule(undefined);
    }
  }, [show, initialEmail]);

  const confirm = async () => {
    if (busy.current) return;
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setRule(parsed.error.issues[0]?.message ?? "emailFormat");
      return;
    }
    setRule(undefined);
    busy.current = true;
    try {
      await onConfirm(parsed.data);
    } finally {
      busy.current = false;
    }
  };

  return (
    <Dialog
      show={show}
      content={t("emailPrompt")}
      confirmText={t("common:confirm")}
      cancelText={t("common:cancel")}
      isRight
      onConfirm={confirm}
      onCancel={onCancel}
    >
      <form
        className="profile-email-prompt"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <TextField
          label={t("email")}
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          error={rule}
          onChange={(event) => setEmail(event.target.value)}
        />
      </form>
    </Dialog>
  );
}
