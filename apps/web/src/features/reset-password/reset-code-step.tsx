import { ErrorCode } from "@hcoins/domain/codes";
import { smsCodeSchema } from "@hcoins/domain/sms-code";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useAlert } from "../../components/alert-provider.tsx";
import { Button, SubmitActions } from "../../components/button.tsx";
import { TextField } from "../../components/form-fields.tsx";
import { useCountdown } from "../../components/use-countdown.ts";
import { codeOf } from "../../lib/api-client.ts";
import { displayPhone } from "../../lib/phone-display.ts";
import { errorCodeOf, serverErrorMessage } from "../../lib/server-message.ts";
import { exchangeResetCode } from "./exchange-reset-code.ts";
import type { Phone } from "./phone.ts";
import { requestResetCode } from "./request-reset-code.ts";

export const RESEND_SECONDS = 60;

const codeForm = z.object({ code: smsCodeSchema });
// The schema accepts any input (it normalises what clients send, typed unknown); this form holds a string.
type CodeForm = { code: string };

/**
 * Step 1 of a reset: the code is sent when the step opens, then the member types it
 * and gets a reset token back. Shared by /reset-pw/step1 and /forget-pwd.
 */
export function ResetCodeStep({ phone, onVerified }: { phone: Phone; onVerified: (token: string) => void }) {
  const { t } = useTranslation(["resetPassword", "common"]);
  const { alert } = useAlert();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);
  const sentOnOpen = useRef(false);
  const {
    register,
    handleSubmit,
    resetField,
    setFocus,
    formState: { errors },
  } = useForm<CodeForm, unknown, z.infer<typeof codeForm>>({
    resolver: zodResolver(codeForm) as Resolver<CodeForm, unknown, z.infer<typeof codeForm>>,
    defaultValues: { code: "" },
  });

  const send = async (onOpen: boolean) => {
    setSending(true);
    const result = await requestResetCode(phone);
    setSending(false);
    if (codeOf(result) === 200) {
      countdown.start(Number(result.payload.resend_after_seconds) || RESEND_SECONDS);
      return;
    }
    const retryAfter = Number(result.payload?.retry_after_seconds);
    if (errorCodeOf(result) === ErrorCode.smsTooSoon && retryAfter > 0) {
      countdown.start(retryAfter);
      // On open this means a code went out moments ago (a reload, or back from step 2): it is still good.
      if (onOpen) return;
    }
    await alert(serverErrorMessage(result));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: sent once per visit, not on re-render
  useEffect(() => {
    // React StrictMode runs mount effects twice; a second SMS would be refused (4203) and count against the limits.
    if (sentOnOpen.current) return;
    sentOnOpen.current = true;
    void send(true);
  }, []);

  const verify = async ({ code }: z.infer<typeof codeForm>) => {
    setBusy(true);
    const result = await exchangeResetCode(phone, code);
    const token = result.payload?.reset_token;
    if (codeOf(result) === 200 && token) {
      onVerified(token);
      return;
    }
    await alert(serverErrorMessage(result));
    setBusy(false);
    resetField("code");
    setFocus("code");
  };

  return (
    <form className="card" noValidate onSubmit={handleSubmit(verify)}>
      <p className="reset-intro">
        {t("resetPassword:codeIntro")} <strong className="reset-number">{displayPhone(phone)}</strong>
      </p>
      <TextField
        label={t("resetPassword:code")}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={errors.code}
        {...register("code")}
      />
      <p className="reset-resend">
        <span>{t("resetPassword:noCode")}</span>
        <Button
          variant="secondary"
          loading={sending}
          disabled={countdown.running}
          onClick={() => void send(false)}
        >
          {countdown.running
            ? t("resetPassword:resendIn", { seconds: countdown.left })
            : t("resetPassword:resend")}
        </Button>
      </p>
      <SubmitActions loading={busy}>{t("common:next")}</SubmitActions>
    </form>
  );
}
