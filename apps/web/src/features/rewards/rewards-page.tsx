import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { coinBalanceQuery, rewardsQuery } from "../../api/member-coins.ts";
import { FetchStatus } from "../../components/fetch-status.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { formatNumber } from "../../lib/format.ts";
import { loadLazyTexts, useTranslation } from "../../lib/i18n.ts";
import { paths } from "../../lib/paths.ts";
import { queryClient } from "../../lib/query-client.ts";
import { session, useToken } from "../../lib/session.ts";
import { waitForData } from "../../lib/wait-for-data.ts";
import { RewardCard } from "./reward-card.tsx";

/** The route's loader: the texts, the catalogue, and a member's balance. */
export const loader = () =>
  Promise.all([
    loadLazyTexts(),
    waitForData(
      queryClient.ensureQueryData(rewardsQuery()),
      ...(session.getToken() ? [queryClient.ensureQueryData(coinBalanceQuery())] : []),
    ),
  ]);

/** `/rewards`: the catalogue. Visitors may look; redeeming asks them to log in. */
export function Component() {
  const { t } = useTranslation(["rewards", "common"]);
  const rewards = useQuery(rewardsQuery());
  return (
    <PageFrame wide>
      <div className="rewards">
        <h1 className="page-title">{t("rewards:titles.rewards")}</h1>
        <BalanceLine />
        {rewards.data ? (
          rewards.data.length === 0 ? (
            <p className="muted">{t("empty")}</p>
          ) : (
            <ul className="reward-list">
              {rewards.data.map((reward) => (
                <RewardCard key={reward.id} reward={reward} />
              ))}
            </ul>
          )
        ) : (
          <FetchStatus
            loading={rewards.isPending}
            error={rewards.error}
            retryLabel={t("retry")}
            onRetry={() => rewards.refetch()}
          />
        )}
      </div>
    </PageFrame>
  );
}

/** A member's balance (what they can spend), or a visitor's way to log in. */
function BalanceLine() {
  const { t } = useTranslation("rewards");
  const token = useToken();
  const balance = useQuery({ ...coinBalanceQuery(), enabled: token !== null });
  if (!token) {
    return (
      <p className="reward-balance">
        <Link to={`${paths.login}?redirect=${encodeURIComponent(paths.rewards)}`}>{t("loginToRedeem")}</Link>
      </p>
    );
  }
  if (balance.data?.balance == null) return null;
  return (
    <p className="reward-balance">
      {t("yourBalance")} <strong>{t("coins", { coins: formatNumber(balance.data.balance) })}</strong>
    </p>
  );
}
