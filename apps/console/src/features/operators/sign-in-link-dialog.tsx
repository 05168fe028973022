import { ShownOnceDialog } from "../../components/shown-once-dialog.tsx";
import { useTranslation } from "../../lib/i18n.ts";

/** The one-time sign-in link, shown once: after this dialog closes nobody can see it again. */
export function SignInLinkDialog({
  email,
  link,
  onClose,
}: {
  email: string;
  link: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ShownOnceDialog
      title={t("operators.linkTitle")}
      secret={link}
      labels={{ copy: t("operators.copy"), copied: t("operators.copied"), done: t("operators.done") }}
      onClose={onClose}
    >
      <p>{t("operators.linkIntro", { email })}</p>
    </ShownOnceDialog>
  );
}
