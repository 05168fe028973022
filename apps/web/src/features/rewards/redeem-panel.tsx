import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { coinBalanceQuery, type MemberReward, type Redeemed } from "../../api/member-coins.ts";
import { Button } from "../../components/button.tsx";
import { formatDate, formatNumber, localized } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { paths } from "../../lib/paths.ts";
import { useToken } from "../../lib/session.ts";
import { ConfirmRedeem } from "./confirm-redeem.tsx";

/** A fresh idempotency key; randomUUID exists only on https and localhost, getRandomValues everywhere. */
const newIdempotencyKey = () =>
  typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
        byte.toString(16).padStart(2, "0"),
      ).join("");

/**
 * Redeeming a reward: the Redeem button, then a confirmation with the step-up proof
 * (confirm-redeem.tsx), then what the member got. A refusal that says the reward cannot be had
 * (coins, stock, window, limit) closes the confirmation and stays on screen with its reason.
 */
export function RedeemPanel({ reward }: { reward: MemberReward }) {
  const { t } = useTranslation("rewards");
  const token = useToken();
  const { pathname } = useLocation();
  const balance = useQuery({ ...coinBalanceQuery(), enabled: token !== null });
  // One idempotency key per confirmation: every retry of it sends the same one.
  const [idempotencyKey, setIdempotencyKey] = useState<string | null>(null);
  const [redeemed, setRedeemed] = useState<Redeemed | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  if (redeemed) return <RedeemedNotice redeemed={redeemed} />;
  if (!token) {
    return (
      <p className="redeem-panel">
        <Link
          className="button button-primary"
          to={`${paths.login}?redirect=${encodeURIComponent(pathname)}`}
        >
          {t("loginToRedeem")}
        </Link>
      </p>
    );
  }

  const coins = balance.data?.balance ?? null;
  const short = coins !== null && coins < reward.coins;
  // A refund took the coins back after they were spent: the coins earned next repay it first.
  const negative = coins !== null && coins < 0;
  const canRedeem = reward.state === "available" && balance.data?.linked !== false && !short;
  return (
    <div className="redeem-panel">
      {refusal && (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      )}
      {coins !== null && (
        <p className="muted">
          {t("yourBalance")} <strong>{t("coins", { coins: formatNumber(coins) })}</strong>
        </p>
      )}
      {balance.data?.linked === false && <p>{t("notLinked")}</p>}
      {negative && reward.state === "available" && <p>{t("balanceNegative")}</p>}
      {short && !negative && reward.state === "available" && (
        <p>{t("needMore", { coins: formatNumber(reward.coins - (coins ?? 0)) })}</p>
      )}
      {idempotencyKey && canRedeem ? (
        <ConfirmRedeem
          reward={reward}
          balance={coins}
          idempotencyKey={idempotencyKey}
          onCancel={() => setIdempotencyKey(null)}
          onRedeemed={setRedeemed}
          onRefused={(message) => {
            setRefusal(message);
            setIdempotencyKey(null);
          }}
        />
      ) : (
        canRedeem && (
          <Button
            className="button button-primary button-block"
            onClick={() => {
              setRefusal(null);
              setIdempotencyKey(newIdempotencyKey());
            }}
          >
            {t("redeem")}
          </Button>
        )
      )}
    </div>
  );
}

function RedeemedNotice({ redeemed }: { redeemed: Redeemed }) {
  const { t } = useTranslation("rewards");
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { voucher } = redeemed;
  return (
    <div className="card redeem-done" role="status">
      <h2 ref={heading} tabIndex={-1}>
        {t("done.heading")}
      </h2>
      <p>{t("done.text", { title: localized(voucher.title) })}</p>
      <p className="voucher-code-inline">
        <span className="muted">{t("done.code")}</span> <strong>{voucher.code}</strong>
      </p>
      <p>{t("done.validUntil", { date: formatDate(voucher.valid_until) })}</p>
      <p>{t("done.balance", { coins: formatNumber(redeemed.balance) })}</p>
      <div className="actions">
        <Link className="button button-primary button-block" to={paths.voucher(voucher.code)}>
          {t("done.show")}
        </Link>
        <Link className="button button-secondary button-block" to={paths.vouchers}>
          {t("done.all")}
        </Link>
      </div>
    </div>
  );
}
