import { createContext, useCallback, useContext, useEffect, useRef, useState } from "react";
import { translator } from "../lib/i18n.ts";
import { setMutationFailureHandler } from "../lib/mutation-failure.ts";
import { Dialog } from "./dialog.tsx";

/**
 * Promise-style alerts and confirmations on top of <Dialog>, so flows read as
 * `await alert(text)` / `if (await confirm({...}))`.
 */
interface AlertRequest {
  content: React.ReactNode;
  confirmText?: string;
  cancelText?: string;
  resolve: (confirmed: boolean) => void;
}

interface AlertApi {
  alert(content: React.ReactNode, confirmText?: string): Promise<void>;
  confirm(options: { content: React.ReactNode; confirmText?: string; cancelText?: string }): Promise<boolean>;
}

const AlertContext = createContext<AlertApi | null>(null);

export function AlertProvider({ children }: { children: React.ReactNode }) {
  const [current, setCurrent] = useState<AlertRequest | null>(null);
  const queue = useRef<AlertRequest[]>([]);

  const open = useCallback((request: AlertRequest) => {
    setCurrent((shown) => {
      if (shown) {
        queue.current.push(request);
        return shown;
      }
      return request;
    });
  }, []);

  const close = (confirmed: boolean) => {
    current?.resolve(confirmed);
    setCurrent(queue.current.shift() ?? null);
  };

  const api = useRef<AlertApi>({
    alert: (content, confirmText) =>
      new Promise<void>((resolve) =>
        open({ content, ...(confirmText ? { confirmText } : {}), resolve: () => resolve() }),
      ),
    confirm: (options) => new Promise<boolean>((resolve) => open({ ...options, resolve })),
  });

  // The mutations' default (lib/mutation-failure.ts): the failure's text in an alert. The texts are
  // loaded when first needed, to keep them out of the first load; should that load fail too, the
  // connection has gone, and common:unreachable is what the member needs to hear.
  useEffect(
    () =>
      setMutationFailureHandler(async (error) => {
        const text = await import("../api/error-message.ts").then(
          ({ errorMessage }) => errorMessage(error),
          () => translator.t("common:unreachable"),
        );
        await api.current.alert(text);
      }),
    [],
  );

  return (
    <AlertContext.Provider value={api.current}>
      {children}
      <Dialog
        show={current !== null}
        content={current?.content}
        {...(current?.confirmText ? { confirmText: current.confirmText } : {})}
        {...(current?.cancelText !== undefined ? { cancelText: current.cancelText } : {})}
        onConfirm={() => close(true)}
        onCancel={() => close(false)}
      />
    </AlertContext.Provider>
  );
}

export function useAlert(): AlertApi {
  const api = useContext(AlertContext);
  if (!api) throw new Error("useAlert needs an <AlertProvider>");
  return api;
}
