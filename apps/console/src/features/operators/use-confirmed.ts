import { useState } from "react";
import { errorMessage } from "../../api/error-message.ts";
import { useTranslation } from "../../lib/i18n.ts";

/**
 * A confirmation dialog's state: what is being confirmed, and the server's refusal shown in the
 * dialog (it stays open so the operator reads why).
 */
export function useConfirmed<T>() {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<T | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  return {
    asking,
    refusal,
    ask: (what: T) => {
      setRefusal(null);
      setAsking(what);
    },
    cancel: () => setAsking(null),
    /** Runs the action; closes the dialog when it succeeds. */
    run: async (action: (what: T) => Promise<unknown>) => {
      if (asking === null) return;
      setRefusal(null);
      try {
        await action(asking);
        setAsking(null);
      } catch (error) {
        setRefusal(errorMessage(error, t));
      }
    },
  };
}
