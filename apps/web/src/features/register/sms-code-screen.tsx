import { smsCodeSchema } from "@hcoins/domain/sms-code";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Navigate, useLocation, useSearchParams } from "react-router";
import { z } from "zod";
import { errorMessage, resendWaitOf } from "../../api/error-message.ts";
import { useRequestSmsCode } from "../../api/registration.ts";
import { useAlert } from "../../components/alert-provider.tsx";
import { Button, SubmitActions } from "../../components/button.tsx";
import { TextField } from "../../components/form-fields.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { useCountdown } from "../../components/use-countdown.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { paths } from "../../lib/paths.ts";
import { decodePhoneData } from "../../lib/phone-data.ts";
import { displayPhone } from "../../lib/phone-display.ts";
import type { Phone } from "../../lib/session.ts";
import { flowUrl } from "./flow-url.ts";
import { domainResolver } from "./form-resolver.ts";
import { useVerifiedPhoneFlow } from "./use-verified-phone-flow.ts";

export const RESEND_SECONDS = 60;

const codeFormSchema = z.object({ code: smsCodeSchema });

type Flow = "register" | "verify";

/** What step 1 hands step 2 when the code it sent earlier is still good: the seconds left before a resend. */
export interface CodeStepState {
  resendWait: number;
}

const resendWaitIn = (state: unknown): number | null => {
  const wait = (state as Partial<CodeStepState> | null)?.resendWait;
  return typeof wait === "number" && wait > 0 ? Math.min(wait, RESEND_SECONDS) : null;
};

/** The code step of both flows (register-code-page.tsx, verify-code-page.tsx). */
export function SmsCodeScreen({ flow }: { flow: Flow }) {
  const { t } = useTranslation(["register", "common"]);
  const [search] = useSearchParams();
  const phone = decodePhoneData(search.get("data"));
  if (!phone)
    return <Navigate replace to={flowUrl(flow === "register" ? paths.register : paths.login, search)} />;
  return (
    <SmsCodeForm
      flow={flow}
      phone={phone}
      title={t(`register:titles.${flow === "register" ? "registerCode" : "verify"}`)}
    />
  );
}

function SmsCodeForm({ flow, phone, title }: { flow: Flow; phone: Phone; title: string }) {
  const { t } = useTranslation(["register", "common"]);
  const { alert } = useAlert();
  const verify = useVerifiedPhoneFlow();
  const { state } = useLocation();
  const countdown = useCountdown(flow === "register" ? (resendWaitIn(state) ?? RESEND_SECONDS) : 0);
  const [sent, setSent] = useState(flow === "register");
  const codeInput = useRef<HTMLInputElement | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: domainResolver<{ code: string }>(codeFormSchema), defaultValues: { code: "" } });
  const codeField = register("code");

  const send = useRequestSmsCode({
    onSuccess: ({ resend_after_seconds: resendAfter }) => {
      countdown.start(resendAfter > 0 ? resendAfter : RESEND_SECONDS);
      setSent(true);
      codeInput.current?.focus();
    },
    onError: (error) => {
      // 4203: a code went out moments ago; wait out the server's time before the next.
      const wait = resendWaitOf(error);
      if (wait) countdown.start(wait);
      // Not awaited: the send is over; only the countdown holds the button.
      void alert(errorMessage(error));
    },
  });

  const submit = handleSubmit(({ code }) => verify.mutate({ phone, code }));
  const number = displayPhone(phone);

  return (
    <PageFrame title={title}>
      <p className="page-intro">
        {t(sent ? "codeSent" : "codeToSend")} <strong className="sms-number">{number}</strong>
      </p>
      <form className="card" onSubmit={submit} noValidate>
        <div className="sms-code-row">
          <TextField
            label={t("codeLabel")}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={errors.code}
            {...codeField}
            ref={(element) => {
              codeField.ref(element);
              codeInput.current = element;
            }}
          />
          <Button
            variant="secondary"
            className="button button-secondary sms-send"
            onClick={() => send.mutate(phone)}
            loading={send.isPending}
            disabled={countdown.running}
          >
            {countdown.running ? t("resendIn", { seconds: countdown.left }) : t(sent ? "resend" : "sendCode")}
          </Button>
        </div>
        <SubmitActions loading={verify.isPending}>{t("common:next")}</SubmitActions>
      </form>
    </PageFrame>
  );
}
