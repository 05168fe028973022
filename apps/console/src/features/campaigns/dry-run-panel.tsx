import {
  type CampaignDryRun,
  DEFAULT_DRY_RUN_DAYS,
  DRY_RUN_MAX_DAYS,
} from "@hcoins/domain/api/console-campaigns";
import type { CampaignDefinition } from "@hcoins/domain/campaign-rules";
import { useState } from "react";
import { dryRun } from "../../api/campaigns.ts";
import { errorMessage } from "../../api/error-message.ts";
import { Field } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { formatNumber, formatTime } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";

/**
 * What the campaign as written on the form (saved or not) would have issued over the last days
 * of purchases: matched purchases, members, coins, and the coins its budget and cap would have let
 * through. `definition` checks the form first (its errors show on the form) and is null if it fails.
 * The approver reads a dry run too: the activation request makes one of the saved campaign over the
 * days last run here.
 */
export function DryRunPanel({
  definition,
  onRun,
}: {
  definition: () => CampaignDefinition | null;
  /** Hears the days of each dry run made, for the activation request's own. */
  onRun: (days: number) => void;
}) {
  const { t } = useTranslation();
  const [days, setDays] = useState(String(DEFAULT_DRY_RUN_DAYS));
  const [daysRule, setDaysRule] = useState<string | undefined>(undefined);
  const [result, setResult] = useState<CampaignDryRun | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const run = async () => {
    const count = Number(days);
    const daysBroken =
      /^\d+$/.test(days) && count >= 1 && count <= DRY_RUN_MAX_DAYS ? undefined : "dryRunDays";
    setDaysRule(daysBroken);
    setFailure(null);
    const campaign = definition();
    if (daysBroken || !campaign) {
      if (!campaign) setFailure(t("campaigns.dryRunFormInvalid"));
      return;
    }
    setPending(true);
    try {
      setResult(await dryRun(campaign, count));
      onRun(count);
    } catch (error) {
      setFailure(errorMessage(error, t));
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="card" aria-labelledby="dry-run-title">
      <h2 id="dry-run-title">{t("campaigns.dryRun")}</h2>
      <p className="hint">{t("campaigns.dryRunIntro")}</p>
      <FormAlert message={failure} />
      <Field
        label={t("campaigns.dryRunDays")}
        inputMode="numeric"
        value={days}
        error={daysRule}
        onChange={(event) => setDays(event.target.value)}
      />
      <button type="button" className="button secondary" disabled={pending} onClick={() => void run()}>
        {t("campaigns.dryRunSubmit")}
      </button>
      <div role="status">
        {result ? (
          <>
            <p>{t("campaigns.dryRunPeriod", { from: formatTime(result.from), to: formatTime(result.to) })}</p>
            <dl className="facts">
              <dt>{t("campaigns.dryRunMatched")}</dt>
              <dd>
                {t("campaigns.dryRunOf", {
                  matched: formatNumber(result.purchases_matched),
                  scanned: formatNumber(result.purchases_scanned),
                })}
              </dd>
              <dt>{t("campaigns.dryRunMembers")}</dt>
              <dd>{formatNumber(result.members)}</dd>
              <dt>{t("campaigns.dryRunCoins")}</dt>
              <dd>{formatNumber(result.coins)}</dd>
              <dt>{t("campaigns.dryRunWithinBudget")}</dt>
              <dd>{formatNumber(result.coins_within_budget)}</dd>
            </dl>
          </>
        ) : null}
      </div>
    </section>
  );
}
