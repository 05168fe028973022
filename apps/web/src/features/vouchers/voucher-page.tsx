import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { type MemberVoucher, vouchersQuery } from "../../api/member-coins.ts";
import { FetchStatus } from "../../components/fetch-status.tsx";
import { PageFrame } from "../../components/page-frame.tsx";
import { useQrImage } from "../../components/use-qr-image.ts";
import { formatDate, formatHkd, localized } from "../../lib/format.ts";
import { loadLazyTexts, useTranslation } from "../../lib/i18n.ts";
import { paths } from "../../lib/paths.ts";
import { queryClient } from "../../lib/query-client.ts";
import { waitForData } from "../../lib/wait-for-data.ts";
import { VoucherStateText, voucherState } from "./voucher-state.tsx";

/** The route's loader: the texts and the member's vouchers (the list holds each voucher whole). */
export const loader = () =>
  Promise.all([loadLazyTexts(), waitForData(queryClient.ensureQueryData(vouchersQuery()))]);

const QR_WIDTH = 200;

/** The code in groups of four, as a cashier reads it out: E01A 8W57 20SN NA7V (the scheme writes E01A-8W57-…). */
export const groupedCode = (code: string) =>
  code
    .replace(/[\s-]/g, "")
    .match(/.{1,4}/g)
    ?.join(" ") ?? code;

/** `/vouchers/:code` (login required): the voucher to show at the till, or its state when it can no longer be used. */
export function Component() {
  const { t } = useTranslation(["vouchers", "common"]);
  const { code = "" } = useParams();
  const vouchers = useQuery(vouchersQuery());
  const voucher = vouchers.data?.find((item) => item.code === code);
  return (
    <PageFrame title={voucher ? localized(voucher.title) : t("vouchers:titles.voucher")}>
      {voucher ? (
        <VoucherDetail voucher={voucher} />
      ) : vouchers.data ? (
        <p role="alert">{t("notFound")}</p>
      ) : (
        <FetchStatus
          loading={vouchers.isPending}
          error={vouchers.error}
          retryLabel={t("retry")}
          onRetry={() => vouchers.refetch()}
        />
      )}
      <p>
        <Link to={paths.vouchers}>{t("allVouchers")}</Link>
      </p>
    </PageFrame>
  );
}

function VoucherDetail({ voucher }: { voucher: MemberVoucher }) {
  const { t } = useTranslation("vouchers");
  const usable = voucherState(voucher) === "issued";
  const stores = voucher.stores.map((store) => (store.name ? localized(store.name) : store.store_code));
  return (
    <div className={`card voucher-detail${usable ? "" : " voucher-card-inactive"}`}>
      {usable ? <VoucherQr code={voucher.code} /> : <VoucherStateText voucher={voucher} />}
      <p className="voucher-code">
        <span className="visually-hidden">{t("codeLabel")} </span>
        {groupedCode(voucher.code)}
      </p>
      <dl className="voucher-facts">
        {voucher.value_amount && (
          <>
            <dt>{t("valueLabel")}</dt>
            <dd>{formatHkd(voucher.value_amount)}</dd>
          </>
        )}
        <dt>{t("validStores")}</dt>
        <dd>{stores.length > 0 ? stores.join(t("listSeparator")) : t("allStores")}</dd>
        <dt>{t("validUntilLabel")}</dt>
        <dd>{formatDate(voucher.valid_until)}</dd>
        {usable && (
          <>
            <dt>{t("stateLabel")}</dt>
            <dd>
              <VoucherStateText voucher={voucher} />
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}

function VoucherQr({ code }: { code: string }) {
  const { t } = useTranslation("vouchers");
  const image = useQrImage(code);
  return (
    <>
      <p className="page-intro">{t("instruction")}</p>
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
    </>
  );
}
