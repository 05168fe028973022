import { ErrorCode } from "@hcoins/domain/codes";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "../../api/client.ts";
import { errorCodeOf, errorMessage, fieldErrors, resendWaitOf } from "../../api/error-message.ts";
import {
  coinBalanceQuery,
  type MemberReward,
  type Redeemed,
  rewardQuery,
  rewardsQuery,
  type StepUp,
  useRedeemReward,
  useRedeemSmsCode,
} from "../../api/member-coins.ts";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/form-fields.tsx";
import { useCountdown } from "../../components/use-countdown.ts";
import { formatNumber, localized } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { queryClient } from "../../lib/query-client.ts";

const RESEND_SECONDS = 60;

/** Refusals that say the reward cannot be had now: the confirmation closes, the page refreshes. */
const UNAVAILABLE: readonly number[] = [
  ErrorCode.coinsInsufficient,
  ErrorCode.coinsBalanceNegative,
  ErrorCode.rewardOutOfStock,
  ErrorCode.rewardNotAvailable,
  ErrorCode.rewardLimitReached,
  ErrorCode.rewardForHigherTier,
  ErrorCode.rewardForSegment,
  ErrorCode.coinAccountNotLinked,
];

interface ConfirmRedeemProps {
  reward: MemberReward;
  /** The member's balance, when known. */
  balance: number | null;
  idempotencyKey: string;
  onCancel: () => void;
  onRedeemed: (answer: Redeemed) => void;
  onRefused: (message: string) => void;
}

/**
 * The confirmation: what it costs and what is left after, then the member's proof that it is
 * them (password, or a code sent by SMS to their number). A failure says what it means and keeps
 * what was typed, but for a wrong password or code, which is cleared for another go.
 */
export function ConfirmRedeem({
  reward,
  balance,
  idempotencyKey,
  onCancel,
  onRedeemed,
  onRefused,
}: ConfirmRedeemProps) {
  const { t } = useTranslation(["rewards", "common"]);
  const heading = useRef<HTMLHeadingElement>(null);
  const [method, setMethod] = useState<"password" | "sms">("password");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [fieldRule, setFieldRule] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const countdown = useCountdown();
  const passwordInput = useRef<HTMLInputElement>(null);
  /** Set when a code could not be sent (4237): the password field takes the focus once shown. */
  const [focusPassword, setFocusPassword] = useState(false);
  /** No redeeming code can be sent for now (4237): the SMS option is no longer offered, only a dead end. */
  const [smsRefused, setSmsRefused] = useState(false);

  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (focusPassword && method === "password") {
      passwordInput.current?.focus();
      setFocusPassword(false);
    }
  }, [focusPassword, method]);

  const sms = useRedeemSmsCode({
    onSuccess: () => {
      setSent(true);
      countdown.start(RESEND_SECONDS);
    },
    onError: (error) => {
      const wait = resendWaitOf(error);
      if (wait) countdown.start(wait);
      setFailure(errorMessage(error));
      // No code can be sent this hour: the message names the password, and the form goes back to it.
      if (errorCodeOf(error) === ErrorCode.redeemCodeRefused) {
        setMethod("password");
        setFieldRule(undefined);
        setFocusPassword(true);
        setSmsRefused(true);
      }
    },
  });

  const redeem = useRedeemReward({
    onSuccess: onRedeemed,
    onError: (error) => {
      const code = errorCodeOf(error);
      if (code !== null && UNAVAILABLE.includes(code)) {
        void queryClient.invalidateQueries({ queryKey: rewardQuery(reward.id).queryKey });
        void queryClient.invalidateQueries({ queryKey: rewardsQuery().queryKey });
        void queryClient.invalidateQueries({ queryKey: coinBalanceQuery().queryKey });
        onRefused(errorMessage(error));
        return;
      }
      if (code === ErrorCode.stepUpPasswordIncorrect) {
        setPassword("");
        const left = error instanceof ApiError ? Number(error.details.attempts_remaining) : Number.NaN;
        setFailure(
          Number.isFinite(left)
            ? `${errorMessage(error)} ${t("attemptsLeft", { count: left })}`
            : errorMessage(error),
        );
        return;
      }
      // Too many redeeming at once on the server: nothing was spent, the same confirmation may try again.
      if (
        code === ErrorCode.serviceUnavailable &&
        error instanceof ApiError &&
        error.details.reason === "busy"
      ) {
        setFailure(t("busy"));
        return;
      }
      if (code === ErrorCode.smsCodeInvalid) setCode("");
      const rule = fieldErrors(error).find((item) => item.field === "password" || item.field === "sms_token");
      if (code === ErrorCode.validation && rule) {
        setFieldRule(rule.rule);
        setFailure(null);
        return;
      }
      setFailure(errorMessage(error));
    },
  });

  const switchToSms = () => {
    setMethod("sms");
    setFieldRule(undefined);
    setFailure(null);
    if (!countdown.running) sms.mutate();
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    let stepUp: StepUp;
    if (method === "password") {
      if (!password) return setFieldRule("passwordNull");
      stepUp = { password };
    } else {
      if (!code) return setFieldRule("codeNull");
      if (!/^\d{6}$/.test(code)) return setFieldRule("codeFormat");
      stepUp = { smsCode: code };
    }
    setFieldRule(undefined);
    redeem.mutate({ rewardId: reward.id, idempotencyKey, stepUp });
  };

  return (
    <form
      className="card redeem-confirm"
      onSubmit={submit}
      noValidate
      aria-labelledby="redeem-confirm-heading"
    >
      <h2 id="redeem-confirm-heading" ref={heading} tabIndex={-1}>
        {t("confirm.heading")}
      </h2>
      <p>{t("confirm.text", { title: localized(reward.title) })}</p>
      <dl className="redeem-sums">
        <dt>{t("confirm.price")}</dt>
        <dd>{t("coins", { coins: formatNumber(reward.coins) })}</dd>
        {balance !== null && (
          <>
            <dt>{t("confirm.balance")}</dt>
            <dd>{t("coins", { coins: formatNumber(balance) })}</dd>
            <dt>{t("confirm.after")}</dt>
            <dd>
              <strong>{t("coins", { coins: formatNumber(balance - reward.coins) })}</strong>
            </dd>
          </>
        )}
      </dl>
      {method === "password" ? (
        <>
          <TextField
            label={t("confirm.password")}
            hint={t("confirm.passwordHint")}
            type="password"
            autoComplete="current-password"
            ref={passwordInput}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={fieldRule}
          />
          {!smsRefused && (
            <Button variant="link" onClick={switchToSms} disabled={sms.isPending}>
              {t("confirm.useSms")}
            </Button>
          )}
        </>
      ) : (
        <>
          <TextField
            label={t("confirm.code")}
            hint={sent ? t("confirm.codeSent") : undefined}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ""))}
            error={fieldRule}
          />
          <div className="redeem-sms-actions">
            <Button
              variant="secondary"
              onClick={() => sms.mutate()}
              disabled={countdown.running}
              loading={sms.isPending}
            >
              {countdown.running ? t("confirm.resendIn", { seconds: countdown.left }) : t("confirm.resend")}
            </Button>
            <Button
              variant="link"
              onClick={() => {
                setMethod("password");
                setFieldRule(undefined);
                setFailure(null);
              }}
            >
              {t("confirm.usePassword")}
            </Button>
          </div>
        </>
      )}
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      <div className="actions">
        <Button type="submit" className="button button-primary button-block" loading={redeem.isPending}>
          {t("confirm.submit")}
        </Button>
        <Button variant="secondary" className="button button-secondary button-block" onClick={onCancel}>
          {t("common:cancel")}
        </Button>
      </div>
    </form>
  );
}
