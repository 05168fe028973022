import { type ReactNode, useState } from "react";
import { Dialog } from "./dialog.tsx";

/**
 * A secret the server answers once (a sign-in link, a till key): shown with a copy button; once
 * the dialog closes nobody can see it again, which `children` says in the screen's words.
 */
export function ShownOnceDialog({
  title,
  secret,
  labels,
  onClose,
  children,
}: {
  title: string;
  secret: string;
  labels: { copy: string; copied: string; done: string };
  onClose: () => void;
  children: ReactNode;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(secret);
    setCopied(true);
  };
  return (
    <Dialog title={title} onClose={onClose}>
      {children}
      <p>
        <code className="shown-once">{secret}</code>
      </p>
      <p role="status">{copied ? labels.copied : ""}</p>
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={() => void copy()}>
          {labels.copy}
        </button>
        <button type="button" className="button" onClick={onClose}>
          {labels.done}
        </button>
      </div>
    </Dialog>
  );
}
