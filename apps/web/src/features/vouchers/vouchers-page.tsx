import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { vouchersQuery } from "../../api/member-coins.ts";
import { FetchStatus } from "../../components/fetch-status.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { formatDate, formatHkd, localized } from "../../lib/format.ts";
import { loadLazyTexts, useTranslation } from "../../lib/i18n.ts";
import { paths } from "../../lib/paths.ts";
import { queryClient } from "../../lib/query-client.ts";
import { waitForData } from "../../lib/wait-for-data.ts";
import { sortVouchers, VoucherStateText, voucherState } from "./voucher-state.tsx";

/** The route's loader: the texts and the member's vouchers. */
export const loader = () =>
  Promise.all([loadLazyTexts(), waitForData(queryClient.ensureQueryData(vouchersQuery()))]);

/** `/vouchers` (login required): the member's vouchers, those ready to use first. */
export function Component() {
  const { t } = useTranslation(["vouchers", "common"]);
  const vouchers = useQuery(vouchersQuery());
  return (
    <PageFrame title={t("vouchers:titles.vouchers")}>
      {vouchers.data ? (
        vouchers.data.length === 0 ? (
          <div className="card">
            <p>{t("empty")}</p>
            <Link className="button button-primary" to={paths.rewards}>
              {t("browseRewards")}
            </Link>
          </div>
        ) : (
          <ul className="voucher-list">
            {sortVouchers(vouchers.data).map((voucher) => (
              <li
                key={voucher.code}
                className={`card voucher-card${voucherState(voucher) === "issued" ? "" : " voucher-card-inactive"}`}
              >
                <h2 className="voucher-card-title">
                  <Link to={paths.voucher(voucher.code)}>{localized(voucher.title)}</Link>
                </h2>
                {voucher.value_amount && (
                  <p className="voucher-value">{t("value", { amount: formatHkd(voucher.value_amount) })}</p>
                )}
                <p className="muted">{t("validUntil", { date: formatDate(voucher.valid_until) })}</p>
                <VoucherStateText voucher={voucher} />
              </li>
            ))}
          </ul>
        )
      ) : (
        <FetchStatus
          loading={vouchers.isPending}
          error={vouchers.error}
          retryLabel={t("retry")}
          onRetry={() => vouchers.refetch()}
        />
      )}
    </PageFrame>
  );
}
