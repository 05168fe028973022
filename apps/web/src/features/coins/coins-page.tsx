import { ErrorCode } from "@hcoins/domain/codes";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { type LoaderFunctionArgs, useSearchParams } from "react-router";
import { errorCodeOf } from "../../api/error-message.ts";
import {
  type CoinBalance,
  coinBalanceQuery,
  coinHistoryQuery,
  coinMissionsQuery,
  coinTierQuery,
  HISTORY_PAGE_SIZE,
} from "../../api/member-coins.ts";
import { Button } from "../../components/button.tsx";
import { CoinTierCard } from "../../components/coin-tier-card.tsx";
import { FetchStatus } from "../../components/fetch-status.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { formatDateTime, formatLastDay, formatNumber } from "../../lib/format.ts";
import { loadLazyTexts, useTranslation } from "../../lib/i18n.ts";
import { queryClient } from "../../lib/query-client.ts";
import { waitForData } from "../../lib/wait-for-data.ts";
import { HistoryItem } from "./history-item.tsx";
import { MissionCards } from "./mission-cards.tsx";

const pageOf = (search: URLSearchParams) => Math.max(1, Math.floor(Number(search.get("page")) || 1));

/** The route's loader: the texts, the balance and the history page the address names. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  Promise.all([
    loadLazyTexts(),
    waitForData(
      queryClient.ensureQueryData(coinBalanceQuery()),
      queryClient.ensureQueryData(coinTierQuery()),
      queryClient.ensureQueryData(coinHistoryQuery(pageOf(new URL(request.url).searchParams))),
    ),
  ]);

/** `/coins` (login required): the balance, the tier, the coins expiring soonest, and the history a page at a time. */
export function Component() {
  const { t } = useTranslation(["coins", "common"]);
  const balance = useQuery(coinBalanceQuery());
  return (
    <PageFrame title={t("coins:titles.coins")}>
      {balance.data ? (
        <BalanceCard balance={balance.data} />
      ) : (
        <FetchStatus
          loading={balance.isPending}
          error={balance.error}
          retryLabel={t("retry")}
          onRetry={() => balance.refetch()}
        />
      )}
      {balance.data?.linked !== false && <History />}
    </PageFrame>
  );
}

function BalanceCard({ balance }: { balance: CoinBalance }) {
  const { t } = useTranslation("coins");
  if (!balance.linked || balance.balance === null) {
    return (
      <div className="card coin-balance-card">
        <p>{t("notLinked")}</p>
      </div>
    );
  }
  return (
    <>
      <div className="card coin-balance-card">
        <p className="coin-balance-label">{t("balance")}</p>
        <p className="coin-balance">
          <strong className="coin-balance-figure">{formatNumber(balance.balance)}</strong>{" "}
          <span className="coin-balance-unit">H&nbsp;Coins</span>
        </p>
        <p className="muted coin-as-of">{t("asOf", { time: formatDateTime(balance.as_of) })}</p>
      </div>
      <Tier />
      <Missions />
      <section className="coin-section" aria-labelledby="expiring-heading">
        <h2 id="expiring-heading" className="coin-section-title">
          {t("expiringHeading")}
        </h2>
        {balance.expiring.length === 0 ? (
          <p className="muted">{t("noneExpiring")}</p>
        ) : (
          <ul className="card coin-expiring">
            {balance.expiring.map((item) => (
              <li key={item.expires_at}>
                <strong>{t("coinsCount", { count: item.coins, formatted: formatNumber(item.coins) })}</strong>{" "}
                <span className="muted">{t("usableUntil", { date: formatLastDay(item.expires_at) })}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** The tier card; while the scheme cannot say, nothing (the balance above already says why). */
function Tier() {
  const tier = useQuery(coinTierQuery());
  return tier.data ? <CoinTierCard tier={tier.data} /> : null;
}

/** The mission cards; while the scheme cannot say, nothing (as the tier). */
function Missions() {
  const missions = useQuery(coinMissionsQuery());
  return missions.data ? (
    <MissionCards missions={missions.data} now={Date.parse(missions.data.as_of)} />
  ) : null;
}

function History() {
  const { t } = useTranslation(["coins", "common"]);
  const [search, setSearch] = useSearchParams();
  const page = pageOf(search);
  const heading = useRef<HTMLHeadingElement>(null);
  const history = useQuery({ ...coinHistoryQuery(page), placeholderData: keepPreviousData });
  const list = history.data;
  const pages = list ? Math.max(1, Math.ceil(list.total / (list.page_size || HISTORY_PAGE_SIZE))) : 1;

  const goToPage = (next: number) => {
    setSearch(next > 1 ? { page: String(next) } : {});
    // A new page starts at its top, and keyboard and screen-reader users start there too.
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: "start" });
  };

  // A number with no account linked has no history to show: the balance card says so.
  if (errorCodeOf(history.error) === ErrorCode.coinAccountNotLinked) return null;

  return (
    <section
      className="coin-section"
      aria-labelledby="history-heading"
      aria-busy={history.isFetching || undefined}
    >
      <h2 id="history-heading" className="coin-section-title" tabIndex={-1} ref={heading}>
        {t("historyHeading")}
      </h2>
      {!list && (
        <FetchStatus
          loading={history.isPending}
          error={history.error}
          retryLabel={t("retry")}
          onRetry={() => history.refetch()}
        />
      )}
      {list && list.entries.length === 0 && <p className="muted">{t("noHistory")}</p>}
      {list && list.entries.length > 0 && (
        <ul className="coin-history">
          {list.entries.map((entry) => (
            <HistoryItem key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      {list && pages > 1 && (
        <nav className="pagination" aria-label={t("pagination")}>
          <Button variant="secondary" disabled={page <= 1} onClick={() => goToPage(page - 1)}>
            {t("previous")}
          </Button>
          <span className="pagination-status">{t("pageOf", { page: list.page || page, pages })}</span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => goToPage(page + 1)}>
            {t("next")}
          </Button>
        </nav>
      )}
    </section>
  );
}
