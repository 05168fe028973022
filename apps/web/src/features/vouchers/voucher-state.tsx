import type { MemberVoucher } from "../../api/member-coins.ts";
import { formatDate, localized } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";

/** A voucher past its date is expired even before the scheme's nightly run says so. */
export const voucherState = (voucher: MemberVoucher, now = Date.now()): MemberVoucher["status"] =>
  voucher.status === "issued" && Date.parse(voucher.valid_until) < now ? "expired" : voucher.status;

/** Ready first (the soonest to expire on top), then the rest, newest first. */
export function sortVouchers(vouchers: MemberVoucher[]): MemberVoucher[] {
  const ready = vouchers.filter((item) => voucherState(item) === "issued");
  const rest = vouchers.filter((item) => voucherState(item) !== "issued");
  ready.sort((a, b) => Date.parse(a.valid_until) - Date.parse(b.valid_until));
  rest.sort((a, b) => Date.parse(b.issued_at) - Date.parse(a.issued_at));
  return [...ready, ...rest];
}

/** The voucher's state in words, with its date where it has one. */
export function VoucherStateText({ voucher }: { voucher: MemberVoucher }) {
  const { t } = useTranslation("vouchers");
  const state = voucherState(voucher);
  const text =
    state === "used" && voucher.used_at
      ? voucher.used_store_name
        ? t("state.usedAt", { date: formatDate(voucher.used_at), store: localized(voucher.used_store_name) })
        : t("state.usedOn", { date: formatDate(voucher.used_at) })
      : state === "cancelled" && voucher.cancelled_at
        ? t("state.cancelledOn", { date: formatDate(voucher.cancelled_at) })
        : state === "expired"
          ? t("state.expiredOn", { date: formatDate(voucher.valid_until) })
          : t(`state.${state}`);
  return <p className={`voucher-state voucher-state-${state}`}>{text}</p>;
}
