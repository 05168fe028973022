import type { MemberReferrals } from "@hcoins/domain/api/member-coins";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { contractQuery } from "../../api/contract-query.ts";
import { Button } from "../../components/button.tsx";
import { FetchStatus } from "../../components/fetch-status.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { useQrImage } from "../../components/use-qr-image.ts";
import { formatDate, formatHkd, localized } from "../../lib/format.ts";
import { loadLazyTexts, useTranslation } from "../../lib/i18n.ts";
import { queryClient } from "../../lib/query-client.ts";
import { waitForData } from "../../lib/wait-for-data.ts";

const referralsQuery = () => contractQuery("referrals", { body: {}, json: true });

export const QR_WIDTH = 200;

/** The route's loader: the texts and the member's invitations. */
export const loader = () =>
  Promise.all([loadLazyTexts(), waitForData(queryClient.ensureQueryData(referralsQuery()))]);

/**
 * `/invite` (login required): the member's referral code, the share link with its QR code, copy
 * and share, what both sides get and on what condition, and the friends they referred with where
 * each stands.
 */
export function Component() {
  const { t } = useTranslation(["referrals", "common"]);
  const mine = useQuery(referralsQuery());
  return (
    <PageFrame title={t("referrals:titles.invite")}>
      {mine.data ? (
        <>
          <ShareCard referrals={mine.data} />
          <Offer offer={mine.data.offer} />
          <Referred referrals={mine.data.referrals} />
        </>
      ) : (
        <FetchStatus
          loading={mine.isPending}
          error={mine.error}
          retryLabel={t("retry")}
          onRetry={() => mine.refetch()}
        />
      )}
    </PageFrame>
  );
}

function ShareCard({ referrals }: { referrals: MemberReferrals }) {
  const { t } = useTranslation("referrals");
  const link = `${window.location.origin}${referrals.share_path}`;
  const image = useQrImage(link);
  const [said, setSaid] = useState<"copied" | "copyFailed" | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setSaid("copied");
    } catch {
      setSaid("copyFailed");
    }
  };
  // Web Share where the browser has it (phones): the member picks the app to send the link with.
  const canShare = typeof navigator.share === "function";
  const share = () =>
    navigator
      .share({ title: t("shareTitle"), text: t("shareText", { code: referrals.code }), url: link })
      .catch(() => {
        // The member closed the share sheet: nothing to say.
      });

  return (
    <div className="card invite-card">
      <p className="page-intro">{t("intro")}</p>
      <p className="invite-code">
        <span className="muted">{t("yourCode")}</span>{" "}
        <strong data-testid="referral-code">{referrals.code}</strong>
      </p>
      <div className="qr-frame">
        {image && (
          <img
            src={image.src}
            width={QR_WIDTH}
            height={QR_WIDTH}
            alt={t("qrAlt")}
            data-qr-text={image.text}
          />
        )}
      </div>
      <p className="invite-link">
        <span className="muted">{t("yourLink")}</span> <span className="invite-link-text">{link}</span>
      </p>
      <div className="invite-actions">
        <Button onClick={copy}>{t("copy")}</Button>
        {canShare && (
          <Button variant="secondary" onClick={share}>
            {t("share")}
          </Button>
        )}
      </div>
      <p role="status" className="muted">
        {said && t(said)}
      </p>
    </div>
  );
}

function Offer({ offer }: { offer: MemberReferrals["offer"] }) {
  const { t } = useTranslation("referrals");
  return (
    <section className="coin-section" aria-labelledby="offer-heading">
      <h2 id="offer-heading" className="coin-section-title">
        {t("offerHeading")}
      </h2>
      {offer ? (
        <div className="card">
          <p>{t("youGet", { reward: localized(offer.referrer_reward.title) })}</p>
          <p>{t("friendGets", { reward: localized(offer.referred_reward.title) })}</p>
          <p className="muted">{t("rule", { amount: formatHkd(offer.min_net_amount) })}</p>
          {offer.cap_per_referrer !== null && (
            <p className="muted">{t("cap", { count: offer.cap_per_referrer })}</p>
          )}
          <p className="muted">{t("once")}</p>
        </div>
      ) : (
        <p className="muted">{t("noOffer")}</p>
      )}
    </section>
  );
}

function Referred({ referrals }: { referrals: MemberReferrals["referrals"] }) {
  const { t } = useTranslation("referrals");
  return (
    <section className="coin-section" aria-labelledby="referred-heading">
      <h2 id="referred-heading" className="coin-section-title">
        {t("referredHeading")}
      </h2>
      {referrals.length === 0 ? (
        <p className="muted">{t("noneYet")}</p>
      ) : (
        <ul className="card coin-expiring">
          {referrals.map((referral, index) => (
            // Friends are not named to the member: a referral is its date and state.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list has no ids and never reorders while shown
            <li key={index}>
              <strong>{t(`states.${referral.state}`)}</strong>{" "}
              <span className="muted">{t("registeredOn", { date: formatDate(referral.registered_at) })}</span>
              {referral.refused_reason && (
                <span className="muted"> · {t(`reasons.${reasonKey(referral.refused_reason)}`)}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const KNOWN_REASONS = ["cap_reached", "same_number", "same_device", "reward_unavailable"] as const;
/** The reasons a member is told in words; the rest (the referrer's own account) are "other". */
const reasonKey = (reason: string) =>
  (KNOWN_REASONS as readonly string[]).includes(reason)
    ? (reason as (typeof KNOWN_REASONS)[number])
    : "other";
