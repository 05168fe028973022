import { smsCodeSchema } from "@hcoins/domain/sms-code";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { z } from "zod";
import { useExchangeResetCode, useRequestResetCode } from "../../api/auth.ts";
import { errorMessage, isUnreachable, resendWaitOf } from "../../api/error-message.ts";
import { useAlert } from "../../components/alert-provider.tsx";
import { Button, SubmitActions } from "../../components/button.tsx";
import { TextField } from "../../components/form-fields.tsx";
import { useCountdown } from "../../components/use-countdown.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { displayPhone } from "../../lib/phone-display.ts";
import type { Phone } from "../../lib/session.ts";

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
  const sentOnOpen = useRef(false);
  // The first send is the one the step makes as it opens.
  const opening = useRef(true);
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

  const send = useRequestResetCode({
    onSuccess: (sent) => countdown.start(sent.resend_after_seconds || RESEND_SECONDS),
    onError: (error) => {
      const wait = resendWaitOf(error);
      if (wait) {
        countdown.start(wait);
        // On open this means a code went out moments ago (a reload, or back from step 2): it is still good.
        if (opening.current) return;
      }
      // Not awaited: the send is over; only the countdown holds the button.
      void alert(errorMessage(error));
    },
    onSettled: () => {
      opening.current = false;
    },
  });

  const verify = useExchangeResetCode({ onSuccess: onVerified });

  // biome-ignore lint/correctness/useExhaustiveDependencies: sent once per visit, not on re-render
  useEffect(() => {
    // React StrictMode runs mount effects twice; a second SMS would be refused (4203) and count against the limits.
    if (sentOnOpen.current) return;
    sentOnOpen.current = true;
    send.mutate(phone);
  }, []);

  const submit = ({ code }: z.infer<typeof codeForm>) =>
    verify.mutate(
      { phone, code },
      {
        // After the failure's message: an empty field with the focus in it, for the next try (an
        // outage refused nothing: the code stays).
        onError: (error) => {
          if (!isUnreachable(error)) resetField("code");
          setFocus("code");
        },
      },
    );

  return (
    <form className="card" noValidate onSubmit={handleSubmit(submit)}>
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
          loading={send.isPending}
          disabled={countdown.running}
          onClick={() => send.mutate(phone)}
        >
          {countdown.running
            ? t("resetPassword:resendIn", { seconds: countdown.left })
            : t("resetPassword:resend")}
        </Button>
      </p>
      {/* A verified code leads on to the next step: no second press meanwhile. */}
      <SubmitActions loading={verify.isPending || verify.isSuccess}>{t("common:next")}</SubmitActions>
    </form>
  );
}
